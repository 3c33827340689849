'use client'
import { useRef } from 'react'
import { useIsomorphicLayoutEffect } from '../ui/useIsomorphicLayoutEffect'
import type { SessionStatus } from '../../react'

/**
 * Calls `close` once a sign-in completes while the flow is on screen: the session goes from signed out
 * (or a provider's answer being exchanged: `returning`) to signed in. A flow opened already signed in
 * ("Account") stays, and so does one whose session was only being read from storage.
 */
export function useCloseOnSignIn(status: SessionStatus, returning: boolean, close: (() => void) | undefined): void {
  const signingIn = useRef(false)
  // Before paint: "Your account" is not flashed on the way out.
  useIsomorphicLayoutEffect(() => {
    if (status === 'signedOut' || returning) signingIn.current = true
    else if (status === 'signedIn' && signingIn.current) {
      signingIn.current = false
      close?.()
    }
  }, [status, returning, close])
}
