// Compile-time check that strict mode's member lists are production's: each `Same<...>` line fails
// `tsc` when @turnkey/sdk-types adds, removes or renames a member (a type-only import: the types are
// a devDependency and never reach the built mock).
import type {
  ProxyTGetAccountBody,
  ProxyTGetWalletKitClientParamsBody,
  ProxyTGetWalletKitConfigBody,
  ProxyTInitOtpBody,
  ProxyTInitOtpV2Body,
  ProxyTOAuth2AuthenticateBody,
  ProxyTOAuthLoginBody,
  ProxyTOtpLoginBody,
  ProxyTOtpLoginV2Body,
  ProxyTSignupBody,
  ProxyTSignupV2Body,
  ProxyTVerifyOtpBody,
  ProxyTVerifyOtpV2Body,
  v1ApiKeyParamsV2,
  v1Attestation,
  v1AuthenticatorParamsV2,
  v1ClientSignature,
  v1CreateAuthenticatorsIntentV2,
  v1CreateAuthenticatorsRequest,
  v1CreateWalletIntent,
  v1CreateWalletRequest,
  v1GetWhoamiRequest,
  v1GetUserRequest,
  v1GetWalletAccountsRequest,
  v1GetWalletsRequest,
  v1Pagination,
  v1RemoveOrganizationFeatureIntent,
  v1RemoveOrganizationFeatureRequest,
  v1SetOrganizationFeatureIntent,
  v1SetOrganizationFeatureRequest,
  v1SignRawPayloadIntentV2,
  v1SignRawPayloadRequest,
  v1SignRawPayloadsIntent,
  v1SignRawPayloadsRequest,
  v1SignTransactionIntentV2,
  v1SignTransactionRequest,
  v1OauthProviderParams,
  v1OauthProviderParamsV2,
  v1OidcClaims,
  v1ProxyEmailCustomizationParams,
  v1StampLoginIntent,
  v1StampLoginRequest,
  v1WalletAccountParams,
  v1WalletParams,
} from '@turnkey/sdk-types'
import { describe, expect, it } from 'vitest'
import {
  API_KEY,
  ATTESTATION,
  AUTHENTICATOR,
  CLIENT_SIGNATURE,
  CREATE_AUTHENTICATORS_INTENT,
  CREATE_WALLET_INTENT,
  EMAIL_CUSTOMIZATION,
  OAUTH_PROVIDER,
  OAUTH_PROVIDER_V2,
  OIDC_CLAIMS,
  PROXY_BODIES,
  PUBLIC_API_BODIES,
  PAGINATION,
  REMOVE_ORGANIZATION_FEATURE_INTENT,
  SET_ORGANIZATION_FEATURE_INTENT,
  SIGN_RAW_PAYLOAD_INTENT,
  SIGN_RAW_PAYLOADS_INTENT,
  SIGN_TRANSACTION_INTENT,
  STAMP_LOGIN_INTENT,
  WALLET,
  WALLET_ACCOUNT,
  type ProductionShape,
} from './productionFields'

/** `true` only when A and B are the same type (mutual assignability of the function forms is exact). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Names<S> = S extends ProductionShape<infer M> ? M : never
/** Every member any branch of T defines (`keyof` of a union would keep only the common ones). */
type Production<T> = T extends unknown ? Extract<keyof T, string> : never
/** Compiles only when the data's names are exactly production's. */
type Same<S, T> = Equal<Names<S>, Production<T>>

const checks: Record<string, true> = {
  wallet_kit_config: true satisfies Same<typeof PROXY_BODIES.wallet_kit_config, ProxyTGetWalletKitConfigBody>,
  wallet_kit_client_params: true satisfies Same<
    typeof PROXY_BODIES.wallet_kit_client_params,
    ProxyTGetWalletKitClientParamsBody
  >,
  otp_init: true satisfies Same<typeof PROXY_BODIES.otp_init, ProxyTInitOtpBody>,
  otp_verify: true satisfies Same<typeof PROXY_BODIES.otp_verify, ProxyTVerifyOtpBody>,
  otp_login: true satisfies Same<typeof PROXY_BODIES.otp_login, ProxyTOtpLoginBody>,
  otp_init_v2: true satisfies Same<typeof PROXY_BODIES.otp_init_v2, ProxyTInitOtpV2Body>,
  otp_verify_v2: true satisfies Same<typeof PROXY_BODIES.otp_verify_v2, ProxyTVerifyOtpV2Body>,
  otp_login_v2: true satisfies Same<typeof PROXY_BODIES.otp_login_v2, ProxyTOtpLoginV2Body>,
  signup: true satisfies Same<typeof PROXY_BODIES.signup, ProxyTSignupBody>,
  signup_v2: true satisfies Same<typeof PROXY_BODIES.signup_v2, ProxyTSignupV2Body>,
  oauth2_authenticate: true satisfies Same<typeof PROXY_BODIES.oauth2_authenticate, ProxyTOAuth2AuthenticateBody>,
  oauth_login: true satisfies Same<typeof PROXY_BODIES.oauth_login, ProxyTOAuthLoginBody>,
  account: true satisfies Same<typeof PROXY_BODIES.account, ProxyTGetAccountBody>,
  emailCustomization: true satisfies Same<typeof EMAIL_CUSTOMIZATION, v1ProxyEmailCustomizationParams>,
  clientSignature: true satisfies Same<typeof CLIENT_SIGNATURE, v1ClientSignature>,
  apiKey: true satisfies Same<typeof API_KEY, v1ApiKeyParamsV2>,
  authenticator: true satisfies Same<typeof AUTHENTICATOR, v1AuthenticatorParamsV2>,
  attestation: true satisfies Same<typeof ATTESTATION, v1Attestation>,
  oauthProvider: true satisfies Same<typeof OAUTH_PROVIDER, v1OauthProviderParams>,
  oauthProviderV2: true satisfies Same<typeof OAUTH_PROVIDER_V2, v1OauthProviderParamsV2>,
  oidcClaims: true satisfies Same<typeof OIDC_CLAIMS, v1OidcClaims>,
  wallet: true satisfies Same<typeof WALLET, v1WalletParams>,
  walletAccount: true satisfies Same<typeof WALLET_ACCOUNT, v1WalletAccountParams>,
  stampLogin: true satisfies Same<(typeof PUBLIC_API_BODIES)['submit/stamp_login'], v1StampLoginRequest>,
  stampLoginIntent: true satisfies Same<typeof STAMP_LOGIN_INTENT, v1StampLoginIntent>,
  createAuthenticators: true satisfies Same<
    (typeof PUBLIC_API_BODIES)['submit/create_authenticators'],
    v1CreateAuthenticatorsRequest
  >,
  createAuthenticatorsIntent: true satisfies Same<typeof CREATE_AUTHENTICATORS_INTENT, v1CreateAuthenticatorsIntentV2>,
  whoami: true satisfies Same<(typeof PUBLIC_API_BODIES)['query/whoami'], v1GetWhoamiRequest>,
  getUser: true satisfies Same<(typeof PUBLIC_API_BODIES)['query/get_user'], v1GetUserRequest>,
  listWallets: true satisfies Same<(typeof PUBLIC_API_BODIES)['query/list_wallets'], v1GetWalletsRequest>,
  listWalletAccounts: true satisfies Same<
    (typeof PUBLIC_API_BODIES)['query/list_wallet_accounts'],
    v1GetWalletAccountsRequest
  >,
  pagination: true satisfies Same<typeof PAGINATION, v1Pagination>,
  signRawPayloads: true satisfies Same<
    (typeof PUBLIC_API_BODIES)['submit/sign_raw_payloads'],
    v1SignRawPayloadsRequest
  >,
  signRawPayloadsIntent: true satisfies Same<typeof SIGN_RAW_PAYLOADS_INTENT, v1SignRawPayloadsIntent>,
  signRawPayload: true satisfies Same<(typeof PUBLIC_API_BODIES)['submit/sign_raw_payload'], v1SignRawPayloadRequest>,
  signRawPayloadIntent: true satisfies Same<typeof SIGN_RAW_PAYLOAD_INTENT, v1SignRawPayloadIntentV2>,
  signTransaction: true satisfies Same<(typeof PUBLIC_API_BODIES)['submit/sign_transaction'], v1SignTransactionRequest>,
  signTransactionIntent: true satisfies Same<typeof SIGN_TRANSACTION_INTENT, v1SignTransactionIntentV2>,
  createWallet: true satisfies Same<(typeof PUBLIC_API_BODIES)['submit/create_wallet'], v1CreateWalletRequest>,
  createWalletIntent: true satisfies Same<typeof CREATE_WALLET_INTENT, v1CreateWalletIntent>,
  setOrganizationFeature: true satisfies Same<
    (typeof PUBLIC_API_BODIES)['submit/set_organization_feature'],
    v1SetOrganizationFeatureRequest
  >,
  setOrganizationFeatureIntent: true satisfies Same<
    typeof SET_ORGANIZATION_FEATURE_INTENT,
    v1SetOrganizationFeatureIntent
  >,
  removeOrganizationFeature: true satisfies Same<
    (typeof PUBLIC_API_BODIES)['submit/remove_organization_feature'],
    v1RemoveOrganizationFeatureRequest
  >,
  removeOrganizationFeatureIntent: true satisfies Same<
    typeof REMOVE_ORGANIZATION_FEATURE_INTENT,
    v1RemoveOrganizationFeatureIntent
  >,
}

// A sanity check of the checker itself: a list missing a member, or with one too many, does not compile.
// @ts-expect-error otpType is missing
true satisfies Equal<'contact', Production<ProxyTInitOtpBody>>
// @ts-expect-error otpLength is not production's
true satisfies Equal<'otpType' | 'contact' | 'emailCustomization' | 'otpLength', Production<ProxyTInitOtpBody>>

describe('production member lists', () => {
  it('cover every endpoint the mock serves under /v1 (the type checks above hold for each)', () => {
    expect(Object.keys(PROXY_BODIES).sort()).toEqual(
      Object.keys(checks)
        .filter((name) => name in PROXY_BODIES)
        .sort(),
    )
  })
})
