import { queryOptions } from '@tanstack/react-query'
import type { Kit } from '../core'
import { isKitError } from '../core/errors'

/** Only a failure to reach the proxy is worth retrying; a proxy's refusal will not change by itself. */
const MAX_RETRIES = 2

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
    queryFn: ({ signal }) => kit.client.walletKitConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: (failureCount: number, error: Error) =>
      failureCount < MAX_RETRIES &&
      (isKitError(error, 'PROXY_UNAVAILABLE') || isKitError(error, 'PROXY_TIMEOUT')),
  })
}
