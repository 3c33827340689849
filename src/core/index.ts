// auth-proxy-kit/core: everything framework-agnostic. No React is imported from here.
//
// A curated surface: what an app builds a sign-in on (the kit, the actions, errors, the wire and contract
// types, the side effects it may inject, a few guards). How the kit encodes, signs and stamps stays
// private, so that it can change without breaking anyone; index.test.ts lists every runtime name.

// The kit and its contracts
export { createKit, type KitOptions } from './createKit'
export type {
  AuthProxyClient,
  CallOptions,
  ConfigSnapshot,
  ConfigStore,
  KeyStore,
  Kit,
  KitOtpSettings,
  PublicApiClient,
  ReadableStore,
  Session,
  SessionCookie,
  SessionEventTarget,
  SessionSetOptions,
  SessionSnapshot,
  SessionStatus,
  SessionStorage,
  SessionStore,
  SignInIdentity,
  Stamp,
  Stamper,
  StampHeaderName,
  Store,
} from './contracts'

// Errors
export { DEFAULT_USER_MESSAGES, KitError, isKitError, type KitErrorCode, type KitErrorOptions } from './errors'

// Side effects an app or a test may inject (createKit's options)
export { createAuthProxyClient, type AuthProxyClientOptions } from './client'
export { getCaptchaSiteKey } from './captcha/clientParams'
export { defaultKeyStore, type DefaultKeyStoreOptions } from './keys/defaultKeyStore'
export { indexedDbKeyStore, type IndexedDbKeyStoreOptions, type StoredKeyRecord } from './keys/indexedDbKeyStore'
export { memoryKeyStore } from './keys/memoryKeyStore'
export { memoryStorage, type MemoryStorage } from './session/memoryStorage'
export { createSessionCookie, type CookiePage, type SessionCookieOptions } from './session/sessionCookie'
export type { KitOAuthOptions, KitOAuthSettings, OAuthLocation, OAuthStorage, OAuthTokenUrls } from './oauth/kitOAuth'
export type { WebAuthnModule } from './passkey/webAuthnModule'

// Input checks a form runs before calling an action
export { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from './validators'
export { normalizeOtpCode, type NormalizedOtpCode, type NormalizeOtpCodeOptions } from './otp/normalizeOtpCode'
// The OTP flow as a store (steps, cooldowns, expiry, persistence across reloads): what useEmailOtp and useSmsOtp bind to.
export {
  createOtpFlow,
  OTP_FLOW_IDLE,
  type CreateOtpFlowOptions,
  type OtpFlow,
  type OtpFlowChallenge,
  type OtpFlowSnapshot,
  type OtpFlowStep,
  type OtpResendOptions,
  type OtpStartOptions,
} from './otp/createOtpFlow'
export type { FlowStorage } from './otp/pendingOtp'

// Actions: OTP by email or SMS
export { ASSUMED_OTP_LIFETIME_SECONDS, type OtpChallenge } from './otp/otpChallenge'
export type { OtpCodeConfig } from './otp/checkOtpInput'
export { startOtp, type EmailOtpOptions, type OtpOptions, type StartOtpParameters } from './otp/startOtp'
export { completeOtp, type CompleteOtpParameters, type CompleteOtpReturnType } from './otp/completeOtp'
export { cancelOtp } from './otp/cancelOtp'
export { loginWithOtp } from './otp/loginWithOtp'
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
} from './otp/emailOtp'
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
} from './otp/smsOtp'

export type { OAuthWindow } from './oauth/oauthWindow'
export type {
  HandleOAuthRedirectOptions,
  OAuthRedirect,
  OAuthRedirectSnapshot,
  OAuthRedirectStatus,
} from './oauth/oauthRedirect'
// Actions: OAuth, by popup or redirect
export { startOAuth, type StartOAuthParameters, type StartOAuthReturnType } from './oauth/startOAuth'
export { completeOAuth, type CompleteOAuthParameters, type CompleteOAuthReturnType } from './oauth/completeOAuth'
export { cancelOAuth } from './oauth/cancelOAuth'
export { oauthPopupLogin, type OAuthPopupLoginParameters } from './oauth/oauthPopupLogin'
export { loginWithOAuth } from './oauth/oauthActions'
export {
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  isOAuthProviderName,
  type OAuthProvider,
  type OAuthProviderKind,
  type OAuthProviderName,
} from './oauth/providers'
export type { OAuthMode, PendingOAuth } from './oauth/pendingOAuth'
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
  type OAuthPopup,
  type OAuthPopupOpener,
} from './oauth/popup'
export { preferredOAuthMode, type OAuthModeEnvironment } from './oauth/preferredOAuthMode'

// Actions: passkeys
export {
  signUpWithPasskey,
  type SignUpWithPasskeyParameters,
  type SignUpWithPasskeyReturnType,
} from './passkey/signUpWithPasskey'
export {
  loginWithPasskey,
  type LoginWithPasskeyParameters,
  type LoginWithPasskeyReturnType,
} from './passkey/loginWithPasskey'
export { addPasskey, type AddPasskeyParameters, type AddPasskeyReturnType } from './passkey/addPasskey'
export type { PasskeyPromptParameters, SessionParameters } from './passkey/checkPasskeyInput'
// Types the public declarations above name (scripts/check-public-types.ts keeps this complete).
export type { OtpRetryFor } from './otp/otpFlowSnapshot'
export type { LazyModule, LazyModuleSnapshot } from './lazyModule'
export type { MemoryKeyStoreOptions } from './keys/memoryKeyStore'
export type { PendingOAuthRedirectStorage } from './oauth/pendingOAuthRedirect'
export type { WalletCallOptions } from './wallet/walletOptions'
export { passkeysSupported } from './passkey/passkeysSupported'
export { isPasskeySignUpIncomplete, isPasskeyWithoutAccount } from './errors'
export { PasskeySignUpIncompleteError, PasskeyWithoutAccountError } from './passkey/passkeySignUpErrors'
export { preloadWebAuthn } from './passkey/webAuthnModule'

// Actions: signing out
export { logout } from './session/logout'
export { getSessionToken } from './session/getSessionToken'

// Signed-in actions: who is signed in, the wallets, signing, keeping the session alive (the wallet chunk)
export { getUser, type GetUserOptions } from './wallet/getUser'
export { getWallets, type GetWalletsOptions, type WalletWithAccounts } from './wallet/getWallets'
// Signing (the signing chunk)
export { signMessage, type SignedMessage, type SignMessageParameters } from './signing/signMessage'
export { signTypedData, type SignedTypedData, type SignTypedDataParameters } from './signing/signTypedData'
export { signTransaction, type SignedTransaction, type SignTransactionParameters } from './signing/signTransaction'
export {
  sendTransaction,
  type RpcTransport,
  type SendTransactionParameters,
  type SentTransaction,
} from './signing/sendTransaction'
export type {
  SignInPrompt,
  SignInPromptSlot,
  SigningAccount,
  SigningPrompt,
  SigningPromptSlot,
  SigningRequest,
  TransactionSummary,
} from './signing/signingPrompt'
export type { TypedDataDefinition, TypedDataDomain, TypedDataField } from './signing/typedData'
export { refreshSession, type RefreshSessionOptions } from './wallet/refreshSession'
export {
  DEFAULT_REFRESH_BEFORE_MS,
  MIN_REFRESH_BEFORE_MS,
  startAutoRefresh,
  type AutoRefreshOptions,
  type RefreshLocks,
} from './wallet/startAutoRefresh'

// The wire: the auth proxy's /v1 contract and the stamped public API subset
export { ENABLED_PROVIDERS, isEnabledProvider } from './types'
export type * from './types'
export type * from './publicApiTypes'
