// auth-proxy-kit/mock: the mock auth proxy. Isomorphic: the handler runs in a browser, a test or Node;
// only startMockAuthProxy needs Node (it imports node:http when called).
export { createMockAuthProxy } from './handler'
export { startMockAuthProxy } from './node'
export { MockConnectionDropped } from './faults/MockConnectionDropped'
export type { RunningMockAuthProxy, StartMockAuthProxyOptions } from './node'
export { DEMO_CONFIG_ID, DEMO_DEFAULT_WALLET, DEMO_ORGANIZATION_ID, DEMO_TENANT } from './tenants'
export { CROCKFORD_ALPHABET } from './otp'
export { MOCK_ROUTES, type MockRoute, type MockRouteGroup } from './routes'
export {
  DEMO_OAUTH_CLIENT_IDS,
  MOCK_OAUTH_PROVIDERS,
  mockOAuthAuthorizeUrls,
  mockOAuthEndpoints,
  mockOidcIssuer,
  mockOidcJwksUrl,
} from './oauthProviders'
export type { MockOAuthEndpoints, MockOAuthProvider } from './oauthProviders'
export type {
  MockActivity,
  MockActivityType,
  MockFeature,
  MockFeatureName,
  MockWebhookDelivery,
  MockWebhookDeliveryStatus,
  MockWebhookEndpoint,
  MockWebhookOptions,
  MockWebhooks,
  MockAuthProxy,
  MockAuthProxyOptions,
  MockApiKey,
  MockAuthenticator,
  MockFailure,
  MockFault,
  MockFaultPlan,
  MockFaultRule,
  MockFaultTarget,
  MockIssueSessionOptions,
  MockEmailTemplate,
  MockOAuthCode,
  MockOAuthIdentity,
  MockOAuthIdentityInput,
  MockOAuthProviderLink,
  MockOidcToken,
  MockOrganization,
  MockCaptchaToken,
  MockOtp,
  OtpTarget,
  MockOtpRateLimits,
  MockOtpStatus,
  MockProxyEndpoint,
  MockQueryStamp,
  MockRateWindow,
  MockSession,
  MockStampKind,
  MockState,
  MockTenant,
  MockUser,
  MockVerificationToken,
  MockWallet,
  MockWalletAccount,
  MockWalletSpec,
  OutboxMessage,
  ResolvedMockTenant,
  ResolvedOtpRateLimits,
} from './types'
export { DEFAULT_OTP_RATE_LIMITS } from './otpRateLimits'
export { MOCK_DEV_ENCLAVE_PUBLIC_KEY, MOCK_DEV_ENCLAVE_SECRET_KEY, MOCK_ENCLAVE_KEY_ENV } from './devEnclaveKey'
export { APP_NAME_PLACEHOLDER, DEFAULT_SMS_TEMPLATE, SMS_CODE_PLACEHOLDER } from './messageTemplate'
