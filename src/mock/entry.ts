// The package's `auth-proxy-kit/mock` entry: checks the mock's optional peers (requireMockPeers), then
// loads the mock (./index) and re-exports it. A static `export * from './index'` would fail at link time,
// before any check could run, when a peer is missing. The list below is kept equal to ./index's exports
// by entry.test.ts; the types come from ./index's declarations (package.json "types").
import { requireMockPeers } from './requireMockPeers'

await requireMockPeers('auth-proxy-kit/mock')
const mock = await import('./index')

export const {
  APP_NAME_PLACEHOLDER,
  CROCKFORD_ALPHABET,
  DEFAULT_OTP_RATE_LIMITS,
  DEFAULT_SMS_TEMPLATE,
  DEMO_CONFIG_ID,
  DEMO_DEFAULT_WALLET,
  DEMO_OAUTH_CLIENT_IDS,
  DEMO_ORGANIZATION_ID,
  DEMO_TENANT,
  MOCK_DEV_ENCLAVE_PUBLIC_KEY,
  MOCK_DEV_ENCLAVE_SECRET_KEY,
  MOCK_ENCLAVE_KEY_ENV,
  MOCK_OAUTH_PROVIDERS,
  MOCK_ROUTES,
  MockConnectionDropped,
  SMS_CODE_PLACEHOLDER,
  createMockAuthProxy,
  mockOAuthAuthorizeUrls,
  mockOAuthEndpoints,
  mockOidcIssuer,
  mockOidcJwksUrl,
  startMockAuthProxy,
} = mock
