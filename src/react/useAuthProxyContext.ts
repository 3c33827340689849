'use client'
import { useContext } from 'react'
import { AuthProxyContext, type AuthProxyContextValue } from './context'

/** The provider's value; throws a developer error naming the fix when there is no provider. */
export function useAuthProxyContext(hookName: string): AuthProxyContextValue {
  const value = useContext(AuthProxyContext)
  if (value === null) {
    throw new Error(
      `${hookName} must be used inside <AuthProxyProvider>: wrap your app in <AuthProxyProvider proxyUrl="…" configId="…"> (inside a <QueryClientProvider>).`,
    )
  }
  return value
}
