export { AuthProxyProvider, type AuthProxyProviderProps, type AutoRefreshSettings } from './AuthProxyProvider'
export type { AuthProxyAppearance, AuthProxyCallbacks, FlowStorage } from './context'
export { useLoginModal, type UseLoginModalReturnType } from './useLoginModal'
export { useLoginModalHost, type UseLoginModalHostReturnType } from './useLoginModalHost'
export { useAuthProxyAppearance } from './useAuthProxyAppearance'
export { useKit } from './useKit'
export { useSession } from './useSession'
export { useSessionTimeLeft } from './useSessionTimeLeft'
export {
  useWalletKitConfig,
  type UseWalletKitConfigParameters,
  type UseWalletKitConfigReturnType,
} from './useWalletKitConfig'
export {
  walletKitConfigQueryKey,
  walletKitConfigQueryOptions,
  type WalletKitConfigQueryOptions,
} from './walletKitConfigQueryOptions'
export { useLoginMethods } from './useLoginMethods'
export { useOAuthProviders } from './useOAuthProviders'
export { useEmailOtp, type EmailOtpStep, type UseEmailOtpParameters, type UseEmailOtpReturnType } from './useEmailOtp'
export {
  useSmsOtp,
  type SmsOtpStartOptions,
  type SmsOtpStep,
  type UseSmsOtpParameters,
  type UseSmsOtpReturnType,
} from './useSmsOtp'
export type { UseOtpFlowParameters, UseOtpReturnType } from './useOtpFlowStore'
export type { ActionCallbacks, ActionState } from './actionState'
export { useLogout, type UseLogoutParameters, type UseLogoutReturnType } from './useLogout'
export {
  useLoginWithOAuth,
  type LoginWithOAuthData,
  type LoginWithOAuthParameters,
  type LoginWithOAuthVariables,
  type UseLoginWithOAuthParameters,
  type UseLoginWithOAuthReturnType,
} from './useLoginWithOAuth'
export {
  useOAuthCallback,
  type OAuthRedirectSnapshot,
  type OAuthRedirectStatus,
  type UseOAuthCallbackReturnType,
} from './useOAuthCallback'
export type { OAuthWindow } from './oauthWindow'
export { prefetchSignIn } from './prefetchSignIn'
export {
  useLoginWithPasskey,
  type LoginWithPasskeyVariables,
  type UseLoginWithPasskeyParameters,
  type UseLoginWithPasskeyReturnType,
} from './useLoginWithPasskey'
export {
  useSignUpWithPasskey,
  type SignUpWithPasskeyVariables,
  type UseSignUpWithPasskeyParameters,
  type UseSignUpWithPasskeyReturnType,
} from './useSignUpWithPasskey'
export {
  useAddPasskey,
  type AddPasskeyVariables,
  type UseAddPasskeyParameters,
  type UseAddPasskeyReturnType,
} from './useAddPasskey'
export { usePasskeySupport, type UsePasskeySupportReturnType } from './usePasskeySupport'
export type { PasskeyMutation } from './usePasskeyMutation'
export { prefetchWhenIdle } from '../prefetchWhenIdle'
// Types the public declarations name (scripts/check-public-types.ts keeps this complete).
export type { LazyModule, LazyModuleSnapshot, OtpRetryFor, PasskeyPromptParameters, SessionParameters } from '../core'
export { useUser, type UseUserParameters, type UseUserReturnType } from './useUser'
export { useWallets, type UseWalletsParameters, type UseWalletsReturnType } from './useWallets'
export {
  useSignMessage,
  type SignMessageVariables,
  type UseSignMessageParameters,
  type UseSignMessageReturnType,
} from './useSignMessage'
// What the signing hooks take and what a signing prompt is shown (core's types).
export type {
  SignInPrompt,
  SigningAccount,
  SigningPrompt,
  SigningRequest,
  TransactionSummary,
  TypedDataDefinition,
  TypedDataDomain,
  TypedDataField,
} from '../core'
export {
  useSignTypedData,
  type SignTypedDataVariables,
  type UseSignTypedDataParameters,
  type UseSignTypedDataReturnType,
} from './useSignTypedData'
export {
  useSignTransaction,
  type SignTransactionVariables,
  type UseSignTransactionParameters,
  type UseSignTransactionReturnType,
} from './useSignTransaction'
export {
  useSendTransaction,
  type SendTransactionVariables,
  type UseSendTransactionParameters,
  type UseSendTransactionReturnType,
} from './useSendTransaction'
export {
  useRefreshSession,
  type RefreshSessionVariables,
  type UseRefreshSessionParameters,
  type UseRefreshSessionReturnType,
} from './useRefreshSession'
export { usePasskeyName } from './usePasskeyName'
export {
  useCaptchaSiteKey,
  TURNSTILE_SCRIPT_URL,
  type UseCaptchaSiteKeyParameters,
  type UseCaptchaSiteKeyReturnType,
} from './useCaptchaSiteKey'
export { accountQueryKey, accountQueryPrefix } from './accountQueryKey'
export type {
  CompleteOAuthReturnType,
  EmailOtpChallenge,
  EmailOtpOptions,
  Kit,
  KitOtpSettings,
  OAuthMode,
  OAuthProviderName,
  OtpChallenge,
  OtpOptions,
  OtpResendOptions,
  OtpStartOptions,
  PublicAddressFormat,
  PublicUser,
  PublicWallet,
  PublicWalletAccount,
  Session,
  SessionSnapshot,
  WalletKitClientParams,
  SignedMessage,
  SignInIdentity,
  SignupWallet,
  WalletWithAccounts,
  SessionStatus,
  WebAuthnModule,
  SmsOtpChallenge,
} from '../core'
export type { EnabledProvider, WalletKitConfigResponse } from '../core/types'
export { DEFAULT_USER_MESSAGES, KitError, isKitError, type KitErrorCode } from '../core/errors'
// A failed passkey sign-up's recovery (log in with error.credentialId), for the kit's buttons and a custom UI.
export { isPasskeySignUpIncomplete, isPasskeyWithoutAccount } from '../core/errors'
export type { PasskeySignUpIncompleteError, PasskeyWithoutAccountError } from '../core/passkey/passkeySignUpErrors'
// What the kit's own components need of core at run time: a custom UI has the same.
export { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from '../core/validators'
export { normalizeOtpCode } from '../core/otp/normalizeOtpCode'
export {
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  type OAuthProviderCommon,
} from '../core/oauth/providers'
