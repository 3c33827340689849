'use client'
import { useEffect, useId, useSyncExternalStore } from 'react'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface UseLoginModalHostReturnType {
  /** This host shows the modal now: render it open. */
  isOpen: boolean
  /** Opens the modal in this host (its button was pressed). */
  open(): void
  close(): void
}

/**
 * A component that can show the login modal (LoginButton, `<LoginModal />` without `open`, or your own):
 * useLoginModal().open() opens it in the first host mounted; a host's own open() in that host. One modal
 * shows at a time, whichever host opened it.
 */
export function useLoginModalHost(
  /** False: not a host now (a controlled LoginModal, whose `open` prop decides); useLoginModal() opens the others. */
  enabled = true,
): UseLoginModalHostReturnType {
  const { loginModal } = useAuthProxyContext('useLoginModalHost')
  const host = useId()
  useEffect(() => (enabled ? loginModal.register(host) : undefined), [loginModal, host, enabled])
  const isOpen = useSyncExternalStore(
    loginModal.subscribe,
    () => loginModal.getSnapshot().host === host,
    () => false,
  )
  return { isOpen, open: () => void loginModal.open(host), close: loginModal.close }
}
