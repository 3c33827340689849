import { queryOptions } from '@tanstack/react-query'
import type { Kit } from '../core'

export function walletKitConfigQueryKey(kit: Kit) {
  return ['auth-proxy-kit', 'wallet_kit_config', kit.client.proxyUrl, kit.client.configId] as const
}

/**
 * The tenant's configuration, fetched once per page load: shared by the provider's prefetch, the hook
 * and tests, the way TanStack's `queryOptions` factories are. Never stale and never collected, so that
 * no reader mounting later (the modal, minutes after the page loaded) fetches it again.
 */
export function walletKitConfigQueryOptions(kit: Kit) {
  return queryOptions({
    queryKey: walletKitConfigQueryKey(kit),
    // kit.config: one request per kit, shared with the flows that read the config themselves (OTP).
    queryFn: () => kit.config.ensure(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // kit.config retries a proxy it cannot reach (twice) itself.
    retry: false,
  })
}
