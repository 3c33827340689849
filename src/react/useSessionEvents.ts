'use client'
import { useEffect, type RefObject } from 'react'
import type { Kit, SessionSnapshot } from '../core'
import type { AuthProxyCallbacks } from './context'

/**
 * The provider's onSignIn and onSignOut, from the session store: whatever signed the person in or out
 * (the modal, a hook, an OAuth redirect, another tab, the session's expiry) is heard once, here. A
 * session read from storage on load is not a sign-in (it is the same person coming back), nor is a
 * refreshed session (the same user, a new token).
 */
export function useSessionEvents(kit: Kit, callbacks: RefObject<AuthProxyCallbacks>): void {
  useEffect(() => {
    let previous: SessionSnapshot = kit.session.getSnapshot()
    return kit.session.subscribe(() => {
      const next = kit.session.getSnapshot()
      const before = previous
      previous = next
      if (next.status === 'loading' || before.status === 'loading') return
      const wasIn = before.status === 'signedIn' ? before.session : null
      const isIn = next.status === 'signedIn' ? next.session : null
      if (wasIn && (!isIn || isIn.userId !== wasIn.userId)) callbacks.current?.onSignOut?.()
      if (isIn && (!wasIn || isIn.userId !== wasIn.userId)) callbacks.current?.onSignIn?.(isIn)
    })
  }, [kit, callbacks])
}
