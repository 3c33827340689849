'use client'
import { useMemo } from 'react'
import type { OAuthProviderName } from '../core'
import { isOAuthProviderName } from '../core/oauth/providerNames'
import type { EnabledProvider, WalletKitConfigResponse } from '../core/types'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useLoginMethods } from './useLoginMethods'
import { useWalletKitConfig } from './useWalletKitConfig'

const selectClientIds = (config: WalletKitConfigResponse) => config.oauthClientIds

/**
 * The OAuth providers to offer, in the app's order: among useLoginMethods(), those the tenant gave a
 * client id (a provider enabled without one cannot start a sign-in). Undefined until the config has loaded.
 * `only` replaces the provider's `methods` prop, as for useLoginMethods.
 */
export function useOAuthProviders(only?: readonly EnabledProvider[]): OAuthProviderName[] | undefined {
  // First: outside a provider, the error names this hook rather than useLoginMethods.
  useAuthProxyContext('useOAuthProviders')
  const methods = useLoginMethods(only)
  const clientIds = useWalletKitConfig({ select: selectClientIds }).data
  return useMemo(
    () =>
      methods?.filter((method): method is OAuthProviderName => {
        if (!isOAuthProviderName(method)) return false
        const clientId = clientIds?.[method]
        return typeof clientId === 'string' && clientId !== ''
      }),
    [methods, clientIds],
  )
}
