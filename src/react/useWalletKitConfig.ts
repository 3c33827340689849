import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { KitError } from '../core/errors'
import type { WalletKitConfigResponse } from '../core/types'
import { useKit } from './useKit'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

export type UseWalletKitConfigReturnType = UseQueryResult<WalletKitConfigResponse, KitError>

/** The tenant's `wallet_kit_config` (enabled methods, OTP format), cached for the page's life. */
export function useWalletKitConfig(): UseWalletKitConfigReturnType {
  // The client only throws KitError; the cast narrows react-query's default `Error`.
  return useQuery(walletKitConfigQueryOptions(useKit())) as UseWalletKitConfigReturnType
}
