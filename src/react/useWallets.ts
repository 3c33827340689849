'use client'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { chunks } from '../chunks'
import type { WalletWithAccounts } from '../core'
import type { KitError } from '../core/errors'
import { accountQueryKey } from './accountQueryKey'
import { retryAccountQuery, runAccountQuery } from './accountQueryOptions'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useSession } from './useSession'

export interface UseWalletsParameters {
  /** Default true; the query never runs while signed out whatever this says. */
  enabled?: boolean | undefined
}

export type UseWalletsReturnType = UseQueryResult<WalletWithAccounts[], KitError>

/**
 * The signed-in user's wallets with their accounts (core getWallets) as a react-query query, keyed
 * `['auth-proxy-kit', configId, 'account', 'wallets', organizationId, userId, publicKey]`. Disabled
 * while signed out; the wallet chunk loads when it first runs. Not retried on STAMP_REFUSED or NOT_SIGNED_IN.
 */
export function useWallets(parameters: UseWalletsParameters = {}): UseWalletsReturnType {
  const { kit } = useAuthProxyContext('useWallets')
  const { session } = useSession()
  return useQuery<WalletWithAccounts[], KitError>({
    queryKey: accountQueryKey(kit, 'wallets', session),
    queryFn: ({ signal }) =>
      runAccountQuery(kit, session, 'useWallets', async () => (await chunks.wallet.load()).getWallets(kit, { signal })),
    enabled: session !== null && parameters.enabled !== false,
    retry: retryAccountQuery,
    staleTime: 60_000,
  })
}
