'use client'
import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect'

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
  /**
   * Told when this host's modal opens or closes, whoever did it (its own controls, useLoginModal()),
   * once per change; not for the state it mounts in (a defaultOpen opened before paint), as Radix's
   * uncontrolled Dialog.
   */
  onOpenChange?: (open: boolean) => void,
): UseLoginModalHostReturnType {
  const { loginModal } = useAuthProxyContext('useLoginModalHost')
  const host = useId()
  useEffect(() => (enabled ? loginModal.register(host) : undefined), [loginModal, host, enabled])
  const latestOnOpenChange = useRef(onOpenChange)
  useIsomorphicLayoutEffect(() => {
    latestOnOpenChange.current = onOpenChange
  })
  useEffect(() => {
    if (!enabled) return undefined
    // From the store's own changes, not from renders: a render's value can be one commit behind.
    let wasOpen = loginModal.getSnapshot().host === host
    return loginModal.subscribe(() => {
      const isOpen = loginModal.getSnapshot().host === host
      if (isOpen === wasOpen) return
      wasOpen = isOpen
      latestOnOpenChange.current?.(isOpen)
    })
  }, [loginModal, host, enabled])
  const isOpen = useSyncExternalStore(
    loginModal.subscribe,
    () => loginModal.getSnapshot().host === host,
    () => false,
  )
  // Stable, so that an effect may depend on it without running again on every render.
  const open = useCallback(() => void loginModal.open(host), [loginModal, host])
  return { isOpen, open, close: loginModal.close }
}
