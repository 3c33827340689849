'use client'
import { useEffect, useMemo } from 'react'
import { isEnabledProvider, type EnabledProvider, type WalletKitConfigResponse } from '../core/types'
import { reportMethodsNotEnabled } from '../core/misconfiguration'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useWalletKitConfig } from './useWalletKitConfig'

const selectEnabledProviders = (config: WalletKitConfigResponse) => config.enabledProviders

/**
 * The login methods to offer, in the app's order: those the app asked for (`methods`, else the
 * provider's `methods` prop, else all) that the tenant enables. Undefined until the config has loaded.
 * A method the proxy lists but this kit does not know (production's list is string[]) is never offered.
 */
export function useLoginMethods(only?: readonly EnabledProvider[]): EnabledProvider[] | undefined {
  const context = useAuthProxyContext('useLoginMethods')
  const methods = only ?? context.methods
  const enabled = useWalletKitConfig({ select: selectEnabledProviders }).data
  // By content: an inline array prop is a new array on every render.
  const key = methods?.join()
  useEffect(() => {
    // A method the app asks for and the tenant lacks is left out without a word to the person; the developer hears why.
    if (process.env.NODE_ENV !== 'production' && methods && enabled) {
      reportMethodsNotEnabled(context.configId, methods, enabled)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `methods`, compared by content
  }, [enabled, key, context.configId])
  return useMemo(
    () =>
      enabled &&
      (methods
        ? [...new Set(methods)].filter((method) => enabled.includes(method))
        : enabled.filter(isEnabledProvider)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `methods`, compared by content
    [enabled, key],
  )
}
