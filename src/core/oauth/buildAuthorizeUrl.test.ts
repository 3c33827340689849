import { describe, expect, it } from 'vitest'
import { buildAuthorizeUrl } from './buildAuthorizeUrl'
import { parseHttpUrl } from './parseHttpUrl'
import { OAUTH_PROVIDERS, type OAuthProviderName } from './providers'

const base = {
  clientId: 'client-123.apps.example',
  redirectUri: 'https://app.example.com/auth/callback',
  state: 's'.repeat(43),
  nonce: 'n'.repeat(64),
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
}

describe('buildAuthorizeUrl', () => {
  it('sends the code flow request with PKCE S256 and the nonce, in this order', () => {
    const url = new URL(buildAuthorizeUrl({ provider: 'google', ...base }))
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect([...url.searchParams]).toEqual([
      ['client_id', base.clientId],
      ['redirect_uri', base.redirectUri],
      ['response_type', 'code'],
      ['scope', 'openid email profile'],
      ['state', base.state],
      ['nonce', base.nonce],
      ['code_challenge', base.codeChallenge],
      ['code_challenge_method', 'S256'],
    ])
  })

  it.each([
    ['google', 'https://accounts.google.com/o/oauth2/v2/auth', 'openid email profile'],
    ['apple', 'https://appleid.apple.com/auth/authorize', 'openid email name'],
    ['x', 'https://x.com/i/oauth2/authorize', 'users.read tweet.read'],
    ['discord', 'https://discord.com/oauth2/authorize', 'identify email openid'],
    ['facebook', 'https://www.facebook.com/v19.0/dialog/oauth', 'openid email'],
  ] as const)('uses %s’s own endpoint and default scope', (provider, endpoint, scope) => {
    const url = new URL(buildAuthorizeUrl({ provider, ...base }))
    expect(`${url.origin}${url.pathname}`).toBe(endpoint)
    expect(url.searchParams.get('scope')).toBe(scope)
  })

  it('goes to an override endpoint (the mock’s), keeping its own query and replacing ours', () => {
    const url = new URL(
      buildAuthorizeUrl({
        provider: 'discord',
        ...base,
        scope: 'identify',
        authorizeUrl: 'http://localhost:5173/auth-proxy/__mock/oauth/discord/authorize?tenant=demo&state=stale',
      }),
    )
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:5173/auth-proxy/__mock/oauth/discord/authorize')
    expect(url.searchParams.get('tenant')).toBe('demo')
    expect(url.searchParams.getAll('state')).toEqual([base.state])
    expect(url.searchParams.get('scope')).toBe('identify')
  })

  it('encodes values (a redirect URI with a query survives the round trip)', () => {
    const redirectUri = 'https://app.example.com/cb?x=1&y=a b'
    const href = buildAuthorizeUrl({ provider: 'x', ...base, redirectUri })
    expect(href).not.toContain('?x=1&y=')
    expect(new URL(href).searchParams.get('redirect_uri')).toBe(redirectUri)
  })

  it('refuses an unknown provider, a missing field and a bad endpoint with labelled errors', () => {
    expect(() => buildAuthorizeUrl({ provider: 'github' as OAuthProviderName, ...base })).toThrow(
      /buildAuthorizeUrl\(\{ provider \}\): expected one of google, apple, x, discord, facebook/,
    )
    expect(() => buildAuthorizeUrl({ provider: 'google', ...base, state: '' })).toThrow(/buildAuthorizeUrl\(\{ state \}\)/)
    expect(() => buildAuthorizeUrl({ provider: 'google', ...base, authorizeUrl: 'javascript:alert(1)' })).toThrow(
      /buildAuthorizeUrl\(\{ authorizeUrl \}\): expected an absolute http\(s\) URL/,
    )
  })
})

describe('OAUTH_PROVIDERS', () => {
  it('names each provider as oauth2_authenticate does', () => {
    expect(Object.values(OAUTH_PROVIDERS).map((p) => [p.name, p.wireProvider])).toEqual([
      ['google', 'OAUTH2_PROVIDER_GOOGLE'],
      ['apple', 'OAUTH2_PROVIDER_APPLE'],
      ['x', 'OAUTH2_PROVIDER_X'],
      ['discord', 'OAUTH2_PROVIDER_DISCORD'],
      ['facebook', 'OAUTH2_PROVIDER_FACEBOOK'],
    ])
  })
})

describe('parseHttpUrl', () => {
  it.each(['/relative', 'ftp://example.com/', 'https://example.com/#frag', 'https://example.com/#', 42])('refuses %s', (value) => {
    expect(() => parseHttpUrl(value, 'label')).toThrow(/label: expected an absolute http\(s\) URL without a #fragment/)
  })
})
