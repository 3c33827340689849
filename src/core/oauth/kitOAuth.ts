import { memoryStorage } from '../session/memoryStorage'
import { workingStorage } from '../workingStorage'
import { announcedMockEndpoints } from './mockAnnouncement'
import type { OAuthProviderName, OAuthTokenUrls } from './providerNames'

export type { OAuthTokenUrls } from './providerNames'

/**
 * Where a pending sign-in waits for the provider's answer. `key` and `length` (as on Storage) let
 * startOAuth find abandoned sign-ins and delete their keys; without them those keys stay until logout.
 */
export type OAuthStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> &
  Partial<Pick<Storage, 'key' | 'length'>>

/** The page's address: read when a flow starts, for the default redirect URI. */
export interface OAuthLocation {
  readonly href: string
}

/**
 * createKit's OAuth options. All optional: the defaults are the platform's. They are checked when an
 * OAuth flow first uses them (a wrong one makes startOAuth, completeOAuth or cancelOAuth throw
 * CONFIG_INVALID naming the option), not by createKit.
 */
export interface KitOAuthOptions {
  /**
   * Authorization endpoints that replace the providers' own, by provider: absolute URLs, or in a browser
   * paths on the page's origin. On a page the mock's Vite plugin serves, the kit whose proxyUrl is that
   * mock's takes the mock's own unless given these (mockAnnouncement.ts); elsewhere a kit on the mock
   * passes mockOAuthEndpoints(proxyUrl) from auth-proxy-kit/mock.
   */
  oauthAuthorizeUrls?: Partial<Record<OAuthProviderName, string>> | undefined
  /**
   * Token endpoints that replace the providers' own. Facebook's code is redeemed by the browser, at
   * https://graph.facebook.com/v11.0/oauth/access_token by default; on the mock, as oauthAuthorizeUrls.
   */
  oauthTokenUrls?: OAuthTokenUrls | undefined
  /**
   * Where the pending sign-in (state, PKCE verifier, key) is kept during the round trip. Default
   * sessionStorage: it survives the redirect and belongs to one tab, so two tabs signing in at once do
   * not see each other's flows. Falls back to memory, which only the popup mode can use.
   */
  oauthStorage?: OAuthStorage | undefined
  /** Default globalThis.location; gives the default redirect URI (its origin and path). */
  location?: OAuthLocation | undefined
}

/** What a kit keeps for its OAuth flows: createKit's OAuth options, and its fetch (for a token endpoint). */
export interface KitOAuthSettings extends KitOAuthOptions {
  /** The kit's fetch option; default globalThis.fetch. */
  fetch?: typeof fetch | undefined
}

/** The OAuth side of a kit: its KitOAuthOptions with the defaults filled in (resolveKitOAuth). */
export interface KitOAuth {
  readonly authorizeUrls: Readonly<Partial<Record<OAuthProviderName, string>>>
  /** Overrides of the providers' token endpoints (OAUTH_PROVIDERS[provider].tokenUrl), by provider. */
  readonly tokenUrls: Readonly<Partial<Record<OAuthProviderName, string>>>
  /** For a provider's token endpoint (Facebook's): the kit's own fetch, so that tests and the mock can answer. */
  readonly fetch: typeof fetch
  readonly storage: OAuthStorage
  /** False for the in-memory fallback: a full-page redirect would lose the pending sign-in. */
  readonly storageSurvivesRedirect: boolean
  readonly location: OAuthLocation | undefined
}

// One per kit's options object, so that every flow of a kit sees the same storage (the in-memory
// fallback must be the one the popup's sign-in was started in).
const resolved = new WeakMap<KitOAuthSettings, KitOAuth>()

/**
 * A kit's OAuth options (kit.oauth) with the platform's defaults, worked out when an OAuth flow first
 * needs them: a page that never signs in with a provider carries neither this nor the checks
 * (checkKitOAuth). `proxyUrl` is the kit's (kit.client.proxyUrl): a page that announces that very mock
 * lends the kit its endpoints (mockAnnouncement.ts).
 */
export function resolveKitOAuth(options: KitOAuthSettings, proxyUrl?: string): KitOAuth {
  let oauth = resolved.get(options)
  if (oauth === undefined) {
    const { oauthAuthorizeUrls = {}, oauthTokenUrls = {}, oauthStorage, location = defaultLocation() } = options
    const page = location?.href
    const mock = announcedMockEndpoints(proxyUrl, page)
    // An injected storage is the caller's to vouch for; only the memory fallback is known not to survive.
    const { storage, survivesRedirect } =
      oauthStorage === undefined ? defaultStorage() : { storage: oauthStorage, survivesRedirect: true }
    // Looked up per call, never called as a method of another object: window.fetch throws "Illegal
    // invocation" when `this` is not the window.
    const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    oauth = Object.freeze({
      authorizeUrls: endpoints(mock?.oauthAuthorizeUrls, oauthAuthorizeUrls, page),
      tokenUrls: endpoints(mock?.oauthTokenUrls, oauthTokenUrls, page),
      fetch: fetchImpl,
      storage,
      storageSurvivesRedirect: survivesRedirect,
      location,
    })
    resolved.set(options, oauth)
  }
  return oauth
}

/**
 * The endpoints the app gave, over the announced mock's (the app's win, provider by provider), with each
 * path resolved against the page, as a path proxyUrl is. What is not an object is left for checkKitOAuth
 * to refuse, naming the option.
 */
function endpoints<T>(announced: object | undefined, given: T, page: string | undefined): T {
  if (typeof given !== 'object' || given === null) return given
  const merged: Record<string, unknown> = { ...announced, ...(given as object) }
  for (const [provider, url] of Object.entries(merged)) {
    if (typeof url === 'string' && url.startsWith('/') && page !== undefined) {
      try {
        merged[provider] = new URL(url, page).href
      } catch {
        // Left as it is: checkKitOAuth names the option and what it expects.
      }
    }
  }
  return merged as T
}

function defaultStorage(): { storage: OAuthStorage; survivesRedirect: boolean } {
  const storage = workingStorage('sessionStorage')
  // Enumerable memory, so that abandoned flows can be found in it like in a real Storage.
  return storage ? { storage, survivesRedirect: true } : { storage: memoryStorage(), survivesRedirect: false }
}

function defaultLocation(): OAuthLocation | undefined {
  const location = (globalThis as { location?: OAuthLocation | undefined }).location
  return typeof location?.href === 'string' ? location : undefined
}
