'use client'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { chunks } from '../chunks'
import type { PublicUser } from '../core'
import type { KitError } from '../core/errors'
import { accountQueryKey } from './accountQueryKey'
import { retryAccountQuery, runAccountQuery } from './accountQueryOptions'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useSession } from './useSession'

export interface UseUserParameters {
  /** Default true; the query never runs while signed out whatever this says. */
  enabled?: boolean | undefined
}

export type UseUserReturnType = UseQueryResult<PublicUser, KitError>

/**
 * The signed-in user (core getUser: get_user stamped by the session key) as a react-query query, keyed
 * by organization, user and session key: `['auth-proxy-kit', configId, 'account', 'user', organizationId,
 * userId, publicKey]`. Disabled (status 'pending', not fetching) while signed out. The wallet chunk
 * loads when it first runs. Not retried on STAMP_REFUSED or NOT_SIGNED_IN.
 */
export function useUser(parameters: UseUserParameters = {}): UseUserReturnType {
  const { kit } = useAuthProxyContext('useUser')
  const { session } = useSession()
  return useQuery<PublicUser, KitError>({
    queryKey: accountQueryKey(kit, 'user', session),
    queryFn: ({ signal }) =>
      runAccountQuery(kit, session, 'useUser', async () => (await chunks.wallet.load()).getUser(kit, { signal })),
    enabled: session !== null && parameters.enabled !== false,
    retry: retryAccountQuery,
    // A person's names and contacts change rarely; a focus or a remount within the minute asks nothing.
    staleTime: 60_000,
  })
}
