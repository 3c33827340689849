'use client'
import { useState } from 'react'
import { useIsomorphicLayoutEffect } from '../ui/useIsomorphicLayoutEffect'
import type { SessionStatus } from '../../react'

/**
 * Calls `close` once a sign-in completes while the flow is on screen: the session goes from signed out
 * (or a provider's answer being exchanged: `returning`) to signed in. A flow opened already signed in
 * ("Account") stays, and so does one whose session was only being read from storage. Returns true in
 * the render that closes: the flow shows no "Your account" then (whose wallet queries nobody would see).
 */
export function useCloseOnSignIn(status: SessionStatus, returning: boolean, close: (() => void) | undefined): boolean {
  const [signingIn, setSigningIn] = useState(false)
  if ((status === 'signedOut' || returning) && !signingIn) setSigningIn(true)
  const closing = signingIn && status === 'signedIn' && close !== undefined
  // Before paint: nothing of the signed-in view is ever seen on the way out.
  useIsomorphicLayoutEffect(() => {
    if (!closing) return
    setSigningIn(false)
    close()
  }, [closing])
  return closing
}
