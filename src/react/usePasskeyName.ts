'use client'
import { useAuthProxyContext } from './useAuthProxyContext'

/**
 * The name the app gives passkey sign-ups (the provider's `passkeyName`), or undefined: then the UI asks
 * the person for one (their email, phone or name), since signUpWithPasskey requires it.
 */
export function usePasskeyName(): string | undefined {
  return useAuthProxyContext('usePasskeyName').passkeyName
}
