import { assertObject, invalidArgument } from './assert'
import { createAuthProxyClient, type AuthProxyClientOptions } from './client'
import { createConfigStore } from './config/configStore'
import type { KeyStore, Kit, SessionCookie, SessionEventTarget, SessionStorage } from './contracts'
import { defaultKeyStore } from './keys/defaultKeyStore'
import { startKeySweep } from './keys/startKeySweep'
import type { KitOAuthOptions } from './oauth/kitOAuth'
import type { WebAuthnModule } from './passkey/webAuthnModule'
import { resolveBaseUrl } from './postJson'
import { createProxyClock } from './proxyClock'
import { memoryStorage } from './session/memoryStorage'
import { createSessionStore, sessionStorageKey } from './session/sessionStore'
import { lazyPublicApiClient } from './stamp/lazyPublicApiClient'
import type { SignupWallet } from './types'
import { workingStorage } from './workingStorage'

// The interface lives with the other contracts; here too, where the flows have always found it.
export type { Kit } from './contracts'

export interface KitOptions extends AuthProxyClientOptions, KitOAuthOptions {
  /** Default defaultKeyStore(): IndexedDB, or memory where IndexedDB cannot be opened. */
  keyStore?: KeyStore | undefined
  /** Where the session JWT is kept. Default localStorage, or memory where it is missing or blocked. */
  storage?: SessionStorage | undefined
  /**
   * The device clock in ms; default Date.now. The kit corrects it by the offset it learns from the
   * proxy's fresh tokens (kit.now()), kept in `storage` across reloads and sign-outs.
   */
  now?: (() => number) | undefined
  /**
   * Source of cross-tab `storage` events, and where the kit announces its session to the page's other
   * kits (two React roots, two islands); default globalThis.window when there is one.
   */
  window?: SessionEventTarget | undefined
  /**
   * `createSessionCookie()`: keep the session in a cookie too, for the app's server to read (`apk_session`
   * unless told). Default none: no cookie is written or cleared. Its code is in the app's bundle only
   * when it imports it.
   */
  sessionCookie?: SessionCookie | undefined
  /** How long before expiry the session snapshot says `expiresSoon`; default 60 000 ms. */
  warnBeforeMs?: number | undefined
  /** Base URL of the stamped public API (passkeys, signed-in actions); default proxyUrl, where the mock serves it. */
  apiUrl?: string | undefined
  /** WebAuthn functions; default @simplewebauthn/browser, loaded when a passkey is first used. Tests inject a fake. */
  webauthn?: WebAuthnModule | undefined
  /**
   * The wallet every sign-up asks for (OTP, OAuth, passkey), e.g. `{ walletName: 'Main', accounts: [{ curve:
   * 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat:
   * 'ADDRESS_FORMAT_ETHEREUM' }] }`. Default none: the proxy applies the tenant's default wallet. A wallet
   * that is not one fails every sign-in start (CONFIG_INVALID naming the field), before any request.
   */
  wallet?: SignupWallet | undefined
  /**
   * The generation of every sign-in's endpoints (codes, OAuth, passkey sign-up), despite the name.
   * Default 'v2', production's current one, as @turnkey/core 2.8 speaks it: for codes otp_init_v2 (a
   * target signed by the enclave, checked against production's key or `dangerouslyOverrideSignerPublicKey`),
   * otp_verify_v2 (the code sealed to it by HPKE: it never travels in plaintext), signup_v2 and
   * stamp_login attested by the verification token; for OAuth signup_v2 and stamp_login attested by the
   * OIDC token; for a passkey sign-up signup_v2, then stamp_login. 'v1' is the seed's (otp_init,
   * otp_verify with the code, signup, otp_login; signup and oauth_login; signup, then stamp_login),
   * which production still serves.
   */
  otpProtocol?: 'v1' | 'v2' | undefined
  /**
   * The enclave key (uncompressed P-256, hex) to trust in place of production's when checking the
   * target a code is encrypted to: the mock's, which its Vite plugin, CLI and Playwright fixture hand
   * over. Dangerous by name: a kit that trusts another key encrypts codes to whoever holds it. Never set
   * it against the production proxy (a production bundle would then be refused, and nobody could sign in).
   */
  dangerouslyOverrideSignerPublicKey?: string | undefined
}

export function createKit(options: KitOptions): Kit {
  assertObject(options, 'createKit(options)')
  const client = createAuthProxyClient(options)
  const {
    keyStore = defaultKeyStore(),
    storage = workingStorage('localStorage') ?? memoryStorage(),
    window = defaultWindow(),
    warnBeforeMs,
  } = options
  const deviceNow = options.now ?? Date.now
  if (typeof deviceNow !== 'function') throw invalidArgument('createKit({ now })', 'a function returning ms', deviceNow)
  const clock = createProxyClock({ deviceNow: () => deviceNow(), storage, window })
  const oauth = Object.freeze({
    oauthAuthorizeUrls: options.oauthAuthorizeUrls,
    oauthTokenUrls: options.oauthTokenUrls,
    oauthStorage: options.oauthStorage,
    location: options.location,
    // Facebook's token endpoint is called with the kit's fetch, as the proxy is.
    fetch: options.fetch,
  })
  const publicApi = lazyPublicApiClient({
    // Resolved here, so that a bad one is named as the option the app gave.
    apiUrl: resolveBaseUrl(options.apiUrl ?? client.proxyUrl, 'apiUrl'),
    fetch: options.fetch,
    timeoutMs: client.timeoutMs,
    clock,
  })
  const { webauthn } = options
  if (
    webauthn !== undefined &&
    (typeof webauthn !== 'object' || webauthn === null || typeof webauthn.startRegistration !== 'function')
  ) {
    throw invalidArgument('createKit({ webauthn })', 'the functions of @simplewebauthn/browser', webauthn)
  }
  const { sessionCookie } = options
  if (sessionCookie !== undefined && typeof sessionCookie?.follow !== 'function')
    throw invalidArgument('createKit({ sessionCookie })', 'createSessionCookie(options)', sessionCookie)
  // Checked by the sign-up flows, before their first request (signupWallet): they are in chunks, createKit is in every first load.
  const { wallet } = options
  const session = createSessionStore({
    storage,
    storageKey: sessionStorageKey(client.configId),
    keyStore,
    now: clock.now,
    learnClock: (proxyTimeMs) => void clock.learn(proxyTimeMs),
    window,
    warnBeforeMs,
  })
  const stopCookie = sessionCookie?.follow(session, clock.now)
  // Deletes keys abandoned sign-ins left behind, once the session has loaded and the page is idle.
  // Ages are on the device clock, as the key store stamps createdAt (the device's time).
  const stopSweep = startKeySweep({ keyStore, session, storage, now: deviceNow })
  const config = createConfigStore({ request: () => client.walletKitConfig() })
  return {
    client,
    keyStore,
    session,
    config,
    now: clock.now,
    learnClockFromIat: (iatSeconds) => {
      if (typeof iatSeconds === 'number') clock.learn(iatSeconds * 1000)
    },
    oauth,
    publicApi,
    webauthn,
    storage,
    wallet,
    // Checked by the OTP flow, where it is used (a chunk of its own).
    otp: { protocol: options.otpProtocol ?? 'v2', signerPublicKey: options.dangerouslyOverrideSignerPublicKey },
    signingPrompt: { current: undefined },
    signInPrompt: { current: undefined },
    destroy: () => {
      stopCookie?.()
      stopSweep()
      session.destroy()
      clock.destroy()
    },
  }
}

function defaultWindow(): SessionEventTarget | undefined {
  return typeof window === 'undefined' ? undefined : window
}
