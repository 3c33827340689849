import { queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'
import type { WalletKitConfigResponse } from '../core/types'

export function walletKitConfigQueryKey(kit: Kit) {
  return ['auth-proxy-kit', 'wallet_kit_config', kit.client.proxyUrl, kit.client.configId] as const
}

/**
 * What walletKitConfigQueryOptions gives, named in react-query's public types as 5.0.0 has them: the
 * inferred type named @tanstack/query-core internals of the version the kit is built against
 * (`QueryKeyWithDataTag`, missing before 5.102), so that a host on react-query's lower bound type-checked
 * only under skipLibCheck, with the options silently `any`. Its key carries no data tag (DataTag's
 * parameters changed within 5.x): `getQueryData` on it is `unknown`.
 */
export type WalletKitConfigQueryOptions = UseQueryOptions<
  WalletKitConfigResponse,
  KitError,
  WalletKitConfigResponse,
  QueryKey
>

/**
 * The tenant's configuration as a query: shared by the provider's prefetch, the hook and tests, the way
 * TanStack's `queryOptions` factories are. Core's config store (`kit.config`) does the asking: once per
 * kit, with its own retries on a proxy out of reach; react-query holds the result for React and never
 * retries or refetches on its own (never stale, never collected: the modal mounting minutes later reads
 * the same answer). A config the kit already holds (a flow asked first) is the query's initial data.
 */
export function walletKitConfigQueryOptions(kit: Kit): WalletKitConfigQueryOptions {
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
