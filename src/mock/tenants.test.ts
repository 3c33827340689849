import { describe, expect, it } from 'vitest'
import { DEMO_TENANT, resolveTenants } from './tenants'

describe('resolveTenants', () => {
  it('gives the demo tenant email, SMS, Google, Apple and passkeys, and a client id for every provider', () => {
    const [demo] = resolveTenants([DEMO_TENANT])
    expect(demo?.enabledProviders).toEqual(['email', 'sms', 'google', 'apple', 'passkey'])
    expect(demo?.oauthClientIds).toEqual({
      google: 'demo-google-client',
      apple: 'demo-apple-client',
      x: 'demo-x-client',
      discord: 'demo-discord-client',
      facebook: 'demo-facebook-client',
    })
    expect(demo?.oauthRedirectUrl).toBeUndefined()
  })

  it('keeps email only as the default of any other tenant', () => {
    expect(resolveTenants([{ configId: 'a', organizationId: 'o' }])[0]?.enabledProviders).toEqual(['email'])
  })

  it.each([
    [{ oauthClientIds: { github: 'c' } }, /^tenants\[0\]\.oauthClientIds: expected an object \{provider: clientId\} with providers among google, apple, x, discord, facebook/],
    [{ oauthClientIds: { google: '' } }, /^tenants\[0\]\.oauthClientIds: expected/],
    [{ oauthClientIds: ['google'] }, /^tenants\[0\]\.oauthClientIds: expected/],
    [{ oauthRedirectUrl: '/callback' }, 'tenants[0].oauthRedirectUrl: expected an absolute http(s) URL without a fragment, got "/callback"'],
    [{ oauthRedirectUrl: 'javascript:alert(1)' }, /^tenants\[0\]\.oauthRedirectUrl: expected an absolute http\(s\) URL/],
    [{ oauthRedirectUrl: 'http://app.test/cb#x' }, /^tenants\[0\]\.oauthRedirectUrl: expected an absolute http\(s\) URL/],
  ])('refuses %j, naming the option', (override, message) => {
    expect(() => resolveTenants([{ configId: 'a', organizationId: 'o', ...override }])).toThrow(message)
  })

  it('accepts a registered redirect URL with a query', () => {
    const [tenant] = resolveTenants([{ configId: 'a', organizationId: 'o', oauthRedirectUrl: 'https://app.test/cb?from=oauth' }])
    expect(tenant?.oauthRedirectUrl).toBe('https://app.test/cb?from=oauth')
  })
})
