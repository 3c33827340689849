// The wire contract of the auth proxy (../shared/WIRE.md), one definition of each request and
// response. The kit's client sends these and the bundled mock accepts them: neither has its own copy.
// Field names are the production camelCase; 64-bit integers are decimal strings, as protobuf JSON
// writes them.

/** Login methods a tenant can enable, as `wallet_kit_config.enabledProviders` lists them. */
export type EnabledProvider = 'email' | 'sms' | 'passkey' | 'wallet' | 'google' | 'apple' | 'x' | 'discord' | 'facebook'

export const ENABLED_PROVIDERS: readonly EnabledProvider[] = [
  'email',
  'sms',
  'passkey',
  'wallet',
  'google',
  'apple',
  'x',
  'discord',
  'facebook',
]

/** True for a login method this kit knows and can run. */
export function isEnabledProvider(name: string): name is EnabledProvider {
  return (ENABLED_PROVIDERS as readonly string[]).includes(name)
}

/** Body of a gRPC-style error answer; `code` is a gRPC status code. */
export interface ProxyErrorBody {
  code: number
  message: string
  details: unknown[]
}

/** gRPC status codes the proxy uses, with the HTTP status each travels with. */
export const GrpcCode = {
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode]

export const GRPC_HTTP_STATUS: Readonly<Record<GrpcCode, number>> = {
  3: 400,
  4: 504,
  5: 404,
  6: 409,
  7: 403,
  8: 429,
  9: 400,
  13: 500,
  14: 503,
  16: 401,
}

// ---------------------------------------------------------------------------------------------
// wallet_kit_config

export type WalletKitConfigRequest = Record<string, never>

export interface WalletKitConfigResponse {
  /**
   * Production's type is string[]: a proxy may list a method this kit does not know (added later).
   * Offer only the known ones: `isEnabledProvider`, as useLoginMethods does.
   */
  enabledProviders: string[]
  /** Session length in seconds, decimal string (default "900"). */
  sessionExpirationSeconds: string
  /** The tenant's parent organization. */
  organizationId: string
  oauthClientIds?: Partial<Record<string, string>> | undefined
  oauthRedirectUrl?: string | undefined
  otpAlphanumeric: boolean
  /** Decimal string (default "6"). */
  otpLength: string
}

// ---------------------------------------------------------------------------------------------
// OTP

export type OtpType = 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS'

/**
 * Which of the tenant's email templates a code by email uses: production's `v1ProxyEmailCustomizationParams`,
 * the only thing about a code an app chooses per call. Everything else a code says (app name, logo,
 * sender, reply-to, SMS text, length, alphabet, lifetime) is the tenant's configuration, set in the
 * proxy's dashboard.
 */
export interface EmailCustomization {
  /** An email template of the tenant; left out, the proxy uses the tenant's most recent one. */
  templateId?: string | undefined
}

/** production's `ProxyTInitOtpBody`: nothing else. */
export interface OtpInitRequest {
  otpType: OtpType
  contact: string
  emailCustomization?: EmailCustomization | undefined
}

export interface OtpInitResponse {
  otpId: string
}

export interface OtpVerifyRequest {
  otpId: string
  otpCode: string
  /** Compressed P-256 public key, lowercase hex (66 characters). */
  publicKey: string
}

export interface OtpVerifyResponse {
  verificationToken: string
}

/** production's `ProxyTInitOtpV2Body`: the current generation asks for a code the same way. */
export type OtpInitV2Request = OtpInitRequest

export interface OtpInitV2Response {
  otpId: string
  /**
   * JSON text of `{enclaveQuorumPublic, dataSignature, data}`: `data` is the hex of the JSON
   * `{"targetPublic": <uncompressed P-256 key, hex>}`, a key made for this code alone, and
   * `dataSignature` the enclave's ECDSA P-256 / SHA-256 signature over those bytes (DER, hex) by the key
   * `enclaveQuorumPublic` names, which a client checks against the one it trusts before encrypting.
   */
  otpEncryptionTargetBundle: string
}

/** production's `ProxyTVerifyOtpV2Body`: the code never travels in plaintext. */
export interface OtpVerifyV2Request {
  otpId: string
  /**
   * JSON text of `{encappedPublic, ciphertext}` (hex): HPKE (RFC 9180, DHKEM P-256 HKDF-SHA256,
   * HKDF-SHA256, AES-256-GCM, info "turnkey_hpke", aad encappedPublic ‖ targetPublic) of
   * `{"otp_code": <the code>, "public_key": <the client's compressed key>}` to the bundle's target.
   */
  encryptedOtpBundle: string
}

/**
 * A verification token of the current generation: an ES256 JWT by the enclave's key whose claims are
 * all strings, `exp` in milliseconds (production's `verifyOtpVerificationToken`).
 */
export type OtpVerifyV2Response = OtpVerifyResponse

export type ClientSignatureScheme = 'CLIENT_SIGNATURE_SCHEME_API_P256'

/** A proof by the key named in a verification token that the holder means this exact use of it. */
export interface ClientSignature {
  publicKey: string
  scheme: ClientSignatureScheme
  /** JSON text naming the usage, the token id and the usage type (WIRE.md, Client proofs). */
  message: string
  /** ECDSA P-256 / SHA-256 over the UTF-8 bytes of `message`, raw r‖s, lowercase hex. */
  signature: string
}

export interface OtpLoginRequest {
  verificationToken: string
  publicKey: string
  invalidateExisting?: boolean | undefined
  organizationId?: string | undefined
  clientSignature?: ClientSignature | undefined
}

/** production's `ProxyTOtpLoginV2Body` (@turnkey/core 2.0 to 2.5): the client signature is required. */
export interface OtpLoginV2Request extends OtpLoginRequest {
  clientSignature: ClientSignature
}

/** Answer of every login endpoint: a session JWT bound to the request's public key. */
export interface SessionResponse {
  session: string
}
export type OtpLoginResponse = SessionResponse

// ---------------------------------------------------------------------------------------------
// signup

export type ApiKeyCurve = 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519'

export interface SignupApiKey {
  apiKeyName: string
  publicKey: string
  curveType: ApiKeyCurve
  /** Decimal string. */
  expirationSeconds?: string | undefined
}

export type AuthenticatorTransport =
  | 'AUTHENTICATOR_TRANSPORT_BLE'
  | 'AUTHENTICATOR_TRANSPORT_INTERNAL'
  | 'AUTHENTICATOR_TRANSPORT_NFC'
  | 'AUTHENTICATOR_TRANSPORT_USB'
  | 'AUTHENTICATOR_TRANSPORT_HYBRID'

export interface SignupAuthenticator {
  authenticatorName: string
  challenge: string
  attestation: {
    credentialId: string
    clientDataJson: string
    attestationObject: string
    transports: AuthenticatorTransport[]
  }
}

export interface SignupOAuthProvider {
  providerName: string
  oidcToken: string
}

export type WalletCurve = 'CURVE_SECP256K1' | 'CURVE_ED25519' | 'CURVE_P256'

/** Address formats the mock derives real addresses for (production's list is longer; WIRE.md, Wallets are real). */
export type WalletAddressFormat = 'ADDRESS_FORMAT_ETHEREUM' | 'ADDRESS_FORMAT_SOLANA'

export interface WalletAccountParams {
  curve: WalletCurve
  pathFormat: 'PATH_FORMAT_BIP32'
  path: string
  addressFormat: WalletAddressFormat
}

/**
 * Production's `{walletName, accounts}`, the one form the kit sends. (The mock also accepts the seed's
 * `{path, curve}`, which production's signup does not define.)
 */
export interface SignupWallet {
  walletName: string
  accounts: WalletAccountParams[]
}

export interface SignupRequest {
  userName?: string | undefined
  organizationName?: string | undefined
  userEmail?: string | undefined
  userPhoneNumber?: string | undefined
  userTag?: string | undefined
  verificationToken?: string | undefined
  clientSignature?: ClientSignature | undefined
  wallet?: SignupWallet | undefined
  apiKeys: SignupApiKey[]
  authenticators: SignupAuthenticator[]
  oauthProviders: SignupOAuthProvider[]
}

export interface SignupResponse {
  organizationId: string
  userId: string
  wallet?: { walletId: string; addresses: string[] } | undefined
}

// ---------------------------------------------------------------------------------------------
// OAuth

/**
 * Production's whole `oauth2_authenticate` enum: the proxy exchanges codes for X and Discord only;
 * Google, Apple and Facebook give their OIDC token to the client directly.
 */
export type OAuth2Provider = 'OAUTH2_PROVIDER_X' | 'OAUTH2_PROVIDER_DISCORD'

export interface OAuth2AuthenticateRequest {
  provider: OAuth2Provider
  authCode: string
  redirectUri: string
  codeVerifier: string
  nonce: string
  clientId: string
}

export interface OAuth2AuthenticateResponse {
  oidcToken: string
}

export interface OAuthLoginRequest {
  oidcToken: string
  publicKey: string
  invalidateExisting?: boolean | undefined
  organizationId?: string | undefined
}
export type OAuthLoginResponse = SessionResponse

// ---------------------------------------------------------------------------------------------
// account

export type AccountFilterType =
  'EMAIL' | 'PHONE_NUMBER' | 'OIDC_TOKEN' | 'CREDENTIAL_ID' | 'PUBLIC_KEY' | 'NAME' | 'USERNAME'

export interface AccountRequest {
  filterType: AccountFilterType
  filterValue: string
  verificationToken?: string | undefined
  oidcToken?: string | undefined
}

/** `organizationId` is absent (the body is `{}`) when no account matches: the client then signs up. */
export interface AccountResponse {
  organizationId?: string | undefined
}

// ---------------------------------------------------------------------------------------------
// wallet_kit_client_params

/**
 * What the browser needs before some calls (production's ProxyTGetWalletKitClientParamsResponse):
 * `turnstileSiteKey`, the tenant's Cloudflare Turnstile site key; with one, otp_init(_v2) and signup(_v2)
 * need a captcha token. Bodiless, like wallet_kit_config.
 */
export interface WalletKitClientParams {
  turnstileSiteKey?: string | undefined
}

// ---------------------------------------------------------------------------------------------
// The endpoint table, shared by the typed client and the mock's router.

export interface ProxyEndpoints {
  wallet_kit_config: { request: WalletKitConfigRequest; response: WalletKitConfigResponse }
  otp_init: { request: OtpInitRequest; response: OtpInitResponse }
  otp_verify: { request: OtpVerifyRequest; response: OtpVerifyResponse }
  otp_login: { request: OtpLoginRequest; response: OtpLoginResponse }
  otp_init_v2: { request: OtpInitV2Request; response: OtpInitV2Response }
  otp_verify_v2: { request: OtpVerifyV2Request; response: OtpVerifyV2Response }
  otp_login_v2: { request: OtpLoginV2Request; response: OtpLoginResponse }
  signup: { request: SignupRequest; response: SignupResponse }
  signup_v2: { request: SignupRequest; response: SignupResponse }
  oauth2_authenticate: { request: OAuth2AuthenticateRequest; response: OAuth2AuthenticateResponse }
  oauth_login: { request: OAuthLoginRequest; response: OAuthLoginResponse }
  account: { request: AccountRequest; response: AccountResponse }
  wallet_kit_client_params: { request: undefined; response: WalletKitClientParams }
}
export type ProxyEndpoint = keyof ProxyEndpoints

// ---------------------------------------------------------------------------------------------
// Token claims (JWT payloads)

export type VerificationType = OtpType

export interface VerificationTokenClaims {
  /** Unique token id; each usage type (login, signup) may redeem it once. */
  id: string
  contact: string
  verification_type: VerificationType
  /** The compressed P-256 key given to otp_verify. */
  public_key: string
  exp: number
  /** When it was issued (seconds): the proxy's time, from which the kit learns its clock's offset. */
  iat?: number | undefined
}

/** Production's session types; a read-only session's key may stamp queries only. */
export type SessionType = 'SESSION_TYPE_READ_WRITE' | 'SESSION_TYPE_READ_ONLY'

export interface SessionClaims {
  exp: number
  public_key: string
  session_type: SessionType
  user_id: string
  organization_id: string
}

export interface OidcTokenClaims {
  iss: string
  sub: string
  aud: string
  exp: number
  nonce: string
  email?: string | undefined
}

/** Usage types a client signature names. */
export type UsageType = 'USAGE_TYPE_LOGIN' | 'USAGE_TYPE_SIGNUP'
