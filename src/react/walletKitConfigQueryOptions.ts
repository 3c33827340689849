import { queryOptions } from '@tanstack/react-query'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'
import type { WalletKitConfigResponse } from '../core/types'

export function walletKitConfigQueryKey(kit: Kit) {
  return ['auth-proxy-kit', 'wallet_kit_config', kit.client.proxyUrl, kit.client.configId] as const
}

/**
 * The tenant's configuration as a query: shared by the provider's prefetch, the hook and tests, the way
 * TanStack's `queryOptions` factories are. Core's config store (`kit.config`) does the asking: once per
 * kit, with its own retries on a proxy out of reach; react-query holds the result for React and never
 * retries or refetches on its own (never stale, never collected: the modal mounting minutes later reads
 * the same answer). A config the kit already holds (a flow asked first) is the query's initial data.
 */
export function walletKitConfigQueryOptions(kit: Kit) {
  return queryOptions<WalletKitConfigResponse, KitError>({
    queryKey: walletKitConfigQueryKey(kit),
    queryFn: () => kit.config.ensure(),
    initialData: () => {
      const snapshot = kit.config.getSnapshot()
      return snapshot.status === 'success' ? snapshot.data : undefined
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
