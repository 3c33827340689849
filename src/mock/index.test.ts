import { describe, expect, it } from 'vitest'
import * as entry from './index'

describe('auth-proxy-kit/mock', () => {
  // Every change to the public API should be deliberate: this list changes with it.
  it('exports exactly its public API', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'APP_NAME_PLACEHOLDER',
      'CROCKFORD_ALPHABET',
      'DEFAULT_OTP_RATE_LIMITS',
      'DEFAULT_SMS_TEMPLATE',
      'DEMO_CONFIG_ID',
      'DEMO_DEFAULT_WALLET',
      'DEMO_OAUTH_CLIENT_IDS',
      'DEMO_ORGANIZATION_ID',
      'DEMO_TENANT',
      'MOCK_DEV_ENCLAVE_PUBLIC_KEY',
      'MOCK_DEV_ENCLAVE_SECRET_KEY',
      'MOCK_ENCLAVE_KEY_ENV',
      'MOCK_OAUTH_PROVIDERS',
      'MOCK_ROUTES',
      'MockConnectionDropped',
      'SMS_CODE_PLACEHOLDER',
      'createMockAuthProxy',
      'mockOAuthAuthorizeUrls',
      'mockOAuthEndpoints',
      'mockOidcIssuer',
      'mockOidcJwksUrl',
      'startMockAuthProxy',
    ])
    expect(entry.DEMO_CONFIG_ID).toBe('demo')
    expect(entry.DEMO_ORGANIZATION_ID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
