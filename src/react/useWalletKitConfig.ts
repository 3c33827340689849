import { useQueryClient, type QueryClient, type QueryState } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'
import type { WalletKitConfigResponse } from '../core/types'
import { useKit } from './useKit'
import { walletKitConfigQueryKey, walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

interface WalletKitConfigCommon {
  /** A request is under way (the first one, a retry, or refetch()). */
  isFetching: boolean
  /** Asks again, e.g. from a "Try again" button after a failure. Never rejects: the outcome is in the state. */
  refetch(): Promise<void>
}

/** The config's state, narrowed by `status` (or isPending / isError / isSuccess) like react-query's results. */
export type UseWalletKitConfigReturnType = WalletKitConfigCommon &
  (
    | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
    /** The last failure to load it (after the retries), until a new attempt succeeds. */
    | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: WalletKitConfigResponse | undefined; error: KitError }
    /** Kept for the page's life. */
    | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: WalletKitConfigResponse; error: null }
  )

type ConfigState = QueryState<WalletKitConfigResponse, KitError>

/**
 * The config's query in the QueryClient (the provider prefetches it), read with useSyncExternalStore.
 * The kit reads one query that never goes stale, so it subscribes to the query cache itself rather
 * than through useQuery: a host app that uses only QueryClientProvider then does not load react-query's
 * query observer for the kit.
 */
function useConfigQuery<T>(select: (state: ConfigState | undefined) => T): { kit: Kit; queryClient: QueryClient; selected: T } {
  const kit = useKit()
  const queryClient = useQueryClient()
  const queryHash = useMemo(() => queryClient.defaultQueryOptions(walletKitConfigQueryOptions(kit)).queryHash, [queryClient, kit])
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe((event) => event.query.queryHash === queryHash && listener()),
    [queryClient, queryHash],
  )
  const read = () => select(queryClient.getQueryCache().get(queryHash)?.state as ConfigState | undefined)
  const selected = useSyncExternalStore(subscribe, read, read)
  // Like useQuery on mount: fetch unless the config is here or on its way (a failed load is tried again).
  useEffect(() => {
    const state = queryClient.getQueryCache().get(queryHash)?.state
    if (state?.data === undefined && state?.fetchStatus !== 'fetching') {
      void queryClient.prefetchQuery(walletKitConfigQueryOptions(kit))
    }
  }, [queryClient, queryHash, kit])
  return { kit, queryClient, selected }
}

const selectData = (state: ConfigState | undefined) => state?.data
const selectState = (state: ConfigState | undefined) => state

/** The config's data alone: re-renders only when the config arrives. */
export function useWalletKitConfigData(): WalletKitConfigResponse | undefined {
  return useConfigQuery(selectData).selected
}

/** The tenant's `wallet_kit_config` (enabled methods, OTP format), fetched once per page load. */
export function useWalletKitConfig(): UseWalletKitConfigReturnType {
  const { kit, queryClient, selected: state } = useConfigQuery(selectState)
  return useMemo(() => {
    const status = state?.status ?? 'pending'
    return {
      data: state?.data,
      error: state?.error ?? null,
      status,
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
      isFetching: state?.fetchStatus === 'fetching',
      refetch: () => queryClient.refetchQueries({ queryKey: walletKitConfigQueryKey(kit), exact: true, type: 'all' }),
    } as UseWalletKitConfigReturnType
  }, [state, queryClient, kit])
}
