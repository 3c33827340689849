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
  // Production's requests (react-wallet-kit utils/oauth/config and url), parameter by parameter.
  it('asks Google for an id_token in the fragment, with the nonce, no PKCE, and its account chooser', () => {
    const url = new URL(buildAuthorizeUrl({ provider: 'google', ...base }))
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect([...url.searchParams]).toEqual([
      ['client_id', base.clientId],
      ['redirect_uri', base.redirectUri],
      ['response_type', 'id_token'],
      ['scope', 'openid email profile'],
      ['state', base.state],
      ['nonce', base.nonce],
      ['prompt', 'select_account'],
    ])
  })

  it('asks Apple for `code id_token` in the fragment, with the nonce, no scope and no PKCE', () => {
    const url = new URL(buildAuthorizeUrl({ provider: 'apple', ...base }))
    expect(`${url.origin}${url.pathname}`).toBe('https://appleid.apple.com/auth/authorize')
    expect([...url.searchParams]).toEqual([
      ['client_id', base.clientId],
      ['redirect_uri', base.redirectUri],
      ['response_type', 'code id_token'],
      ['response_mode', 'fragment'],
      ['state', base.state],
      ['nonce', base.nonce],
    ])
  })

  it('asks Facebook for a code with PKCE S256 and the nonce, scope openid', () => {
    const url = new URL(buildAuthorizeUrl({ provider: 'facebook', ...base }))
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v11.0/dialog/oauth')
    expect([...url.searchParams]).toEqual([
      ['client_id', base.clientId],
      ['redirect_uri', base.redirectUri],
      ['response_type', 'code'],
      ['scope', 'openid'],
      ['state', base.state],
      ['nonce', base.nonce],
      ['code_challenge', base.codeChallenge],
      ['code_challenge_method', 'S256'],
    ])
  })

  it.each([
    ['x', 'https://x.com/i/oauth2/authorize', 'tweet.read users.read'],
    ['discord', 'https://discord.com/oauth2/authorize', 'identify email'],
  ] as const)('asks %s for a code with PKCE S256 and no nonce (the proxy gets it)', (provider, endpoint, scope) => {
    const url = new URL(buildAuthorizeUrl({ provider, ...base }))
    expect(`${url.origin}${url.pathname}`).toBe(endpoint)
    expect([...url.searchParams]).toEqual([
      ['client_id', base.clientId],
      ['redirect_uri', base.redirectUri],
      ['response_type', 'code'],
      ['scope', scope],
      ['state', base.state],
      ['code_challenge', base.codeChallenge],
      ['code_challenge_method', 'S256'],
    ])
  })

  it('needs the nonce only where it is sent, and the challenge only where PKCE is used', () => {
    const { nonce: _nonce, codeChallenge: _challenge, ...bare } = base
    expect(() => buildAuthorizeUrl({ provider: 'google', ...bare })).toThrow(
      /buildAuthorizeUrl\(\{ nonce \}\) for google: expected a non-empty string/,
    )
    expect(() => buildAuthorizeUrl({ provider: 'x', ...bare })).toThrow(
      /buildAuthorizeUrl\(\{ codeChallenge \}\) for x/,
    )
    expect(() => buildAuthorizeUrl({ provider: 'facebook', ...bare, nonce: base.nonce })).toThrow(
      /\{ codeChallenge \}\) for facebook/,
    )
    expect(
      new URL(buildAuthorizeUrl({ provider: 'apple', ...bare, nonce: base.nonce })).searchParams.has('code_challenge'),
    ).toBe(false)
    expect(
      new URL(buildAuthorizeUrl({ provider: 'discord', ...bare, codeChallenge: base.codeChallenge })).searchParams.has(
        'nonce',
      ),
    ).toBe(false)
  })

  it('sends a scope the caller gives, Apple included, and refuses an empty one', () => {
    expect(new URL(buildAuthorizeUrl({ provider: 'apple', ...base, scope: 'openid' })).searchParams.get('scope')).toBe(
      'openid',
    )
    expect(() => buildAuthorizeUrl({ provider: 'google', ...base, scope: ' ' })).toThrow(
      /buildAuthorizeUrl\(\{ scope \}\)/,
    )
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
    expect(() => buildAuthorizeUrl({ provider: 'google', ...base, state: '' })).toThrow(
      /buildAuthorizeUrl\(\{ state \}\)/,
    )
    expect(() => buildAuthorizeUrl({ provider: 'google', ...base, authorizeUrl: 'javascript:alert(1)' })).toThrow(
      /buildAuthorizeUrl\(\{ authorizeUrl \}\): expected an absolute http\(s\) URL/,
    )
  })
})

describe('OAUTH_PROVIDERS', () => {
  it('sends only X and Discord through oauth2_authenticate, under production’s enum', () => {
    const wire = Object.values(OAUTH_PROVIDERS).flatMap((p) =>
      p.kind === 'oauth2_authenticate' ? [[p.name, p.wireProvider]] : [],
    )
    expect(wire).toEqual([
      ['x', 'OAUTH2_PROVIDER_X'],
      ['discord', 'OAUTH2_PROVIDER_DISCORD'],
    ])
  })

  it('gives each provider production’s kind, answer place and endpoints', () => {
    expect(Object.values(OAUTH_PROVIDERS).map((p) => [p.name, p.kind, p.answerIn])).toEqual([
      ['google', 'id_token', 'fragment'],
      ['apple', 'code_id_token', 'fragment'],
      ['x', 'oauth2_authenticate', 'query'],
      ['discord', 'oauth2_authenticate', 'query'],
      ['facebook', 'token_endpoint', 'query'],
    ])
    expect(OAUTH_PROVIDERS.facebook.tokenUrl).toBe('https://graph.facebook.com/v11.0/oauth/access_token')
  })
})

describe('parseHttpUrl', () => {
  it.each(['/relative', 'ftp://example.com/', 'https://example.com/#frag', 'https://example.com/#', 42])(
    'refuses %s',
    (value) => {
      expect(() => parseHttpUrl(value, 'label')).toThrow(
        /label: expected an absolute http\(s\) URL without a #fragment/,
      )
    },
  )
})
