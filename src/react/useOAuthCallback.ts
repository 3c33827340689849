'use client'
import { useSyncExternalStore } from 'react'
import { chunks } from '../chunks'
import type { OAuthRedirectSnapshot } from '../core'
import { LAZY_IDLE } from '../core/lazyModule'
import { useAuthProxyContext } from './useAuthProxyContext'

export type { OAuthRedirectSnapshot, OAuthRedirectStatus } from '../core'

export interface UseOAuthCallbackReturnType extends OAuthRedirectSnapshot {
  /** Forgets a finished completion (success or error), e.g. once its message has been seen. */
  reset(): void
}

// The store's initial snapshot, without its code: on every page that is no provider's answer, before
// the store is loaded, and on the server.
const IDLE: OAuthRedirectSnapshot = Object.freeze({
  status: 'idle',
  error: null,
  result: undefined,
  provider: undefined,
})
const getIdle = () => IDLE
const getLazyIdle = () => LAZY_IDLE
const subscribeToNothing = () => () => {}

/**
 * The redirect sign-in AuthProxyProvider completes when the page loads on a provider's answer
 * (core's oauthRedirect store): 'completing' while the answer is exchanged, then 'success' (the
 * session is stored) or 'error' (OAUTH_CANCELLED when the person said no at the provider,
 * OAUTH_STATE_MISMATCH for an answer this tab did not ask for, LOAD_FAILED when the completion's code
 * could not be fetched, ...). 'idle' on every other page.
 */
export function useOAuthCallback(): UseOAuthCallbackReturnType {
  const { kit } = useAuthProxyContext('useOAuthCallback')
  const chunk = useSyncExternalStore(chunks.oauthRedirect.subscribe, chunks.oauthRedirect.getSnapshot, getLazyIdle)
  const store = chunk.module?.oauthRedirect(kit)
  const snapshot = useSyncExternalStore(store?.subscribe ?? subscribeToNothing, store?.getSnapshot ?? getIdle, getIdle)
  if (chunk.status === 'error') {
    // Only a page that looked like an answer loads it: that answer is lost with it. Dismissing loads
    // the code again (for the next time), and shows the sign-in methods meanwhile.
    return {
      status: 'error',
      error: chunk.error,
      result: undefined,
      provider: undefined,
      reset: () => void chunks.oauthRedirect.load().catch(() => undefined),
    }
  }
  return { ...snapshot, reset: () => store?.reset() }
}
