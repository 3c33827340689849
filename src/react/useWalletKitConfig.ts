'use client'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { KitError } from '../core/errors'
import type { WalletKitConfigResponse } from '../core/types'
import { useAuthProxyContext } from './useAuthProxyContext'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

/**
 * react-query's result for the config (`status`, `data`, `error` as a KitError, `isPending`, `isError`,
 * `isSuccess`, `isFetching`, `refetch`), narrowed by `status` as react-query's results are.
 */
export type UseWalletKitConfigReturnType<TData = WalletKitConfigResponse> = UseQueryResult<TData, KitError>

export interface UseWalletKitConfigParameters<TData> {
  /** A part of the config: the component re-renders only when that part changes (react-query's select). */
  select?: ((config: WalletKitConfigResponse) => TData) | undefined
}

/** The tenant's `wallet_kit_config` (enabled methods, OTP format), fetched once per page load. */
export function useWalletKitConfig<TData = WalletKitConfigResponse>(
  parameters: UseWalletKitConfigParameters<TData> = {},
): UseWalletKitConfigReturnType<TData> {
  const { kit } = useAuthProxyContext('useWalletKitConfig')
  return useQuery({ ...walletKitConfigQueryOptions(kit), select: parameters.select })
}
