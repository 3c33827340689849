// Public types of the mock proxy. The wire types themselves live in src/core/types.ts: the mock shares
// them with the kit's client and has no copy of its own.
import type {
  EnabledProvider,
  OtpType,
  ProxyEndpoint,
  UsageType,
  ApiKeyCurve,
  AuthenticatorTransport,
  SessionType,
} from '../core/types'
import type { ActivityType, PublicAddressFormat, PublicCurve } from '../core/publicApiTypes'
import type { MockOAuthProvider } from './oauthProviders'

/** One tenant of the mock: what a config id stands for. */
export interface MockTenant {
  configId: string
  /** The tenant's parent organization; sub-organizations created by signup hang under it. */
  organizationId: string
  /** Origins allowed to call with this config id; `'*'` allows all. Default `['*']`. */
  allowedOrigins?: string[] | undefined
  /** Default `['email']`. */
  enabledProviders?: EnabledProvider[] | undefined
  /** Session length. Default 900. */
  sessionExpirationSeconds?: number | undefined
  /** Characters in a code, 6..9; wallet_kit_config reports it. Default 6. */
  otpLength?: number | undefined
  /** Crockford base32 codes when true, digits when false; wallet_kit_config reports it. Default true. */
  otpAlphanumeric?: boolean | undefined
  /** How long a code can be used, in seconds: 1..600 (production's cap). Default 300 (production's default). */
  otpExpirationSeconds?: number | undefined
  // What the codes' messages say: production sets it in the proxy's dashboard, and otp_init takes none of it.
  /** The app's name, in every email and where an SMS template says `{{.AppName}}`. Default "auth-proxy-kit mock". */
  appName?: string | undefined
  /** Absolute http(s) URL of the logo emails show. Default none. */
  logoUrl?: string | undefined
  /** The name emails come from. Default "Notifications" (production's). */
  emailSenderName?: string | undefined
  /** The address emails come from. Default notifications@auth-proxy-kit.test. */
  emailSenderAddress?: string | undefined
  /** Where replies to emails go. Default none (the sender). */
  emailReplyToAddress?: string | undefined
  /**
   * The text of an SMS: `{{.OtpCode}}` where the code goes (required), `{{.AppName}}` for the app name.
   * Default "Your verification code is {{.OtpCode}}".
   */
  smsTemplate?: string | undefined
  /**
   * The tenant's email templates, oldest first: otp_init's `emailCustomization.templateId` picks one, and
   * without it the most recent (the last) is used, as production does. An unknown templateId is refused.
   * Default none: the proxy's own email.
   */
  emailTemplates?: MockEmailTemplate[] | undefined
  /**
   * The tenant's OAuth client id per provider (`{google: 'demo-google-client'}`). The mock's
   * authorization server accepts these client ids, and oauth2_authenticate requires the tenant's own.
   */
  oauthClientIds?: Record<string, string> | undefined
  /** When set, the only redirect URI the tenant's OAuth sign-ins may return to (absolute http(s) URL). */
  oauthRedirectUrl?: string | undefined
  rpId?: string | undefined
  /** Limits on the codes otp_init sends; `false` turns them all off. Default: the mock's `otpRateLimits`. */
  otpRateLimits?: MockOtpRateLimits | false | undefined
  /**
   * The wallet a sign-up naming none gets (production's dashboard setting); `null` for none. Default
   * none; the demo tenant's is DEMO_DEFAULT_WALLET (one Ethereum and one Solana account).
   */
  defaultWallet?: MockWalletSpec | null | undefined
  /**
   * The tenant organization's FEATURE_NAME_WEBHOOK from the start, as if set_organization_feature had
   * set it: an absolute http(s) URL that gets a signed POST for every new activity of the organization
   * and its sub-organizations (docs/mock.md, "Webhooks"). Default none.
   */
  webhookUrl?: string | undefined
  /**
   * The HMAC-SHA256 key that signs the tenant organization's webhook deliveries (X-Mock-Signature), at
   * least 16 characters, so that a test can know it in advance. Default: random per start, read it with
   * `mock.webhooks.secret(organizationId)`.
   */
  webhookSecret?: string | undefined
  /**
   * Compressed P-256 public keys (hex) of the tenant organization's root user's API keys: production's
   * parent organization is administered with them, and here they may stamp (X-Stamp)
   * set_organization_feature and remove_organization_feature for the tenant organization. Default none.
   */
  rootApiPublicKeys?: string[] | undefined
  /**
   * The tenant's Cloudflare Turnstile site key (production's dashboard setting): set, it turns the bot
   * check on, as production's does. wallet_kit_client_params then answers it, and otp_init, otp_init_v2,
   * signup and signup_v2 require an `X-Captcha-Token` header holding a token this mock issued for it
   * (single use, 300 s). The mock's test widget (GET /__mock/turnstile/v0/api.js) stands in for
   * Cloudflare's script and issues them. Letters, digits, `_`, `.`, `-`; no two tenants share one, so
   * that a token is one tenant's. Default none: no captcha.
   */
  turnstileSiteKey?: string | undefined
}

/** An email template of a tenant, as its dashboard would hold it. */
export interface MockEmailTemplate {
  templateId: string
  /** The email's subject; `{{.AppName}}` and `{{.OtpCode}}` are filled in. */
  subject: string
}

/** At most `max` codes within any `windowSeconds`. */
export interface MockRateWindow {
  max: number
  windowSeconds: number
}

/**
 * How many codes otp_init sends before it answers 8 RESOURCE_EXHAUSTED (HTTP 429) with when to try
 * again. A field left out takes the default; a refused call sends nothing and changes nothing.
 */
export interface MockOtpRateLimits {
  /**
   * Seconds a contact waits for another code while its last one is still usable (not used, burnt by
   * wrong tries, or expired): the code is on its way. Default 30; 0 turns it off.
   */
  resendAfterSeconds?: number | undefined
  /** Codes one contact (email address or phone number) may get. Default 5 per 600 s; `false` turns it off. */
  perContact?: MockRateWindow | false | undefined
}

/** Rate limits with every default filled in; null is off. */
export interface ResolvedOtpRateLimits {
  resendAfterSeconds: number
  perContact: MockRateWindow | null
}

/** A tenant with every default filled in. */
export interface ResolvedMockTenant {
  configId: string
  organizationId: string
  allowedOrigins: string[]
  enabledProviders: EnabledProvider[]
  sessionExpirationSeconds: number
  otpLength: number
  otpAlphanumeric: boolean
  otpExpirationSeconds: number
  appName: string
  logoUrl?: string | undefined
  emailSenderName: string
  emailSenderAddress: string
  emailReplyToAddress?: string | undefined
  smsTemplate: string
  emailTemplates: MockEmailTemplate[]
  oauthClientIds?: Partial<Record<MockOAuthProvider, string>> | undefined
  oauthRedirectUrl?: string | undefined
  rpId?: string | undefined
  otpRateLimits: ResolvedOtpRateLimits
  defaultWallet: MockWalletSpec | null
  webhookUrl?: string | undefined
  webhookSecret?: string | undefined
  /** Compressed, lowercase. */
  rootApiPublicKeys: string[]
  /** Absent: no captcha. */
  turnstileSiteKey?: string | undefined
}

/**
 * The endpoints the mock serves under /v1: the kit's (ProxyEndpoint), and `wallet_kit_client_params`,
 * which production's 2.x client (and its React kit) asks for at start and the kit does not.
 */
export type MockProxyEndpoint = ProxyEndpoint | 'wallet_kit_client_params'

/** A forced answer for one endpoint: `code` is a gRPC status code. */
export interface MockFailure {
  code: number
  message?: string | undefined
}

export interface MockAuthProxyOptions {
  /**
   * The enclave's signing key (a P-256 private scalar, 64 hex digits), so that two mocks (a dev server's
   * and a test's) sign with the same one. Default: a random key per mock, which a client that trusts it
   * by mistake in production can never meet there.
   */
  enclaveSecretKey?: string | undefined
  /** Default: the demo tenant (DEMO_CONFIG_ID). */
  tenants?: MockTenant[] | undefined
  /** Path prefix stripped before routing, e.g. '/auth-proxy'. Default ''. */
  basePath?: string | undefined
  /** Delay added to every /v1 and public API call, to show progress states. */
  latencyMs?: number | undefined
  /** Clock in milliseconds; every expiry decision reads it. Default Date.now. */
  now?: (() => number) | undefined
  /** Force endpoints to fail with the given error. */
  failures?: Partial<Record<MockProxyEndpoint, MockFailure>> | undefined
  /** Rate limits of otp_init for every tenant that sets none of its own; `false` turns them off. */
  otpRateLimits?: MockOtpRateLimits | false | undefined
  /**
   * Refuse (3 INVALID_ARGUMENT, naming it by its path) any body member production does not define, in
   * /v1 bodies and the public API's: production ignores such a member, so a client relying on it works
   * here and not there. Snake_case spellings of production's members are still accepted. Default
   * false: unknown members are ignored, as production's gateway does.
   */
  strictFields?: boolean | undefined
  /** Fault rules in force from the start (see MockFaultPlan); checked like `faults.add`'s. */
  faults?: MockFaultRule[] | undefined
  /** How webhook deliveries are made, retried and bounded. */
  webhooks?: MockWebhookOptions | undefined
}

/** Delivery of webhooks (FEATURE_NAME_WEBHOOK). Every field has a default. */
export interface MockWebhookOptions {
  /** What POSTs the deliveries. Default globalThis.fetch (Node 18+, browsers). */
  fetch?: typeof fetch | undefined
  /**
   * Waits before each retry, in ms: a delivery is tried once, then once more after each of these, on a
   * network error, a timeout or a non-2xx answer. Default [500, 1000, 2000] (4 attempts); [] never retries.
   */
  retryDelaysMs?: number[] | undefined
  /** How long one attempt may take before it counts as failed. Default 5000. */
  timeoutMs?: number | undefined
  /** Deliveries waiting at once; a new one beyond this drops the oldest waiting (status 'dropped'). Default 100. */
  maxPending?: number | undefined
  /** Deliveries kept in the log (`list()`, GET /__mock/webhooks); the oldest finished ones go first. Default 200. */
  maxLog?: number | undefined
}

export type MockWebhookDeliveryStatus =
  /** Being tried, or waiting for a retry. */
  | 'pending'
  /** The receiver answered 2xx. */
  | 'delivered'
  /** Every attempt failed: `lastError` says how the last one did. */
  | 'failed'
  /** Pushed out while waiting, by more than maxPending newer deliveries. */
  | 'dropped'
  /** remove_organization_feature removed the URL while it was waiting. */
  | 'cancelled'

/** One notification of one activity to one organization's webhook URL. */
export interface MockWebhookDelivery {
  /** Also the X-Turnkey-Event-Id header. */
  id: string
  /** The organization whose FEATURE_NAME_WEBHOOK this went to (the activity's, or its parent's). */
  organizationId: string
  url: string
  activityId: string
  activityType: string
  /** The organization the activity happened in. */
  activityOrganizationId: string
  attempts: number
  status: MockWebhookDeliveryStatus
  /** The last failed attempt's reason: 'HTTP 500', 'timeout after 5000 ms', the network error. */
  lastError?: string | undefined
  /** The HTTP status of the last answer, when there was one. */
  lastStatus?: number | undefined
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601, once answered 2xx. */
  deliveredAt?: string | undefined
}

/** An organization with FEATURE_NAME_WEBHOOK set, and the key that signs what goes to it. */
export interface MockWebhookEndpoint {
  organizationId: string
  url: string
  /** The HMAC-SHA256 key of X-Mock-Signature. */
  secret: string
}

/** Webhooks: what was sent where, and how to check the signatures. */
export interface MockWebhooks {
  /** Deliveries, newest first (a copy). */
  list(): MockWebhookDelivery[]
  /** Organizations with FEATURE_NAME_WEBHOOK set, with their URL and secret. */
  endpoints(): MockWebhookEndpoint[]
  /** The HMAC-SHA256 key that signs `organizationId`'s deliveries (made on first use; stable until the mock stops). */
  secret(organizationId: string): string
  /** Resolves once no delivery is pending (every one delivered, failed, dropped or cancelled). */
  settled(): Promise<void>
}

/** An organization feature, as production's v1Feature. */
export interface MockFeature {
  name: MockFeatureName
  value: string
}

/** Production's v1FeatureName. The mock acts on FEATURE_NAME_WEBHOOK; it stores and lists the others. */
export type MockFeatureName =
  | 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY'
  | 'FEATURE_NAME_WEBAUTHN_ORIGINS'
  | 'FEATURE_NAME_EMAIL_AUTH'
  | 'FEATURE_NAME_EMAIL_RECOVERY'
  | 'FEATURE_NAME_WEBHOOK'
  | 'FEATURE_NAME_SMS_AUTH'
  | 'FEATURE_NAME_OTP_EMAIL_AUTH'
  | 'FEATURE_NAME_AUTH_PROXY'
  | 'FEATURE_NAME_SOLANA_RENT_PREFUND_ENABLED'
  | 'FEATURE_NAME_SWAP_CONFIG'
  | 'FEATURE_NAME_EARN_CONFIG'

/** Where a fault applies: a proxy endpoint ('otp_verify'), or a public API operation ('submit/stamp_login', 'query/get_user'). */
export type MockFaultTarget = MockProxyEndpoint | `submit/${string}` | `query/${string}`

export type MockFault =
  /** A gRPC error answer, before processing (nothing changes): HTTP status from the code (GRPC_HTTP_STATUS).
   *  retryAfterSeconds adds a Retry-After header and a google.rpc.RetryInfo detail, as a rate limit does. */
  | { kind: 'error'; code: number; message?: string | undefined; retryAfterSeconds?: number | undefined }
  /** A non-JSON page from something in front of the proxy (CDN, WAF, gateway), before processing.
   *  Default body a short HTML page, contentType 'text/html; charset=utf-8'; retryAfter is the header's raw value (seconds or an HTTP date). */
  | {
      kind: 'page'
      status: number
      body?: string | undefined
      contentType?: string | undefined
      retryAfter?: string | undefined
    }
  /** The connection drops with no answer: before processing (default: nothing changes), or after (the request took effect, its answer is lost). */
  | { kind: 'drop'; after?: boolean | undefined }
  /** Processed, answered `ms` later (a client with a shorter timeout gives up while the request took effect). */
  | { kind: 'late'; ms: number }
  /** Processed; the answer's body is cut in half (status and headers kept). */
  | { kind: 'truncate' }
  /** Processed; the JSON answer is labelled with another content type (default 'text/html; charset=utf-8'). */
  | { kind: 'contentType'; contentType?: string | undefined }

export interface MockFaultRule {
  endpoint: MockFaultTarget
  /** The Nth call to `endpoint` (1-based), counted from when the rule was added. Left out: from the first call. */
  call?: number | undefined
  /** How many calls it applies to (from `call` on). Default 1 when `call` is given, else every call (Infinity). */
  times?: number | undefined
  fault: MockFault
}

export interface MockFaultPlan {
  /** Adds a rule (checked: a TypeError naming the field for a bad one); answers a function that removes it. */
  add(rule: MockFaultRule): () => void
  /** Removes every rule. */
  clear(): void
  /** The rules in force, each with how many calls it has faulted so far (`hits`). A copy. */
  list(): Array<MockFaultRule & { hits: number }>
}

/**
 * An OTP the mock "sent": what a real proxy would have emailed or texted, with the tenant's
 * configuration applied (production's otp_init takes only the contact and an email template id).
 */
export interface OutboxMessage {
  otpId: string
  otpType: OtpType
  contact: string
  code: string
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601: the tenant's otpExpirationSeconds after createdAt. */
  expiresAt: string
  /** The tenant's app name, as the message names it. */
  appName: string
  /** SMS only: the text as sent, the tenant's smsTemplate with the code and app name in place. */
  text?: string | undefined
  /** Email only: the subject, the chosen template's (app name and code in place) or the proxy's default. */
  subject?: string | undefined
  /** Email only: the tenant's sender. */
  senderName?: string | undefined
  senderAddress?: string | undefined
  /** Email only, when the tenant sets one. */
  replyToAddress?: string | undefined
  /** Email only, when the tenant sets one. */
  logoUrl?: string | undefined
  /** Email only: the template used (the one asked for, or the tenant's most recent); none for the proxy's own email. */
  templateId?: string | undefined
}

export type MockOtpStatus = 'pending' | 'used' | 'burnt'

export interface MockOtp {
  otpId: string
  configId: string
  otpType: OtpType
  contact: string
  code: string
  alphanumeric: boolean
  /** Wrong codes tried so far; the fifth burns the OTP. */
  failedAttempts: number
  status: MockOtpStatus
  createdAt: string
  expiresAt: string
  /**
   * Sent by otp_init_v2: the key its code is encrypted to (otp_verify_v2). Such a code is never accepted
   * in plaintext (otp_verify), and a code otp_init sent has no target for otp_verify_v2.
   */
  target?: OtpTarget | undefined
}

/** One code's target (otp_init_v2): the public key the client encrypts the code to, and its private half. */
export interface OtpTarget {
  /** Uncompressed P-256 (130 hex digits, 04…), as production's bundle carries it. */
  targetPublic: string
  /** The private scalar in hex: kept in the mock's state with the code, never sent. */
  targetPrivate: string
}

/** A verification token the mock issued, and the usages that have redeemed it. */
export interface MockVerificationToken {
  tokenId: string
  configId: string
  contact: string
  verificationType: OtpType
  /** The key given to otp_verify, which must sign the token's login and signup. */
  publicKey: string
  expiresAt: string
  usedFor: UsageType[]
}

export interface MockApiKey {
  apiKeyName: string
  publicKey: string
  curveType: ApiKeyCurve
  /** ISO 8601, when the signup gave expirationSeconds. */
  expiresAt?: string | undefined
}

export interface MockUser {
  userId: string
  organizationId: string
  userName?: string | undefined
  /** Lowercase: emails are compared case-insensitively. */
  email?: string | undefined
  phoneNumber?: string | undefined
  userTag?: string | undefined
  apiKeys: MockApiKey[]
  /** Passkeys whose attestation the mock verified, in the order they were added. */
  authenticators: MockAuthenticator[]
  /** The OAuth identities signup linked, read from their verified OIDC tokens. */
  oauthProviders: MockOAuthProviderLink[]
  createdAt: string
}

/** A passkey: what a verified attestation registered, and what its assertions are checked against. */
export interface MockAuthenticator {
  authenticatorId: string
  authenticatorName: string
  /** base64url, as WebAuthn's credential id; unique within a tenant. */
  credentialId: string
  /** The credential's COSE public key, base64url. */
  publicKey: string
  /** The authenticator's signature counter as last seen; 0 for authenticators that do not count. */
  counter: number
  transports: AuthenticatorTransport[]
  /** The attestation format the authenticator used ('none' from browsers asked for no attestation). */
  fmt: string
  aaguid: string
  /** The relying party and page origin it was registered on: assertions must come from them. */
  rpId: string
  origin: string
  createdAt: string
}

/** An OAuth identity linked to a user: `(issuer, subject)` finds the user again at login. */
export interface MockOAuthProviderLink {
  /** As the signup request named it: a label, since the provider is read from the token's issuer. */
  providerName: string
  provider: MockOAuthProvider
  issuer: string
  subject: string
  /** The token's audience: the client id it was issued to. */
  audience?: string | undefined
  /** The token's email claim, kept apart from `MockUser.email`: only an OTP proves an email. */
  email?: string | undefined
  linkedAt: string
}

/** A person the mock's consent page offers to sign in as. */
export interface MockOAuthIdentity {
  provider: MockOAuthProvider
  /** Stable: the same person has the same `sub` every time the mock starts. */
  sub: string
  name: string
  email?: string | undefined
}

export interface MockOAuthIdentityInput {
  /** Default: the identity is added at every provider. */
  provider?: MockOAuthProvider | undefined
  name: string
  email?: string | undefined
  /** Default: derived from the provider and the email (or the name), so it is stable across starts. */
  sub?: string | undefined
}

/**
 * An authorization code the consent page issued to a code-flow provider (Facebook, X, Discord): single
 * use, short-lived, bound to its request. Facebook's is redeemed at Facebook's token endpoint, X's and
 * Discord's by oauth2_authenticate.
 */
export interface MockOAuthCode {
  code: string
  provider: MockOAuthProvider
  clientId: string
  redirectUri: string
  /** S256 challenge given at authorize; the redemption checks the verifier against it. */
  codeChallenge: string
  /** Facebook's, given at authorize, goes into its id_token. X and Discord take none at authorize. */
  nonce?: string | undefined
  scope: string
  /** The identity chosen on the consent page. */
  sub: string
  issuedAt: string
  expiresAt: string
  /** Set when it was redeemed. */
  usedAt?: string | undefined
}

/** An OIDC token the mock issued: as a provider (an id_token) or as the proxy (oauth2_authenticate). */
export interface MockOidcToken {
  /** The token's `jti`. */
  tokenId: string
  provider: MockOAuthProvider
  issuer: string
  subject: string
  /** The audience: the client id it was issued to. */
  clientId: string
  /**
   * For a proxy-issued token (X, Discord), the config id whose oauth2_authenticate issued it. A
   * provider's id_token has none: the provider knows the client id, not the proxy's tenant.
   */
  configId?: string | undefined
  issuedAt: string
  expiresAt: string
  /** Set by the first oauth_login with the token: a second one is a replay. */
  loggedInAt?: string | undefined
}

export interface MockWalletAccount {
  walletAccountId: string
  organizationId: string
  walletId: string
  curve: PublicCurve
  pathFormat: 'PATH_FORMAT_BIP32'
  path: string
  addressFormat: PublicAddressFormat
  /** EIP-55 checksummed (Ethereum) or base58 (Solana). */
  address: string
  /** Compressed secp256k1 or ed25519 public key, hex. */
  publicKey: string
  createdAt: string
}

/** A wallet: its accounts derive from `seed`. The mnemonic stays in the mock; no answer carries it. */
export interface MockWallet {
  walletId: string
  walletName: string
  /** The BIP-39 mnemonic (12 words, 128 bits of entropy, unless create_wallet's mnemonicLength asked for more), for a test that wants to import the wallet elsewhere. */
  mnemonic: string
  /** The BIP-39 seed of `mnemonic` (no passphrase), hex: computed once, as deriving it is slow on purpose. */
  seed: string
  accounts: MockWalletAccount[]
  createdAt: string
}

/** A wallet a sign-up asks for (production's v1WalletParams), or a tenant's default one. */
export interface MockWalletSpec {
  walletName: string
  accounts: {
    curve: PublicCurve
    pathFormat: 'PATH_FORMAT_BIP32'
    /** e.g. m/44'/60'/0'/0/0; ed25519 paths are hardened at every level. */
    path: string
    addressFormat: PublicAddressFormat
  }[]
}

export interface MockOrganization {
  organizationId: string
  organizationName?: string | undefined
  /** The tenant's organization this sub-organization belongs to. */
  parentOrganizationId: string
  configId: string
  rootUserIds: string[]
  wallets: MockWallet[]
  createdAt: string
}

export interface MockSession {
  sessionId: string
  configId: string
  userId: string
  organizationId: string
  publicKey: string
  /** A read-only session's key stamps queries only. Logins issue read-write sessions; `issueSession` may issue either. */
  sessionType: SessionType
  createdAt: string
  expiresAt: string
  /** Set when a later login with invalidateExisting revoked it. */
  revokedAt?: string | undefined
}

/** How a stamped request proved who sent it. */
/**
 * What stamped an activity: an API key, a session key or a passkey; or (X-Stamp-Attested, production's
 * newer client) a key that a verification token or an OIDC token attests.
 */
export type MockStampKind = 'API_KEY' | 'SESSION' | 'PASSKEY' | 'VERIFICATION_TOKEN' | 'OIDC_TOKEN'

/**
 * The activities the mock records: the kit's (ActivityType) and the organization features'
 * (set/remove_organization_feature, which the kit does not submit).
 */
export type MockActivityType =
  ActivityType | 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE' | 'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE'

/** A completed activity of the stamped public API. */
export interface MockActivity {
  activityId: string
  type: MockActivityType
  /**
   * The sub-organization of the user who stamped it (also when the request named the parent); the
   * tenant's organization for a feature change stamped by one of its rootApiPublicKeys.
   */
  organizationId: string
  /** The stamping user; `root:<configId>` for the tenant organization's root user, which the mock does not otherwise model. */
  userId: string
  stampedWith: MockStampKind
  /** sha256 of the exact request body, hex: the same body submitted twice is the same activity. */
  fingerprint: string
  createdAt: string
  /** The answer given, read again by the identical request (body and stamp); absent until answered. */
  answer?: unknown
  /** sha256 of the stamp header's name and value the answer was given for, hex. */
  stampDigest?: string | undefined
}

/** Everything the mock remembers. `MockAuthProxy.state` hands out a copy of it. */
export interface MockState {
  organizations: Record<string, MockOrganization>
  users: Record<string, MockUser>
  otps: Record<string, MockOtp>
  verificationTokens: Record<string, MockVerificationToken>
  sessions: Record<string, MockSession>
  /** Oldest first; `outbox()` answers newest first. */
  outbox: OutboxMessage[]
  /** The consent page's identities, in the order it lists them. */
  oauthIdentities: MockOAuthIdentity[]
  oauthCodes: Record<string, MockOAuthCode>
  oidcTokens: Record<string, MockOidcToken>
  /** The public API's completed activities, by id. */
  activities: Record<string, MockActivity>
  /**
   * X-Stamp values of answered queries, by sha256 (hex): a query body carries no timestamp, so the same
   * stamp sent again is refused as a replay for as long as its key can stamp.
   */
  queryStamps: Record<string, MockQueryStamp>
  /** Organization features (set_organization_feature, or a tenant's webhookUrl), by organization id. */
  features: Record<string, MockFeature[]>
  /** Tokens the test Turnstile widget got (POST /__mock/turnstile/token), by token. */
  captchaTokens: Record<string, MockCaptchaToken>
}

/** A test Turnstile token: good for one protected call of the tenant with its site key, until it expires. */
export interface MockCaptchaToken {
  siteKey: string
  issuedAt: string
  expiresAt: string
  /** Set by the call it passed; kept until it would have expired, so that a second use is named as such. */
  usedAt?: string | undefined
}

export interface MockQueryStamp {
  seenAt: string
  /** When the stamping key stops stamping (its session's or API key's expiry, or a bound): then it is forgotten. */
  forgetAt: string
}

export interface MockIssueSessionOptions {
  userId: string
  /** The key the session is bound to: compressed P-256, hex. */
  publicKey: string
  /** Default SESSION_TYPE_READ_WRITE. */
  sessionType?: SessionType | undefined
  /** Default the tenant's sessionExpirationSeconds. */
  expirationSeconds?: number | undefined
}

export interface MockAuthProxy {
  /** The whole proxy as a fetch-style handler. */
  handle(request: Request): Promise<Response>
  /**
   * The same handler in fetch's shape, to inject as the kit's `fetch`. In a page (a story, jsdom) its
   * requests carry the page's origin as a browser's would, though a script cannot set that header.
   */
  fetch: typeof fetch
  /** OTPs sent, newest first; only those to `contact` when given (emails case-insensitively). */
  outbox(contact?: string): OutboxMessage[]
  /** A snapshot copy of the state: reading it is safe, changing it changes nothing. */
  readonly state: MockState
  setFailure(endpoint: MockProxyEndpoint, failure: MockFailure | null): void
  /**
   * Faults to inject: errors, gateway pages, dropped connections, late, cut or mislabelled answers, at
   * an endpoint or a public API operation (also over HTTP: /__mock/faults).
   */
  readonly faults: MockFaultPlan
  setLatency(ms: number): void
  /**
   * Adds a person to the consent page (at one provider, or at every provider when none is named) and
   * answers the identities added. Throws a TypeError naming the field for bad input or a taken `sub`.
   */
  addOAuthIdentity(identity: MockOAuthIdentityInput): MockOAuthIdentity[]
  /** Resolves once the token signing key exists; `handle` waits for it on its own. */
  ready: Promise<void>
  /**
   * For tests: issues a session JWT for an existing user bound to `publicKey`, as a login would, e.g. a
   * read-only one (whose key may stamp queries but no activity). Throws a TypeError naming the field
   * for an unknown user or a bad key or length.
   */
  issueSession(options: MockIssueSessionOptions): Promise<string>
  /** Webhook deliveries (FEATURE_NAME_WEBHOOK) and their signing secrets (also GET /__mock/webhooks). */
  readonly webhooks: MockWebhooks
  /**
   * The public half of the key this mock's enclave signs code targets and current-generation
   * verification tokens with (uncompressed P-256, hex): what a client must be told to trust in place of
   * production's (the kit's `dangerouslyOverrideSignerPublicKey`). Random per mock unless
   * `enclaveSecretKey` fixes it.
   */
  readonly enclaveSignerPublicKey: string
  /**
   * The public half of the key this mock signs sessions with, as production's notarizer signs them
   * (uncompressed P-256, hex): what a backend verifying sessions trusts in place of production's
   * (auth-proxy-kit/server's `notarizerPublicKey`; @turnkey/crypto's verifySessionJwtSignature's
   * override). Also in `/.well-known/jwks.json` as the key whose `kid` is `session-notarizer`. Random
   * per mock.
   */
  readonly sessionNotarizerPublicKey: string
}
