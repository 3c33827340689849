// The redirect round trip's second half: the page the provider sent the browser back to. Loaded only
// on a page that looks like a provider's answer (mayBeOAuthCallback), so its code imports the
// completion statically.
import type { Kit } from '../createKit'
import { isKitError, KitError } from '../errors'
import { completeOAuth, type CompleteOAuthReturnType } from './completeOAuth'
import type { ReadableStore } from '../contracts'
import { createStore } from '../store'
import { isOAuthCallback, parseOAuthCallback } from './callbackUrl'
import { returnAddress } from './returnTo'
import { resolveKitOAuth } from './kitOAuth'
import type { OAuthWindow } from './oauthWindow'
import { pendingOAuthKey, readPendingOAuth, type OAuthMode } from './pendingOAuth'
import {
  clearPendingOAuthRedirect,
  loadPendingOAuthRedirect,
  type PendingOAuthRedirectStorage,
} from './pendingOAuthRedirect'
import { oauthAnswerOwner } from './openOAuthPopup'
import type { OAuthProviderName } from './providerNames'

export type OAuthRedirectStatus = 'idle' | 'completing' | 'success' | 'error'

export interface OAuthRedirectSnapshot {
  /** 'completing' from the moment the page is found to be a provider's answer until the session is stored. */
  readonly status: OAuthRedirectStatus
  /** OAUTH_CANCELLED when the person said no at the provider, OAUTH_STATE_MISMATCH, the proxy's, ... */
  readonly error: KitError | null
  readonly result: CompleteOAuthReturnType | undefined
  /** The provider the tab left for, when known: what "Try again" goes back to. */
  readonly provider: OAuthProviderName | undefined
}

/** Every page that is not a provider's answer (and the server's snapshot). */
export const OAUTH_REDIRECT_IDLE: OAuthRedirectSnapshot = Object.freeze({
  status: 'idle',
  error: null,
  result: undefined,
  provider: undefined,
})

export interface HandleOAuthRedirectOptions {
  /** The page: its address is read, and cleaned. */
  page: OAuthWindow
  /** Where the tab's redirect marker is (savePendingOAuthRedirect); null where there is no sessionStorage. */
  flowStorage: PendingOAuthRedirectStorage | null
}

export interface OAuthRedirect extends ReadableStore<OAuthRedirectSnapshot> {
  /**
   * When the page is a provider's answer to a redirect sign-in this tab started, completes it: the
   * address bar is cleaned at once (whatever happens next, no code or state stays in history,
   * bookmarks or a Referer, and a reload cannot send a spent code again), the snapshot says
   * 'completing', and the exchange runs. Returns whether the page was such an answer.
   *
   * Left alone: the sign-in popup (its opener reads the answer from its URL; told apart from a tab
   * that merely has an opener by oauthAnswerOwner), an answer already
   * claimed (StrictMode's second mount: a second completion would be refused as a replay), and a
   * `?code=&state=` no sign-in of this tab is waiting for (the app's own).
   */
  handle(options: HandleOAuthRedirectOptions): boolean
  /** Forgets a finished completion (success or error), e.g. once its message has been seen. A completion under way is kept. */
  reset(): void
}

/** A redirect round trip's store for `kit`. Prefer oauthRedirect(kit), which keeps one per kit. */
export function createOAuthRedirect(kit: Kit): OAuthRedirect {
  const store = createStore<OAuthRedirectSnapshot>(OAUTH_REDIRECT_IDLE)
  const claimed = new Set<string>()

  const complete = async (callbackUrl: string, page: OAuthWindow, elsewhere: string | undefined) => {
    try {
      // completeOAuth reads the config itself, as a check only: a config failure does not stop it.
      const result = await completeOAuth(kit, { callbackUrl, mode: 'redirect' })
      store.setState({ status: 'success', error: null, result, provider: result.provider })
      // The page the person left is another of this site's: signed in, it is where they go (the
      // answer's page is not kept in history).
      if (elsewhere !== undefined) (page.location.replace ?? page.location.assign).call(page.location, elsewhere)
    } catch (error) {
      // completeOAuth throws KitError only; anything else (a bug in an injected fetch) still gets a code and copy.
      const kitError = isKitError(error)
        ? error
        : new KitError('PROXY_ERROR', `Unexpected error: ${String(error)}`, { cause: error })
      store.setState((previous) => ({ ...previous, status: 'error', error: kitError, result: undefined }))
    }
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    handle({ page, flowStorage }) {
      const callbackUrl = page.location.href
      if (!isOAuthCallback(callbackUrl)) return false
      // Before the marks of a pending sign-in are looked at: claiming the answer spends them.
      if (claimed.has(callbackUrl)) return true
      const { configId } = kit.client
      const redirect = loadPendingOAuthRedirect(flowStorage, configId, kit.now())
      // Not "has an opener": a redirect in a tab opened by window.open must complete too (oauthAnswerOwner).
      const pending = pendingOf(kit, callbackUrl)
      const owner = oauthAnswerOwner(page, {
        pendingMode: pending.mode,
        unmatchedMark: redirect !== undefined || pending.unreadable,
      })
      if (owner !== 'redirect') return false
      claimed.add(callbackUrl)

      clearPendingOAuthRedirect(flowStorage, configId)
      // The page the person left, with its query and fragment, when the answer came back to it.
      const { address, elsewhere } = returnAddress(pending.returnTo, callbackUrl)
      page.history.replaceState(page.history.state, '', address)
      store.setState({ status: 'completing', error: null, result: undefined, provider: redirect?.provider })
      void complete(callbackUrl, page, elsewhere)
      return true
    },
    reset() {
      // A completion under way is not the caller's to drop: its session is about to be stored.
      if (store.getSnapshot().status !== 'completing') store.setState(OAUTH_REDIRECT_IDLE)
    },
  }
}

// One per kit, outside React: StrictMode mounts the provider twice, and both mounts (and every
// component reading the state) must see the one completion.
const perKit = new WeakMap<Kit, OAuthRedirect>()

/** The redirect round trip of `kit`'s page: the same store on every call. */
export function oauthRedirect(kit: Kit): OAuthRedirect {
  let store = perKit.get(kit)
  if (store === undefined) {
    store = createOAuthRedirect(kit)
    perKit.set(kit, store)
  }
  return store
}

interface PendingOf {
  mode: OAuthMode | undefined
  /** Where the sign-in started (StartOAuthParameters.returnTo). */
  returnTo: string | undefined
  /** A record is there, but unreadable. */
  unreadable: boolean
}

/** What this tab's pending sign-in with the answer's state says: its mode and where it started. */
function pendingOf(kit: Kit, callbackUrl: string): PendingOf {
  const none = { mode: undefined, returnTo: undefined, unreadable: false }
  const state = parseOAuthCallback(callbackUrl)?.state
  if (state === undefined) return none
  try {
    const { storage } = resolveKitOAuth(kit.oauth, kit.client.proxyUrl)
    const record = readPendingOAuth(storage, kit.client.configId, state)
    return {
      mode: record?.mode,
      returnTo: record?.returnTo,
      unreadable: record === undefined && storage.getItem(pendingOAuthKey(kit.client.configId, state)) !== null,
    }
  } catch {
    return none
  }
}
