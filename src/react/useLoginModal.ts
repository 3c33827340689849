'use client'
import { useSyncExternalStore } from 'react'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface UseLoginModalReturnType {
  /** Whether the kit's login modal is open (Escape, the close button and "Done" close it). */
  isOpen: boolean
  /**
   * Opens the login modal that a LoginButton or a `<LoginModal />` (one, without `open`) mounted below the
   * provider shows. Signed in, it shows "Your account", as the kit's button does. Without such a host
   * nothing opens, and a console error names the fix.
   */
  open(): void
  close(): void
}

const closed = () => false

/** Opens and closes the kit's login modal from anywhere below the provider (RainbowKit's useConnectModal). */
export function useLoginModal(): UseLoginModalReturnType {
  const { loginModal } = useAuthProxyContext('useLoginModal')
  const isOpen = useSyncExternalStore(loginModal.subscribe, () => loginModal.getSnapshot().isOpen, closed)
  return {
    isOpen,
    open: () => {
      if (!loginModal.open()) {
        console.error(
          'useLoginModal().open(): no login modal is mounted. Render <LoginButton /> or <LoginModal /> (without `open`) once inside <AuthProxyProvider>, or open your own <LoginModal open={…}> instead.',
        )
      }
    },
    close: loginModal.close,
  }
}
