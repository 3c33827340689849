import { assertObject, invalidArgument } from './assert'
import { createConfigStore, type ConfigStore } from './config/configStore'
import type { AuthProxyClient, AuthProxyClientOptions } from './client'
import { deferredProxyClient } from './deferredProxyClient'
import { defaultKeyStore } from './keys/defaultKeyStore'
import type { KeyStore } from './keys/keyStore'
import type { KitOAuthOptions, KitOAuthSettings } from './oauth/kitOAuth'
import type { WebAuthnModule } from './passkey/webAuthnModule'
import { connectToProxy } from './proxyConnection'
import { memoryStorage } from './session/memoryStorage'
import {
  createSessionStore,
  sessionStorageKey,
  type SessionEventTarget,
  type SessionStorage,
  type SessionStore,
} from './session/sessionStore'
import { deferredPublicApiClient } from './stamp/deferredPublicApiClient'
import type { PublicApiClient } from './stamp/publicApiClient'
import { workingStorage } from './workingStorage'

export interface KitOptions extends AuthProxyClientOptions, KitOAuthOptions {
  /** Default defaultKeyStore(): IndexedDB, or memory where IndexedDB cannot be opened. */
  keyStore?: KeyStore
  /** Where the session JWT is kept. Default localStorage, or memory where it is missing or blocked. */
  storage?: SessionStorage
  /** Clock in ms; default Date.now. */
  now?: () => number
  /** Source of cross-tab `storage` events; default globalThis.window when there is one. */
  window?: SessionEventTarget
  /** How long before expiry the session snapshot says `expiresSoon`; default 60 000 ms. */
  warnBeforeMs?: number
  /** Base URL of the stamped public API (passkeys, signed-in actions); default proxyUrl, where the mock serves it. */
  apiUrl?: string
  /** WebAuthn functions; default @simplewebauthn/browser, loaded when a passkey is first used. Tests inject a fake. */
  webauthn?: WebAuthnModule
}

/** Everything a flow needs: the proxy client, the key store, the session, the clock. */
export interface Kit {
  client: AuthProxyClient
  keyStore: KeyStore
  session: SessionStore
  /** The tenant's wallet_kit_config, asked for once per kit by whoever needs it first (flows, hooks). */
  config: ConfigStore
  now(): number
  /**
   * The OAuth options given to createKit (authorize and token URL overrides, the storage of pending
   * sign-ins, the page location) and its fetch, as given: the OAuth flows fill in the defaults and check
   * them (resolveKitOAuth).
   */
  oauth: Readonly<KitOAuthSettings>
  /** The stamped public API (stamp_login, create_authenticators, whoami). */
  publicApi: PublicApiClient
  /** The injected WebAuthn functions; undefined loads @simplewebauthn/browser on first use. */
  webauthn: WebAuthnModule | undefined
  /** Stops the session store's timers and listeners. The key store and stored session are kept. */
  destroy(): void
}

export function createKit(options: KitOptions): Kit {
  assertObject(options, 'createKit(options)')
  const client = deferredProxyClient(connectToProxy(options))
  const { keyStore = defaultKeyStore(), storage = workingStorage('localStorage') ?? memoryStorage(), window = defaultWindow(), warnBeforeMs } = options
  const now = options.now ?? Date.now
  if (typeof now !== 'function') throw invalidArgument('createKit({ now })', 'a function returning ms', now)
  const oauth = Object.freeze({
    oauthAuthorizeUrls: options.oauthAuthorizeUrls,
    oauthTokenUrls: options.oauthTokenUrls,
    oauthStorage: options.oauthStorage,
    location: options.location,
    // Facebook's token endpoint is called with the kit's fetch, as the proxy is.
    fetch: options.fetch,
  })
  const publicApi = deferredPublicApiClient({
    apiUrl: options.apiUrl ?? client.proxyUrl,
    fetch: options.fetch,
    timeoutMs: client.timeoutMs,
  })
  const { webauthn } = options
  if (webauthn !== undefined && (typeof webauthn !== 'object' || webauthn === null || typeof webauthn.startRegistration !== 'function')) {
    throw invalidArgument('createKit({ webauthn })', 'the functions of @simplewebauthn/browser', webauthn)
  }
  const session = createSessionStore({
    storage,
    storageKey: sessionStorageKey(client.configId),
    keyStore,
    now,
    window,
    warnBeforeMs,
  })
  const config = createConfigStore({ request: () => client.walletKitConfig() })
  return {
    client,
    keyStore,
    session,
    config,
    now: () => now(),
    oauth,
    publicApi,
    webauthn,
    destroy: () => session.destroy(),
  }
}

function defaultWindow(): SessionEventTarget | undefined {
  return typeof window === 'undefined' ? undefined : window
}
