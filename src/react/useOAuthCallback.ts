import { useSyncExternalStore } from 'react'
import { oauthCallbackStore, type OAuthCallbackSnapshot } from './oauthCallbackStore'
import { useKit } from './useKit'

export type { OAuthCallbackSnapshot, OAuthCallbackStatus } from './oauthCallbackStore'

export interface UseOAuthCallbackReturnType extends OAuthCallbackSnapshot {
  /** Forgets a finished completion (success or error), e.g. once its message has been seen. */
  reset(): void
}

/**
 * The redirect sign-in AuthProxyProvider completes when the page loads on a provider's answer:
 * 'completing' while the code is exchanged, then 'success' (the session is stored) or 'error' (with
 * the KitError to show: OAUTH_CANCELLED when the person said no at the provider, OAUTH_STATE_MISMATCH
 * for an answer this tab did not ask for, ...). 'idle' on every other page.
 */
export function useOAuthCallback(): UseOAuthCallbackReturnType {
  const store = oauthCallbackStore(useKit())
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  const reset = () => {
    // A completion under way is not the caller's to drop: its session is about to be stored.
    if (store.getSnapshot().status !== 'completing') store.set({ status: 'idle', error: null, result: undefined })
  }
  return { ...snapshot, reset }
}
