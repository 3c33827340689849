'use client'
import { useSyncExternalStore } from 'react'
import { passkeysSupported } from '../core/passkey/passkeysSupported'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface UsePasskeySupportReturnType {
  /** False when this browser has no WebAuthn (and on the server): offer another way in rather than a button that can only fail. */
  isSupported: boolean
}

const subscribeToNothing = () => () => {}
const getServerSupport = () => false

/** Whether passkeys can be offered here, without loading the passkey code. */
export function usePasskeySupport(): UsePasskeySupportReturnType {
  const { kit } = useAuthProxyContext('usePasskeySupport')
  // Support never changes while the page lives; the server snapshot (false) keeps hydration stable.
  const isSupported = useSyncExternalStore(subscribeToNothing, () => passkeysSupported(kit.webauthn), getServerSupport)
  return { isSupported }
}
