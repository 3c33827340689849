// The contracts between core's parts: what a kit is, and what its session, config, clients and key store
// promise. Types only (a test checks that nothing here runs), so that any module may import them without
// pulling in code or closing an import cycle: implementations import their interface from here, never
// from each other.
import type { KitError } from './errors'
import type { SignInPromptSlot, SigningPromptSlot } from './signing/signingPrompt'
import type { KitOAuthSettings } from './oauth/kitOAuth'
import type { OAuthProviderName } from './oauth/providerNames'
import type { WebAuthnModule } from './passkey/webAuthnModule'
import type { Activity, ActivityEnvelope, PublicActivityName, PublicQueries, PublicQueryName } from './publicApiTypes'
import type {
  AccountRequest,
  AccountResponse,
  OAuth2AuthenticateRequest,
  OAuth2AuthenticateResponse,
  OAuthLoginRequest,
  OAuthLoginResponse,
  OtpInitRequest,
  OtpInitV2Request,
  OtpInitV2Response,
  OtpVerifyV2Request,
  OtpVerifyV2Response,
  OtpLoginV2Request,
  OtpInitResponse,
  OtpLoginRequest,
  OtpLoginResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  ProxyEndpoint,
  ProxyEndpoints,
  SessionClaims,
  SignupRequest,
  SignupWallet,
  SignupResponse,
  WalletKitConfigResponse,
} from './types'

// ---------------------------------------------------------------------------------------------
// Stores

/** What a store gives its readers: what useSyncExternalStore takes, TanStack Query's Subscribable. */
export interface ReadableStore<T> {
  /** The same object until something changes. Bound: pass it as is. */
  getSnapshot(): T
  /** Bound. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/** A store its owner writes to. Owners hand out the ReadableStore half. */
export interface Store<T> extends ReadableStore<T> {
  /** Replaces the snapshot; listeners run only when it is a different object. */
  setState(next: T | ((previous: T) => T)): void
  /** Drops every listener (the owner is being destroyed). */
  clear(): void
}

// ---------------------------------------------------------------------------------------------
// The kit

/** Which generation of the sign-in endpoints the kit speaks, and the enclave key it trusts for the current one. */
export interface KitOtpSettings {
  /**
   * 'v2', the current generation (@turnkey/core 2.x): the code is encrypted to a target the proxy's
   * enclave signs (otp_init_v2, otp_verify_v2), every account (code, OAuth, passkey) made with
   * signup_v2, the session of a code or an OAuth sign-in got by stamp_login with an attested stamp.
   * 'v1': otp_init, otp_verify with the code in plaintext, signup, otp_login and oauth_login, as the seed
   * speaks and production still serves.
   */
  readonly protocol: 'v1' | 'v2'
  /** Uncompressed P-256 in hex; production's TLS fetcher key unless createKit was told another. */
  readonly signerPublicKey: string | undefined
}

/** Everything a flow needs: the proxy client, the key store, the session, the clock. */
export interface Kit {
  client: AuthProxyClient
  keyStore: KeyStore
  session: SessionStore
  /** The tenant's wallet_kit_config, asked for once per kit by whoever needs it first (flows, hooks). */
  config: ConfigStore
  /**
   * The proxy's time in ms: createKit's `now` (the device clock) plus the offset learned from the
   * proxy's fresh tokens (DESIGN.md), so that expiry checks, timers and `timestampMs` hold on a device
   * whose clock is minutes off. Every flow reads the time here, never Date.now.
   */
  now(): number
  /**
   * Teaches the kit the proxy's clock from a token the proxy issued just now: its `iat` claim, in
   * seconds. session.set() does it for session tokens; the OTP flow calls it with otp_verify's
   * verification token. Never call it with a token from storage or another tab (it is not "now").
   * Offsets under a few seconds are ignored (CLOCK_OFFSET_THRESHOLD_MS). Not a number: ignored.
   */
  learnClockFromIat(iatSeconds: number): void
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
  /** Where the session is kept (shared by the tabs): startAutoRefresh keeps its lease there when there are no Web Locks. */
  storage: SessionStorage
  /** The wallet every sign-up asks for (createKit({ wallet })); undefined lets the proxy apply the tenant's default. */
  wallet: SignupWallet | undefined
  /** The sign-in endpoints' generation, and how codes are verified (createKit({ otpProtocol, dangerouslyOverrideSignerPublicKey })). */
  otp: KitOtpSettings
  /**
   * Asked before each signature when filled: the drop-in modal fills it with its signing prompt while
   * mounted (LoginModal's `signingPrompt`); empty, the signing actions sign when the app asks.
   */
  signingPrompt: SigningPromptSlot
  /** Opens sign-in for a caller that needs someone signed in (a wagmi connector's connect); filled by the drop-in modal. */
  signInPrompt: SignInPromptSlot
  /** Stops the session store's timers and listeners. The key store and stored session are kept. */
  destroy(): void
}

// ---------------------------------------------------------------------------------------------
// Session

export interface Session {
  /** The session JWT, as the proxy issued it. */
  token: string
  /** The client key the session is bound to (compressed P-256, hex). */
  publicKey: string
  organizationId: string
  userId: string
  /** `exp` in ms since the epoch. */
  expiresAt: number
  claims: SessionClaims
  /**
   * Who signed in and how, as the sign-in flow knew it (the email or phone, the OAuth identity, the
   * passkey's name): kept beside the token so that the UI names the person at once, after a reload too,
   * without a request. Absent for a session set without one (or stored by an older kit).
   */
  identity?: SignInIdentity | undefined
}

/** How the person signed in, written by the flows at sign-in (ISSUE 13). */
export interface SignInIdentity {
  method: 'email' | 'sms' | 'oauth' | 'passkey'
  /** The email (method 'email') or E.164 phone number (method 'sms') the code went to. */
  contact?: string | undefined
  /** The OAuth provider (method 'oauth'). */
  provider?: OAuthProviderName | undefined
  /** From the OIDC token's `email` claim (method 'oauth'). */
  email?: string | undefined
  /** From the OIDC token's `name` claim (method 'oauth'), or the passkey's user name (method 'passkey'). */
  name?: string | undefined
}

export interface SessionSetOptions {
  /** Who signed in; stored beside the token. Left out, the identity already stored is kept if it belongs to the same user and key. */
  identity?: SignInIdentity | undefined
  /**
   * The proxy issued the token just now (default true): the kit learns the device clock's offset from
   * its `iat` (Kit.now). Pass false for a token that was kept somewhere: its `iat` is not "now".
   */
  issuedNow?: boolean | undefined
}

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn'

export interface SessionSnapshot {
  status: SessionStatus
  session: Session | null
  /** True from `expiresAt - warnBeforeMs` until the session ends. */
  expiresSoon: boolean
}

export interface SessionStore extends ReadableStore<SessionSnapshot> {
  /** Where the token is kept in the session storage (sessionStorageKey(configId)); other keys derive from it. */
  readonly storageKey: string
  /** Settles once the stored session has been checked (status is no longer 'loading'). Never rejects. */
  readonly ready: Promise<void>
  /**
   * Adopts a session JWT: decoded, bound to a key this client holds, not expired; then stored and
   * announced. On a KitError (SESSION_INVALID, SESSION_EXPIRED, SESSION_KEY_MISMATCH) nothing changes.
   */
  set(token: string, options?: SessionSetOptions): Promise<Session>
  /** Ends the session: removes it from storage, deletes its key, announces it. */
  logout(): Promise<void>
  /** Stops timers and listeners. Final: create a new store to start again. */
  destroy(): void
}

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
/**
 * The window: `storage` events from other tabs, `focus`; and, when it can dispatch, the kit's own
 * announcements of its writes to the page's other kits (another React root, another island), which no
 * `storage` event reaches.
 */
export type SessionEventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  dispatchEvent?: Window['dispatchEvent'] | undefined
}

/** What createKit's `sessionCookie` is: createSessionCookie()'s answer. */
export interface SessionCookie {
  /**
   * Keeps the cookie in step with the session from now on: written with each session shown (to expire
   * with it, by `now`, the kit's clock), cleared when none is. Returns the function that stops it.
   */
  follow(session: ReadableStore<SessionSnapshot>, now: () => number): () => void
}

// ---------------------------------------------------------------------------------------------
// Config

/** The tenant's config as it loads: like a query's state, for readers outside React. */
export type ConfigSnapshot =
  | { readonly status: 'pending'; readonly data: undefined; readonly error: null; readonly isFetching: boolean }
  /** The last failure (after the retries) until a new attempt succeeds. */
  | { readonly status: 'error'; readonly data: undefined; readonly error: KitError; readonly isFetching: boolean }
  /** Kept for the kit's life: a tenant's config does not change under a page. */
  | {
      readonly status: 'success'
      readonly data: WalletKitConfigResponse
      readonly error: null
      readonly isFetching: false
    }

export interface ConfigStore extends ReadableStore<ConfigSnapshot> {
  /**
   * The config: at once when it is here, else from the one request under way, else from a new one.
   * Failures to reach the proxy are retried twice; a refusal is not (it will not change by itself).
   * A failure is not kept: the next call asks again.
   */
  ensure(): Promise<WalletKitConfigResponse>
}

// ---------------------------------------------------------------------------------------------
// Clients

export interface CallOptions {
  signal?: AbortSignal | undefined
  /**
   * The Turnstile widget's token, sent as X-Captcha-Token on otp_init(_v2) and signup(_v2) only, as
   * production's client does (its CAPTCHA_PROTECTED_METHODS): no other endpoint checks one, and a token
   * is good for one call.
   */
  captchaToken?: string | undefined
}

export interface AuthProxyClient {
  /** As given, without trailing slashes. */
  readonly proxyUrl: string
  readonly configId: string
  readonly timeoutMs: number
  /** Any endpoint of the wire table; the named methods below are this with the endpoint filled in. */
  call<E extends ProxyEndpoint>(
    endpoint: E,
    body: ProxyEndpoints[E]['request'] | undefined,
    options?: CallOptions,
  ): Promise<ProxyEndpoints[E]['response']>
  /** Sends no body, as the production client does. Missing defaults are filled in (see WIRE.md). */
  walletKitConfig(options?: CallOptions): Promise<WalletKitConfigResponse>
  otpInit(body: OtpInitRequest, options?: CallOptions): Promise<OtpInitResponse>
  otpVerify(body: OtpVerifyRequest, options?: CallOptions): Promise<OtpVerifyResponse>
  otpLogin(body: OtpLoginRequest, options?: CallOptions): Promise<OtpLoginResponse>
  /** The current generation's: the answer carries the target bundle the code is encrypted to. */
  otpInitV2(body: OtpInitV2Request, options?: CallOptions): Promise<OtpInitV2Response>
  otpVerifyV2(body: OtpVerifyV2Request, options?: CallOptions): Promise<OtpVerifyV2Response>
  otpLoginV2(body: OtpLoginV2Request, options?: CallOptions): Promise<OtpLoginResponse>
  signup(body: SignupRequest, options?: CallOptions): Promise<SignupResponse>
  /** signup, with the client signature's usage named `signupV2` (production's 2.x client). */
  signupV2(body: SignupRequest, options?: CallOptions): Promise<SignupResponse>
  account(body: AccountRequest, options?: CallOptions): Promise<AccountResponse>
  oauth2Authenticate(body: OAuth2AuthenticateRequest, options?: CallOptions): Promise<OAuth2AuthenticateResponse>
  oauthLogin(body: OAuthLoginRequest, options?: CallOptions): Promise<OAuthLoginResponse>
}

export type StampHeaderName = 'X-Stamp' | 'X-Stamp-WebAuthn' | 'X-Stamp-Attested'

/** One header proving who sent a body; the API accepts exactly one per request. */
export interface Stamp {
  stampHeaderName: StampHeaderName
  stampHeaderValue: string
}

/** Stamps the exact text of a request body. The public API client calls it once per request. */
export type Stamper = (body: string) => Promise<Stamp>

export interface PublicApiClient {
  /** As resolved: absolute, without trailing slashes. */
  readonly apiUrl: string
  readonly timeoutMs: number
  /**
   * POST {apiUrl}/public/v1/submit/<activity> with the envelope's JSON text, stamped over that exact
   * text. Resolves with the completed activity; any other status is a KitError.
   */
  submit<A extends PublicActivityName>(
    activity: A,
    envelope: ActivityEnvelope<A>,
    stamper: Stamper,
    options?: CallOptions,
  ): Promise<Activity<A>>
  /** POST {apiUrl}/public/v1/query/<query>, stamped the same way. */
  query<Q extends PublicQueryName>(
    query: Q,
    body: PublicQueries[Q]['request'],
    stamper: Stamper,
    options?: CallOptions,
  ): Promise<PublicQueries[Q]['response']>
}

// ---------------------------------------------------------------------------------------------
// Keys

/**
 * Where the client's P-256 keys live. A key is named by its compressed public key in hex (its wire
 * form); the private half never leaves the store: it signs, it cannot be read.
 */
export interface KeyStore {
  /** Generates a new non-extractable P-256 key pair; returns its compressed public key (hex). */
  create(): Promise<string>
  has(publicKey: string): Promise<boolean>
  /** ECDSA P-256 / SHA-256 over `data`; raw `r ‖ s`, 64 bytes. KitError KEY_NOT_FOUND when not held. */
  sign(publicKey: string, data: Uint8Array): Promise<Uint8Array>
  /** Same signature, ASN.1 DER encoded (for X-Stamp). */
  signDer(publicKey: string, data: Uint8Array): Promise<Uint8Array>
  /** Removes the key; a key that is not held is not an error. */
  delete(publicKey: string): Promise<void>
  list(): Promise<string[]>
  /**
   * Optional: keeps the key out of the start-up sweep until `untilMs` (ms since the epoch, on the clock of
   * the kit's `now`). The session store calls it with the session's expiry whenever it stores, refreshes
   * or loads a session; a pending flow may call it for a key it keeps past its usual lifetime. An earlier
   * time than the one recorded changes nothing; a key that is not held is not an error.
   */
  retain?: ((publicKey: string, untilMs: number) => Promise<void>) | undefined
  /**
   * Optional: deletes, in one step (so that no other tab's retain() slips in between), the keys left behind
   * by abandoned sign-ins: created more than `olderThanMs` ago (by the store's own clock, the one that
   * stamped `createdAt`), not retained past `now`, and not in `spare`. Answers the keys deleted.
   * A key store without it (a custom one) is never swept: its keys stay until their session ends.
   */
  sweep?:
    ((criteria: { olderThanMs: number; now: number; spare: ReadonlySet<string> }) => Promise<string[]>) | undefined
}
