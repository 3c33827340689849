import { assertObject, invalidArgument } from '../assert'
import { memoryStorage } from '../session/memoryStorage'
import { workingStorage } from '../workingStorage'
import { parseHttpUrl } from './parseHttpUrl'
import { OAUTH_PROVIDER_NAMES, isOAuthProviderName, type OAuthProviderName } from './providerNames'

/**
 * Where a pending sign-in waits for the provider's answer. `key` and `length` (as on Storage) let
 * startOAuth find abandoned sign-ins and delete their keys; without them those keys stay until logout.
 */
export type OAuthStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & Partial<Pick<Storage, 'key' | 'length'>>

/** The page's address: read when a flow starts, for the default redirect URI. */
export interface OAuthLocation {
  readonly href: string
}

/** createKit's OAuth options. All optional: the defaults are the platform's. */
export interface KitOAuthOptions {
  /**
   * Authorization endpoints that replace the providers' own, by provider. A kit on the mock proxy
   * passes mockOAuthAuthorizeUrls(proxyUrl) from auth-proxy-kit/mock.
   */
  oauthAuthorizeUrls?: Partial<Record<OAuthProviderName, string>>
  /**
   * Where the pending sign-in (state, PKCE verifier, key) is kept during the round trip. Default
   * sessionStorage: it survives the redirect and belongs to one tab, so two tabs signing in at once do
   * not see each other's flows. Falls back to memory, which only the popup mode can use.
   */
  oauthStorage?: OAuthStorage
  /** Default globalThis.location; gives the default redirect URI (its origin and path). */
  location?: OAuthLocation
}

/** The OAuth side of a kit, resolved from KitOAuthOptions by createKit. */
export interface KitOAuth {
  readonly authorizeUrls: Readonly<Partial<Record<OAuthProviderName, string>>>
  readonly storage: OAuthStorage
  /** False for the in-memory fallback: a full-page redirect would lose the pending sign-in. */
  readonly storageSurvivesRedirect: boolean
  readonly location: OAuthLocation | undefined
}

export function createKitOAuth(options: KitOAuthOptions): KitOAuth {
  const { oauthAuthorizeUrls = {}, oauthStorage, location = defaultLocation() } = options
  assertObject(oauthAuthorizeUrls, 'createKit({ oauthAuthorizeUrls })')
  const authorizeUrls: Partial<Record<OAuthProviderName, string>> = {}
  for (const [provider, url] of Object.entries(oauthAuthorizeUrls)) {
    if (!isOAuthProviderName(provider)) {
      throw invalidArgument('createKit({ oauthAuthorizeUrls })', `keys among ${OAUTH_PROVIDER_NAMES.join(', ')}`, provider)
    }
    if (url === undefined) continue
    authorizeUrls[provider] = parseHttpUrl(url, `createKit({ oauthAuthorizeUrls.${provider} })`).href
  }
  if (oauthStorage !== undefined && !isStorage(oauthStorage)) {
    throw invalidArgument('createKit({ oauthStorage })', 'a Storage (getItem, setItem, removeItem)', oauthStorage)
  }
  if (location !== undefined && (typeof location !== 'object' || location === null || typeof location.href !== 'string')) {
    throw invalidArgument('createKit({ location })', 'an object with an href string, like window.location', location)
  }
  // An injected storage is the caller's to vouch for; only the memory fallback is known not to survive.
  const { storage, survivesRedirect } = oauthStorage === undefined ? defaultStorage() : { storage: oauthStorage, survivesRedirect: true }
  return Object.freeze({
    authorizeUrls: Object.freeze(authorizeUrls),
    storage,
    storageSurvivesRedirect: survivesRedirect,
    location,
  })
}

function isStorage(value: unknown): value is OAuthStorage {
  const candidate = value as Partial<OAuthStorage> | null
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.getItem === 'function' &&
    typeof candidate.setItem === 'function' &&
    typeof candidate.removeItem === 'function'
  )
}

function defaultStorage(): { storage: OAuthStorage; survivesRedirect: boolean } {
  const storage = workingStorage('sessionStorage')
  // Enumerable memory, so that abandoned flows can be found in it like in a real Storage.
  return storage ? { storage, survivesRedirect: true } : { storage: memoryStorage(), survivesRedirect: false }
}

function defaultLocation(): OAuthLocation | undefined {
  const location = (globalThis as { location?: OAuthLocation }).location
  return typeof location?.href === 'string' ? location : undefined
}
