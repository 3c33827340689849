// The kit's wire types against production's own (@turnkey/sdk-types 1.10, a devDependency), checked by
// `npm run typecheck`: every body the kit sends is one production accepts, with no member production
// lacks (deeply), and every answer production gives is one the kit can read. A drift fails CI here.
//
// Drift another branch is fixing is written as it must hold, under
// `@ts-expect-error drift fixed by branch <name>`: once that branch is merged the error is gone, and an
// unused @ts-expect-error is itself an error, so the marker must then be removed.
import type {
  ProxyTGetAccountBody,
  ProxyTGetAccountResponse,
  ProxyTGetWalletKitClientParamsResponse,
  ProxyTGetWalletKitConfigResponse,
  ProxyTInitOtpBody,
  ProxyTInitOtpResponse,
  ProxyTInitOtpV2Body,
  ProxyTInitOtpV2Response,
  ProxyTOAuth2AuthenticateBody,
  ProxyTOAuth2AuthenticateResponse,
  ProxyTOAuthLoginBody,
  ProxyTOAuthLoginResponse,
  ProxyTOtpLoginBody,
  ProxyTOtpLoginResponse,
  ProxyTOtpLoginV2Body,
  ProxyTOtpLoginV2Response,
  ProxyTSignupBody,
  ProxyTSignupResponse,
  ProxyTSignupV2Body,
  ProxyTSignupV2Response,
  ProxyTVerifyOtpBody,
  ProxyTVerifyOtpResponse,
  ProxyTVerifyOtpV2Body,
  ProxyTVerifyOtpV2Response,
  v1Activity,
  v1ApiKeyParamsV2,
  v1AuthenticatorParamsV2,
  v1ClientSignature,
  v1CreateAuthenticatorsRequest,
  v1GetWhoamiRequest,
  v1GetWhoamiResponse,
  v1Result,
  v1SignRawPayloadRequest,
  v1SignRawPayloadsRequest,
  v1SignTransactionRequest,
  v1StampLoginRequest,
  v1GetUserRequest,
  v1GetUserResponse,
  v1GetWalletsRequest,
  v1GetWalletsResponse,
  v1GetWalletAccountsRequest,
  v1GetWalletAccountsResponse,
  v1CreateWalletRequest,
  v1WalletParams,
} from '@turnkey/sdk-types'
import type { CONFIG_DEFAULTS } from '../core/client'
import type { AuthProxyClient, CallOptions } from '../core/contracts'
import type {
  Activity,
  ActivityEnvelope,
  PublicActivities,
  PublicActivityName,
  PublicQueries,
} from '../core/publicApiTypes'
import type {
  ClientSignature,
  OtpVerifyRequest,
  ProxyEndpoint,
  ProxyEndpoints,
  SignupApiKey,
  SignupAuthenticator,
  SignupWallet,
  WalletKitClientParams,
  WalletKitConfigResponse,
} from '../core/types'
import type { Assert, Equal, ExtraMembers, ReadsOnly, SendsOnly } from './wireConformance'

// ---------------------------------------------------------------------------------------------
// The auth proxy's /v1 endpoints, by the client's own methods: what they take is what the kit sends.

/** Each endpoint of the kit's table and production's body and answer for it. */
interface ProductionProxy {
  wallet_kit_config: { request: undefined; response: ProxyTGetWalletKitConfigResponse }
  otp_init: { request: ProxyTInitOtpBody; response: ProxyTInitOtpResponse }
  otp_verify: { request: ProxyTVerifyOtpBody; response: ProxyTVerifyOtpResponse }
  otp_login: { request: ProxyTOtpLoginBody; response: ProxyTOtpLoginResponse }
  otp_init_v2: { request: ProxyTInitOtpV2Body; response: ProxyTInitOtpV2Response }
  otp_verify_v2: { request: ProxyTVerifyOtpV2Body; response: ProxyTVerifyOtpV2Response }
  otp_login_v2: { request: ProxyTOtpLoginV2Body; response: ProxyTOtpLoginV2Response }
  signup: { request: ProxyTSignupBody; response: ProxyTSignupResponse }
  signup_v2: { request: ProxyTSignupV2Body; response: ProxyTSignupV2Response }
  oauth2_authenticate: { request: ProxyTOAuth2AuthenticateBody; response: ProxyTOAuth2AuthenticateResponse }
  oauth_login: { request: ProxyTOAuthLoginBody; response: ProxyTOAuthLoginResponse }
  account: { request: ProxyTGetAccountBody; response: ProxyTGetAccountResponse }
  wallet_kit_client_params: { request: undefined; response: ProxyTGetWalletKitClientParamsResponse }
}
// An endpoint added to the kit's table must be added here, and so checked.
export type EveryEndpointChecked = Assert<Equal<keyof ProductionProxy, ProxyEndpoint>>

type Sent<M extends keyof AuthProxyClient> = AuthProxyClient[M] extends (body: infer Body, ...rest: never[]) => unknown
  ? Body
  : never
type Read<M extends keyof AuthProxyClient> = AuthProxyClient[M] extends (...args: never[]) => Promise<infer Answer>
  ? Answer
  : never

// otp_init: production takes otpType, contact and emailCustomization.templateId, nothing else.
export type OtpInitSends = Assert<SendsOnly<Sent<'otpInit'>, ProductionProxy['otp_init']['request']>>
export type OtpInitReads = Assert<ReadsOnly<Read<'otpInit'>, ProductionProxy['otp_init']['response']>>
export type OtpVerifySends = Assert<SendsOnly<Sent<'otpVerify'>, ProductionProxy['otp_verify']['request']>>
export type OtpVerifyReads = Assert<ReadsOnly<Read<'otpVerify'>, ProductionProxy['otp_verify']['response']>>
export type OtpLoginSends = Assert<SendsOnly<Sent<'otpLogin'>, ProductionProxy['otp_login']['request']>>
export type OtpLoginReads = Assert<ReadsOnly<Read<'otpLogin'>, ProductionProxy['otp_login']['response']>>
export type OtpInitV2Sends = Assert<SendsOnly<Sent<'otpInitV2'>, ProductionProxy['otp_init_v2']['request']>>
export type OtpInitV2Reads = Assert<ReadsOnly<Read<'otpInitV2'>, ProductionProxy['otp_init_v2']['response']>>
export type OtpVerifyV2Sends = Assert<SendsOnly<Sent<'otpVerifyV2'>, ProductionProxy['otp_verify_v2']['request']>>
export type OtpVerifyV2Reads = Assert<ReadsOnly<Read<'otpVerifyV2'>, ProductionProxy['otp_verify_v2']['response']>>
export type OtpLoginV2Sends = Assert<SendsOnly<Sent<'otpLoginV2'>, ProductionProxy['otp_login_v2']['request']>>
export type OtpLoginV2Reads = Assert<ReadsOnly<Read<'otpLoginV2'>, ProductionProxy['otp_login_v2']['response']>>
export type SignupSends = Assert<SendsOnly<Sent<'signup'>, ProductionProxy['signup']['request']>>
export type SignupReads = Assert<ReadsOnly<Read<'signup'>, ProductionProxy['signup']['response']>>
export type SignupV2Sends = Assert<SendsOnly<Sent<'signupV2'>, ProductionProxy['signup_v2']['request']>>
export type SignupV2Reads = Assert<ReadsOnly<Read<'signupV2'>, ProductionProxy['signup_v2']['response']>>
export type AccountSends = Assert<SendsOnly<Sent<'account'>, ProductionProxy['account']['request']>>
export type AccountReads = Assert<ReadsOnly<Read<'account'>, ProductionProxy['account']['response']>>
// oauth2_authenticate: production's provider enum is OAUTH2_PROVIDER_X | OAUTH2_PROVIDER_DISCORD only.
export type OAuth2AuthenticateSends = Assert<
  SendsOnly<Sent<'oauth2Authenticate'>, ProductionProxy['oauth2_authenticate']['request']>
>
export type OAuth2AuthenticateReads = Assert<
  ReadsOnly<Read<'oauth2Authenticate'>, ProductionProxy['oauth2_authenticate']['response']>
>
export type OAuthLoginSends = Assert<SendsOnly<Sent<'oauthLogin'>, ProductionProxy['oauth_login']['request']>>
export type OAuthLoginReads = Assert<ReadsOnly<Read<'oauthLogin'>, ProductionProxy['oauth_login']['response']>>

// The generic call() sends and reads the table's types, and each named method is call() with its endpoint.
interface MethodOf {
  otp_init: 'otpInit'
  otp_verify: 'otpVerify'
  otp_login: 'otpLogin'
  otp_init_v2: 'otpInitV2'
  otp_verify_v2: 'otpVerifyV2'
  otp_login_v2: 'otpLoginV2'
  signup: 'signup'
  signup_v2: 'signupV2'
  oauth2_authenticate: 'oauth2Authenticate'
  oauth_login: 'oauthLogin'
  account: 'account'
}
export type NamedMethodsSendTheTable = Assert<
  Equal<{ [E in keyof MethodOf]: Sent<MethodOf[E]> }, { [E in keyof MethodOf]: ProxyEndpoints[E]['request'] }>
>
export type EveryEndpointHasAMethod = Assert<
  Equal<keyof MethodOf | 'wallet_kit_config' | 'wallet_kit_client_params', ProxyEndpoint>
>

// Each item type on its own, so that a drift names the item and not only the body holding it.
export type ClientSignatureSends = Assert<SendsOnly<ClientSignature, v1ClientSignature>>
export type ApiKeySends = Assert<SendsOnly<SignupApiKey, v1ApiKeyParamsV2>>
export type AuthenticatorSends = Assert<SendsOnly<SignupAuthenticator, v1AuthenticatorParamsV2>>
export type WalletSends = Assert<SendsOnly<SignupWallet, v1WalletParams>>

// wallet_kit_config goes without a body, as production's client sends it. Its answer is read with the
// members production may leave out filled in from the client's defaults (client.ts), so the
// kit may require exactly those that it fills.
type WalletKitConfigAsFilled = Omit<ProxyTGetWalletKitConfigResponse, keyof typeof CONFIG_DEFAULTS> &
  Required<Pick<ProxyTGetWalletKitConfigResponse, keyof typeof CONFIG_DEFAULTS>>
export type WalletKitConfigSendsNoBody = Assert<
  Equal<Parameters<AuthProxyClient['walletKitConfig']>, [options?: CallOptions]>
>
// wallet_kit_client_params too goes without a body (no method of its own: getCaptchaSiteKey calls it), and
// its answer is production's.
export type WalletKitClientParamsReads = Assert<
  ReadsOnly<WalletKitClientParams, ProxyTGetWalletKitClientParamsResponse>
>
export type WalletKitConfigReads = Assert<ReadsOnly<WalletKitConfigResponse, WalletKitConfigAsFilled>>

// ---------------------------------------------------------------------------------------------
// The stamped public API: the envelope the kit stamps and sends is production's request, and the
// activity it reads is production's, narrowed by what the client checks before returning it
// (publicApiClient.ts: status COMPLETED, the envelope's type, the activity's result member).

export type StampLoginSends = Assert<SendsOnly<ActivityEnvelope<'stamp_login'>, v1StampLoginRequest>>
export type CreateAuthenticatorsSends = Assert<
  SendsOnly<ActivityEnvelope<'create_authenticators'>, v1CreateAuthenticatorsRequest>
>
export type WhoamiSends = Assert<SendsOnly<PublicQueries['whoami']['request'], v1GetWhoamiRequest>>
export type WhoamiReads = Assert<ReadsOnly<PublicQueries['whoami']['response'], v1GetWhoamiResponse>>

type CompletedActivity<A extends PublicActivityName, ResultMember extends keyof v1Result> = Omit<
  v1Activity,
  'status' | 'type' | 'result'
> & {
  status: 'ACTIVITY_STATUS_COMPLETED'
  type: PublicActivities[A]['type']
  result: v1Result & Required<Pick<v1Result, ResultMember>>
}
export type StampLoginReads = Assert<
  ReadsOnly<Activity<'stamp_login'>, CompletedActivity<'stamp_login', 'stampLoginResult'>>
>
export type CreateAuthenticatorsReads = Assert<
  ReadsOnly<Activity<'create_authenticators'>, CompletedActivity<'create_authenticators', 'createAuthenticatorsResult'>>
>
// Signing, as production's clients ask it (core signMessage and signTransaction, viem signTypedData).
export type SignRawPayloadSends = Assert<SendsOnly<ActivityEnvelope<'sign_raw_payload'>, v1SignRawPayloadRequest>>
export type SignRawPayloadReads = Assert<
  ReadsOnly<Activity<'sign_raw_payload'>, CompletedActivity<'sign_raw_payload', 'signRawPayloadResult'>>
>
export type SignRawPayloadsSends = Assert<SendsOnly<ActivityEnvelope<'sign_raw_payloads'>, v1SignRawPayloadsRequest>>
export type SignTransactionSends = Assert<SendsOnly<ActivityEnvelope<'sign_transaction'>, v1SignTransactionRequest>>
export type SignTransactionReads = Assert<
  ReadsOnly<Activity<'sign_transaction'>, CompletedActivity<'sign_transaction', 'signTransactionResult'>>
>

// The signed-in queries and the wallet activity the kit's views and create_wallet use.
export type GetUserSends = Assert<SendsOnly<PublicQueries['get_user']['request'], v1GetUserRequest>>
export type GetUserReads = Assert<ReadsOnly<PublicQueries['get_user']['response'], v1GetUserResponse>>
export type ListWalletsSends = Assert<SendsOnly<PublicQueries['list_wallets']['request'], v1GetWalletsRequest>>
export type ListWalletsReads = Assert<ReadsOnly<PublicQueries['list_wallets']['response'], v1GetWalletsResponse>>
export type ListWalletAccountsSends = Assert<
  SendsOnly<PublicQueries['list_wallet_accounts']['request'], v1GetWalletAccountsRequest>
>
export type ListWalletAccountsReads = Assert<
  ReadsOnly<PublicQueries['list_wallet_accounts']['response'], v1GetWalletAccountsResponse>
>
export type CreateWalletSends = Assert<SendsOnly<ActivityEnvelope<'create_wallet'>, v1CreateWalletRequest>>
export type CreateWalletReads = Assert<
  ReadsOnly<Activity<'create_wallet'>, CompletedActivity<'create_wallet', 'createWalletResult'>>
>

// ---------------------------------------------------------------------------------------------
// The checker itself can fail: each drift below is caught.

// The paths it names.
export type NamesNestedPaths = Assert<
  Equal<
    ExtraMembers<{ a: { b: 1; c: 2 }; d: { e: 3; f: 4 }[] }, { a: { b: number }; d: { e: number }[] }>,
    'a.c' | 'd[].f'
  >
>
export type NamesNothingForExactTypes = Assert<Equal<ExtraMembers<OtpVerifyRequest, ProxyTVerifyOtpBody>, never>>

// A member production lacks, at the top level.
// (prettier-ignore below: each expected error must stay on the line after its directive.)
// prettier-ignore
// @ts-expect-error the kit would send otpLength, which production drops
export type CatchesExtraMember = Assert<SendsOnly<OtpVerifyRequest & { otpLength: string }, ProxyTVerifyOtpBody>>
// In a nested object.
// prettier-ignore
// @ts-expect-error the kit would send emailCustomization.appName
export type CatchesNestedExtraMember = Assert<SendsOnly<{ otpType: string; contact: string; emailCustomization: { appName: string } }, ProxyTInitOtpBody>>
// In an array's items.
// prettier-ignore
// @ts-expect-error the kit would send apiKeys[].note
export type CatchesExtraItemMember = Assert<SendsOnly<{ apiKeys: (SignupApiKey & { note: string })[] }, Pick<ProxyTSignupBody, 'apiKeys'>>>
// A value outside production's enum.
// prettier-ignore
// @ts-expect-error API_KEY_CURVE_RSA is not one of production's curves
export type CatchesWrongEnum = Assert<SendsOnly<Omit<SignupApiKey, 'curveType'> & { curveType: 'API_KEY_CURVE_RSA' }, v1ApiKeyParamsV2>>
// A member production requires, left optional.
// prettier-ignore
// @ts-expect-error otp_login without a sure publicKey
export type CatchesMissingRequired = Assert<SendsOnly<Omit<Sent<'otpLogin'>, 'publicKey'> & { publicKey?: string }, ProxyTOtpLoginBody>>
// An answer member production does not send.
// prettier-ignore
// @ts-expect-error production's otp_init answers no expiresAt
export type CatchesExpectedMissingAnswer = Assert<ReadsOnly<{ otpId: string; expiresAt: string }, ProxyTInitOtpResponse>>
// An answer member production may leave out, read as always there.
// prettier-ignore
// @ts-expect-error account answers {} when nothing matches
export type CatchesOptionalReadAsRequired = Assert<ReadsOnly<{ organizationId: string }, ProxyTGetAccountResponse>>
