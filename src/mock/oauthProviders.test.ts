import { describe, expect, it } from 'vitest'
import {
  MOCK_OAUTH_PROVIDERS,
  mockOAuthAuthorizeUrls,
  mockOidcIssuer,
  providerForIssuer,
  providerFromWire,
  wireProviderName,
} from './oauthProviders'

describe('mockOAuthAuthorizeUrls', () => {
  it("answers each provider's authorize page under the proxy URL, basePath included", () => {
    expect(mockOAuthAuthorizeUrls('http://localhost:5173/auth-proxy/')).toEqual({
      google: 'http://localhost:5173/auth-proxy/__mock/oauth/google/authorize',
      apple: 'http://localhost:5173/auth-proxy/__mock/oauth/apple/authorize',
      x: 'http://localhost:5173/auth-proxy/__mock/oauth/x/authorize',
      discord: 'http://localhost:5173/auth-proxy/__mock/oauth/discord/authorize',
      facebook: 'http://localhost:5173/auth-proxy/__mock/oauth/facebook/authorize',
    })
  })
})

describe('provider names', () => {
  it('map between the tenant spelling and the wire spelling both ways', () => {
    expect(wireProviderName('discord')).toBe('OAUTH2_PROVIDER_DISCORD')
    for (const provider of MOCK_OAUTH_PROVIDERS) expect(providerFromWire(wireProviderName(provider))).toBe(provider)
  })

  it("name a fixed issuer per provider, and recognize only the mock's issuers", () => {
    expect(mockOidcIssuer('google')).toBe('https://mock-auth-proxy.invalid/oauth/google')
    expect(providerForIssuer('https://mock-auth-proxy.invalid/oauth/x')).toBe('x')
    expect(providerForIssuer('https://mock-auth-proxy.invalid/oauth/github')).toBeUndefined()
    expect(providerForIssuer('https://accounts.google.com')).toBeUndefined()
  })
})
