import type { CompleteOAuthReturnType, Kit, OAuthProviderName } from '../core'
import type { KitError } from '../core/errors'

export type OAuthCallbackStatus = 'idle' | 'completing' | 'success' | 'error'

export interface OAuthCallbackSnapshot {
  /** 'completing' from the moment the page is found to be a provider's answer until the session is stored. */
  status: OAuthCallbackStatus
  error: KitError | null
  result: CompleteOAuthReturnType | undefined
  /** The provider the tab left for, when known: what "Try again" goes back to. */
  provider: OAuthProviderName | undefined
}

export interface OAuthCallbackStore {
  getSnapshot(): OAuthCallbackSnapshot
  subscribe(listener: () => void): () => void
  set(next: Partial<OAuthCallbackSnapshot>): void
  /**
   * Claims `callbackUrl` for completion; false when it was claimed before. A callback is completed once
   * per page: a second attempt would be refused as a replay (the pending sign-in is single use).
   */
  claim(callbackUrl: string): boolean
}

const IDLE: OAuthCallbackSnapshot = { status: 'idle', error: null, result: undefined, provider: undefined }

function createOAuthCallbackStore(): OAuthCallbackStore {
  let snapshot = IDLE
  const listeners = new Set<() => void>()
  const claimed = new Set<string>()
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set: (next) => {
      snapshot = { ...snapshot, ...next }
      for (const listener of listeners) listener()
    },
    claim: (callbackUrl) => {
      if (claimed.has(callbackUrl)) return false
      claimed.add(callbackUrl)
      return true
    },
  }
}

// One store per kit, outside React state: StrictMode mounts the provider twice, and both mounts (and
// every component reading the state) must see the one completion.
const stores = new WeakMap<Kit, OAuthCallbackStore>()

export function oauthCallbackStore(kit: Kit): OAuthCallbackStore {
  let store = stores.get(kit)
  if (store === undefined) {
    store = createOAuthCallbackStore()
    stores.set(kit, store)
  }
  return store
}
