import { useMemo } from 'react'
import type { EnabledProvider } from '../core/types'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useWalletKitConfigData } from './useWalletKitConfig'

/**
 * The login methods to offer, in the app's order: those the app asked for (all by default) that the
 * tenant enables. Undefined until the config has loaded.
 */
export function useLoginMethods(): EnabledProvider[] | undefined {
  const { methods } = useAuthProxyContext('useLoginMethods')
  const enabled = useWalletKitConfigData()?.enabledProviders
  return useMemo(
    () => enabled && (methods ? [...new Set(methods)].filter((method) => enabled.includes(method)) : [...enabled]),
    [enabled, methods],
  )
}
