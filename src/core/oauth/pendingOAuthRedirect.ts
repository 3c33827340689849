import { OAUTH_PENDING_TTL_MS } from './pendingOAuth'
import { isOAuthProviderName, type OAuthProviderName } from './providerNames'

// Which provider this tab left for, kept in the tab's storage across the redirect. It marks a callback
// as this tab's to complete (an app's own `?code=&state=` is left alone when no sign-in is under way)
// and lets "Try again" after a failed return go back to the same provider. No secret: the state and
// PKCE verifier are in kit.oauth's storage.
export interface PendingOAuthRedirect {
  provider: OAuthProviderName
  startedAt: number
}

/** Where the marker is kept: the tab's sessionStorage in a browser (null where there is none). */
export type PendingOAuthRedirectStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function storageKey(configId: string): string {
  return `auth-proxy-kit:${configId}:oauth-redirect`
}

export function savePendingOAuthRedirect(
  storage: PendingOAuthRedirectStorage | null,
  configId: string,
  provider: OAuthProviderName,
  now: number,
): void {
  try {
    storage?.setItem(storageKey(configId), JSON.stringify({ provider, startedAt: now } satisfies PendingOAuthRedirect))
  } catch {
    // Without it, a pending sign-in in kit.oauth's storage still marks the callback as ours; only the retry loses its provider.
  }
}

/** The stored redirect when it is well formed and younger than a pending sign-in lives; undefined otherwise. */
export function loadPendingOAuthRedirect(
  storage: PendingOAuthRedirectStorage | null,
  configId: string,
  now: number,
): PendingOAuthRedirect | undefined {
  try {
    const text = storage?.getItem(storageKey(configId))
    if (text === null || text === undefined) return undefined
    const value = JSON.parse(text) as Partial<PendingOAuthRedirect> | null
    if (
      typeof value === 'object' &&
      value !== null &&
      isOAuthProviderName(value.provider) &&
      typeof value.startedAt === 'number' &&
      now - value.startedAt <= OAUTH_PENDING_TTL_MS
    ) {
      return { provider: value.provider, startedAt: value.startedAt }
    }
  } catch {
    // Unreadable: treated as no redirect under way.
  }
  return undefined
}

export function clearPendingOAuthRedirect(storage: PendingOAuthRedirectStorage | null, configId: string): void {
  try {
    storage?.removeItem(storageKey(configId))
  } catch {
    // Nothing to do: a stale marker expires with the pending sign-in's life.
  }
}
