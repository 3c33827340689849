import type { Kit, Session } from '../core'

/** Every query about the signed-in account of a tenant starts with this. */
export function accountQueryPrefix(kit: Kit) {
  return ['auth-proxy-kit', kit.client.configId, 'account'] as const
}

/**
 * `['auth-proxy-kit', configId, 'account', what, organizationId, userId, publicKey]`: one entry per
 * session's user and key, so that another person's or another key's answer is never shown. A refresh
 * (same user, same key) keeps the entry. Signed out, the ids are null and the query is disabled.
 */
export function accountQueryKey(kit: Kit, what: 'user' | 'wallets', session: Session | null) {
  return [
    ...accountQueryPrefix(kit),
    what,
    session?.organizationId ?? null,
    session?.userId ?? null,
    session?.publicKey ?? null,
  ] as const
}
