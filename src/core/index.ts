// auth-proxy-kit/core: everything framework-agnostic. No React is imported from here.

export { createKit, type Kit, type KitOptions } from './createKit'
export {
  createAuthProxyClient,
  DEFAULT_TIMEOUT_MS,
  type AuthProxyClient,
  type AuthProxyClientOptions,
  type CallOptions,
} from './client'
export {
  DEFAULT_USER_MESSAGES,
  KitError,
  isKitError,
  kitErrorCodeForGrpc,
  type KitErrorCode,
  type KitErrorOptions,
} from './errors'
export { base64urlDecode, base64urlEncode, fromHex, fromUtf8, toHex, utf8 } from './encoding'
export { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from './validators'
export { prefetchSignIn } from './prefetchSignIn'

export type { KeyStore } from './keys/keyStore'
export { indexedDbKeyStore, type IndexedDbKeyStoreOptions, type StoredKeyRecord } from './keys/indexedDbKeyStore'
export { memoryKeyStore } from './keys/memoryKeyStore'
export { defaultKeyStore, type DefaultKeyStoreOptions } from './keys/defaultKeyStore'
export { compressPublicKey, isCompressedPublicKey, rawSignatureToDer } from './keys/p256'

export { decodeSessionToken, decodeVerificationToken } from './session/jwt'
export {
  createSessionStore,
  sessionStorageKey,
  type Session,
  type SessionEventTarget,
  type SessionSnapshot,
  type SessionStatus,
  type SessionStorage,
  type SessionStore,
  type SessionStoreOptions,
} from './session/sessionStore'
export { memoryStorage, type MemoryStorage } from './session/memoryStorage'

export {
  CROCKFORD_ALPHABET,
  normalizeOtpCode,
  type NormalizedOtpCode,
  type NormalizeOtpCodeOptions,
} from './otp/normalizeOtpCode'
export {
  ASSUMED_OTP_LIFETIME_SECONDS,
  cancelOtp,
  completeOtp,
  loginWithOtp,
  startOtp,
  type CompleteOtpParameters,
  type CompleteOtpReturnType,
  type EmailOtpOptions,
  type OtpChallenge,
  type OtpCodeConfig,
  type OtpOptions,
  type StartOtpParameters,
} from './flows/otp'
export {
  cancelSmsOtp,
  completeSmsOtp,
  loginWithSmsOtp,
  startSmsOtp,
  type CompleteSmsOtpParameters,
  type CompleteSmsOtpReturnType,
  type SmsOtpChallenge,
  type StartSmsOtpParameters,
  type StartSmsOtpReturnType,
} from './flows/smsOtp'
export {
  cancelEmailOtp,
  completeEmailOtp,
  loginWithEmailOtp,
  startEmailOtp,
  type CompleteEmailOtpParameters,
  type CompleteEmailOtpReturnType,
  type EmailOtpChallenge,
  type StartEmailOtpParameters,
  type StartEmailOtpReturnType,
} from './flows/emailOtp'
export {
  loginMessage,
  signClientMessage,
  signupMessage,
  type LoginMessageParameters,
  type SignupMessageParameters,
} from './flows/clientSignature'
export { logout } from './flows/logout'

export { calculateCodeChallenge, generateCodeVerifier } from './oauth/pkce'
export { oauthNonce } from './oauth/oauthNonce'
export {
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  isOAuthProviderName,
  type OAuthProvider,
  type OAuthProviderKind,
  type OAuthProviderName,
} from './oauth/providers'
export { buildAuthorizeUrl, type BuildAuthorizeUrlParameters } from './oauth/buildAuthorizeUrl'
export type { KitOAuth, KitOAuthOptions, KitOAuthSettings, OAuthLocation, OAuthStorage, OAuthTokenUrls } from './oauth/kitOAuth'
export {
  OAUTH_PENDING_TTL_MS,
  pendingOAuthKey,
  type OAuthMode,
  type PendingOAuth,
} from './oauth/pendingOAuth'
export {
  cleanOAuthCallbackUrl,
  isOAuthCallback,
  parseOAuthCallback,
  type OAuthCallbackParameters,
} from './oauth/callbackUrl'
export {
  OAUTH_POPUP_WINDOW_NAME,
  isOAuthPopupWindow,
  openOAuthPopup,
  waitForOAuthPopup,
  type OAuthPopup,
  type OAuthPopupOpener,
  type WaitForOAuthPopupOptions,
} from './oauth/popup'
export { preferredOAuthMode, type OAuthModeEnvironment } from './oauth/preferredOAuthMode'
export type { OAuthWindow } from './oauth/oauthWindow'
export type { HandleOAuthRedirectOptions, OAuthRedirect, OAuthRedirectSnapshot, OAuthRedirectStatus } from './oauth/oauthRedirect'
export {
  cancelOAuth,
  completeOAuth,
  loginWithOAuth,
  oauthPopupLogin,
  startOAuth,
  type CompleteOAuthParameters,
  type CompleteOAuthReturnType,
  type OAuthPopupLoginParameters,
  type StartOAuthParameters,
  type StartOAuthReturnType,
} from './flows/oauth'

export {
  addPasskey,
  loginWithPasskey,
  PASSKEY_SIGNUP_API_KEY_SECONDS,
  signUpWithPasskey,
  type AddPasskeyParameters,
  type AddPasskeyReturnType,
  type LoginWithPasskeyParameters,
  type LoginWithPasskeyReturnType,
  type SignUpWithPasskeyParameters,
  type SignUpWithPasskeyReturnType,
} from './flows/passkey'
export { createPasskey, type CreatePasskeyParameters, type CreatePasskeyReturnType } from './passkey/createPasskey'
export {
  getPasskeyAssertion,
  type GetPasskeyAssertionParameters,
  type GetPasskeyAssertionReturnType,
} from './passkey/getPasskeyAssertion'
export { passkeyStamper, type PasskeyStamperParameters } from './passkey/passkeyStamper'
export { toAuthenticatorTransports } from './passkey/authenticatorTransports'
export { preloadWebAuthn, type WebAuthnModule } from './passkey/webAuthnModule'
export { passkeysSupported } from './passkey/passkeysSupported'
export { stampChallenge, type StampChallenge } from './stamp/stampChallenge'
export { API_KEY_STAMP_SCHEME, stampRequestBody } from './stamp/stampRequestBody'
export { webAuthnStamp, type WebAuthnAssertion } from './stamp/webAuthnStamp'
export { apiKeyStamper, type Stamp, type Stamper, type StampHeaderName } from './stamp/stamper'
export { createPublicApiClient, type PublicApiClient, type PublicApiClientOptions } from './stamp/publicApiClient'
export type * from './publicApiTypes'

export * from './types'
