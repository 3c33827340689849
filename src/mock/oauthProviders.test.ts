import { describe, expect, it } from 'vitest'
import {
  CODE_EXCHANGE_PROVIDERS,
  OAUTH2_PROVIDERS,
  mockOAuthAuthorizeUrls,
  mockOAuthEndpoints,
  mockOidcIssuer,
  mockOidcJwksUrl,
  oidcProviderForIssuer,
  providerFromWire,
  providerOfProxyIssuedSubject,
  proxyIssuedSubject,
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

describe('mockOAuthEndpoints', () => {
  it("adds Facebook's token endpoint to the authorize URLs, in the kit's option names", () => {
    expect(mockOAuthEndpoints('http://localhost:5173/auth-proxy')).toEqual({
      oauthAuthorizeUrls: mockOAuthAuthorizeUrls('http://localhost:5173/auth-proxy'),
      oauthTokenUrls: { facebook: 'http://localhost:5173/auth-proxy/__mock/oauth/facebook/v11.0/oauth/access_token' },
    })
  })

  it('refuses what is neither an http(s) URL nor a path, naming the call and the fix', () => {
    for (const proxyUrl of ['auth-proxy', 'localhost:8787', 'ftp://mock.test', '']) {
      expect(() => mockOAuthEndpoints(proxyUrl)).toThrow(
        new TypeError(
          `mockOAuthEndpoints(proxyUrl): expected the mock's URL, absolute ('http://localhost:8787/auth-proxy') or a path on the page's origin ('/auth-proxy'), got ${JSON.stringify(proxyUrl)}`,
        ),
      )
    }
  })
})

describe('mockOidcJwksUrl', () => {
  it("names the provider's own JWKS for Google, Apple and Facebook, and the proxy's for X and Discord", () => {
    expect(mockOidcJwksUrl('http://mock.test/p/', 'apple')).toBe('http://mock.test/p/__mock/oauth/apple/jwks.json')
    expect(mockOidcJwksUrl('http://mock.test/p', 'discord')).toBe('http://mock.test/p/.well-known/jwks.json')
  })
})

describe('provider names', () => {
  it("are production's whole oauth2_authenticate enum on the wire: X and Discord, both ways", () => {
    expect(OAUTH2_PROVIDERS).toEqual(['OAUTH2_PROVIDER_X', 'OAUTH2_PROVIDER_DISCORD'])
    expect(wireProviderName('discord')).toBe('OAUTH2_PROVIDER_DISCORD')
    for (const provider of CODE_EXCHANGE_PROVIDERS) expect(providerFromWire(wireProviderName(provider))).toBe(provider)
  })
})

describe('issuers', () => {
  it('are the real ones for Google, Apple and Facebook, and the proxy for X and Discord', () => {
    expect(mockOidcIssuer('google')).toBe('https://accounts.google.com')
    expect(mockOidcIssuer('apple')).toBe('https://appleid.apple.com')
    expect(mockOidcIssuer('facebook')).toBe('https://www.facebook.com')
    expect(mockOidcIssuer('x')).toBe('https://mock-auth-proxy.invalid')
    expect(mockOidcIssuer('discord')).toBe('https://mock-auth-proxy.invalid')
  })

  it('map back to the provider whose key signs them, and to none for the proxy or a stranger', () => {
    expect(oidcProviderForIssuer('https://www.facebook.com')).toBe('facebook')
    expect(oidcProviderForIssuer('https://mock-auth-proxy.invalid')).toBeUndefined()
    expect(oidcProviderForIssuer('https://accounts.google.com/')).toBeUndefined()
  })

  it('scope a proxy-issued subject by provider, so that an X and a Discord user never collide', () => {
    expect(proxyIssuedSubject('x', 'mock-1')).toBe('x:mock-1')
    expect(proxyIssuedSubject('x', 'same')).not.toBe(proxyIssuedSubject('discord', 'same'))
    expect(providerOfProxyIssuedSubject('discord:a:b')).toBe('discord')
    expect(providerOfProxyIssuedSubject('google:mock-1')).toBeUndefined()
    expect(providerOfProxyIssuedSubject('mock-1')).toBeUndefined()
  })
})
