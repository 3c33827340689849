'use client'
import type { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Kit } from '../core'
import { accountQueryPrefix } from './accountQueryKey'

/**
 * Removes the account queries (useUser, useWallets) that are not the current session's: on sign-out, and
 * when the session's user or key changes (another person signs in, in this tab or another). A refresh
 * keeps them: same user, same key. The cache then never holds another person's wallets.
 */
export function useStaleAccountQueryRemoval(kit: Kit, queryClient: QueryClient): void {
  useEffect(() => {
    const remove = () => {
      const { status, session: s } = kit.session.getSnapshot()
      if (status !== 'loading') {
        queryClient.removeQueries({
          queryKey: accountQueryPrefix(kit),
          // Keys end with organizationId, userId, publicKey (accountQueryKey).
          predicate: ({ queryKey: k }) => !s || k[4] !== s.organizationId || k[5] !== s.userId || k[6] !== s.publicKey,
        })
      }
    }
    remove()
    return kit.session.subscribe(remove)
  }, [kit, queryClient])
}
