import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import type { MockTenant } from '../types'
import { call, ok, setup, snapshot, type Answer } from '../testing/harness'
import { REDIRECT_URI, authorize, authorizeQuery, createPkce, postConsent, subOf } from '../testing/oauth'

function expectError(answer: Answer, code: number, status: number, message: string | RegExp): void {
  expect(answer.status).toBe(status)
  expect(answer.body).toEqual({ code, message: typeof message === 'string' ? message : expect.stringMatching(message), details: [] })
}

describe('oauth2_authenticate', () => {
  it('exchanges a code for an ES256 OIDC token from the mock: iss, sub, aud, exp, iat, nonce, email', async () => {
    const { proxy, clock } = setup()
    const authorized = await authorize(proxy, 'google', 'Ada Lovelace')
    const { oidcToken } = await ok<{ oidcToken: string }>(call(proxy, 'oauth2_authenticate', authorized.exchange))
    const jwks = (await (await proxy.handle(new Request('http://mock.test/.well-known/jwks.json'))).json()) as JSONWebKeySet
    const { payload, protectedHeader } = await jwtVerify(oidcToken, createLocalJWKSet(jwks), {
      currentDate: new Date(clock.now()),
    })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: jwks.keys[0]?.kid })
    const now = Math.floor(clock.now() / 1000)
    expect(payload).toEqual({
      iss: 'https://mock-auth-proxy.invalid/oauth/google',
      sub: subOf(proxy, 'google', 'Ada Lovelace'),
      aud: 'demo-google-client',
      exp: now + 600,
      iat: now,
      nonce: authorized.nonce,
      email: 'ada@example.com',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(proxy.state.oauthCodes[authorized.code]?.usedAt).toBe(new Date(clock.now()).toISOString())
    expect(proxy.state.oidcTokens[payload.jti ?? '']).toEqual({
      tokenId: payload.jti,
      configId: 'demo',
      provider: 'google',
      issuer: 'https://mock-auth-proxy.invalid/oauth/google',
      subject: payload.sub,
      clientId: 'demo-google-client',
      expiresAt: new Date((now + 600) * 1000).toISOString(),
    })
  })

  it('leaves email out for an identity without one', async () => {
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'o', enabledProviders: ['x'], oauthClientIds: { x: 'demo-x-client' } }],
    })
    const authorized = await authorize(proxy, 'x', 'Alan Turing')
    const { oidcToken } = await ok<{ oidcToken: string }>(call(proxy, 'oauth2_authenticate', authorized.exchange))
    const claims = decodeJwt(oidcToken)
    expect(claims.iss).toBe('https://mock-auth-proxy.invalid/oauth/x')
    expect(claims).not.toHaveProperty('email')
  })

  it('accepts the snake_case spelling of every field', async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const answer = await call(proxy, 'oauth2_authenticate', {
      provider: exchange.provider,
      auth_code: exchange.authCode,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
      nonce: exchange.nonce,
      client_id: exchange.clientId,
    })
    expect(answer.status).toBe(200)
  })

  it('refuses a wrong verifier (16) without spending the code: the right one still works', async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const before = snapshot(proxy)
    const wrong = await call(proxy, 'oauth2_authenticate', { ...exchange, codeVerifier: createPkce().verifier })
    expectError(wrong, 16, 401, 'codeVerifier: its S256 challenge is not the code_challenge given at authorize')
    expect(snapshot(proxy)).toBe(before)
    expect((await call(proxy, 'oauth2_authenticate', exchange)).status).toBe(200)
  })

  it('refuses a code used once already (16)', async () => {
    const { proxy, clock } = setup()
    const { exchange } = await authorize(proxy)
    await ok(call(proxy, 'oauth2_authenticate', exchange))
    const usedAt = new Date(clock.now()).toISOString()
    const before = snapshot(proxy)
    const again = await call(proxy, 'oauth2_authenticate', exchange)
    expectError(again, 16, 401, `authCode: already used at ${usedAt}; sign in with the provider again`)
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a code after 60 s (16), and takes it until then', async () => {
    const { proxy, clock } = setup()
    const early = await authorize(proxy)
    const late = await authorize(proxy)
    const expiresAt = new Date(clock.now() + 60_000).toISOString()
    clock.advance(59_999)
    expect((await call(proxy, 'oauth2_authenticate', early.exchange)).status).toBe(200)
    clock.advance(1)
    const before = snapshot(proxy)
    const expired = await call(proxy, 'oauth2_authenticate', late.exchange)
    expectError(expired, 16, 401, `authCode: expired at ${expiresAt}; sign in with the provider again`)
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses an unknown code (16)', async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const before = snapshot(proxy)
    const answer = await call(proxy, 'oauth2_authenticate', { ...exchange, authCode: 'not-a-code' })
    expectError(answer, 16, 401, 'authCode: unknown code; sign in with the provider again')
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a redirect URI other than the one given at authorize (16)', async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const before = snapshot(proxy)
    const answer = await call(proxy, 'oauth2_authenticate', { ...exchange, redirectUri: 'http://app.test/other' })
    expectError(answer, 16, 401, `redirectUri: not the redirect_uri the code was issued for (${REDIRECT_URI})`)
    expect(snapshot(proxy)).toBe(before)
  })

  it("refuses a client id that is not the tenant's for the provider (3)", async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const before = snapshot(proxy)
    const answer = await call(proxy, 'oauth2_authenticate', { ...exchange, clientId: 'demo-apple-client' })
    expectError(
      answer,
      3,
      400,
      'clientId: "demo-apple-client" is not the google client id of config id "demo" ("demo-google-client")',
    )
    expect(snapshot(proxy)).toBe(before)
  })

  it("refuses a code issued to another tenant's client id (16)", async () => {
    const tenants: MockTenant[] = [
      { configId: 'demo', organizationId: 'o1', enabledProviders: ['google'], oauthClientIds: { google: 'demo-google-client' } },
      { configId: 'other', organizationId: 'o2', enabledProviders: ['google'], oauthClientIds: { google: 'other-client' } },
    ]
    const { proxy } = setup({ tenants })
    const pkce = createPkce()
    const response = await postConsent(proxy, 'google', {
      ...authorizeQuery('google', pkce, 'n', { client_id: 'other-client' }),
      identity: subOf(proxy, 'google', 'Ada Lovelace'),
    })
    const code = new URL(response.headers.get('Location') ?? '').searchParams.get('code') ?? ''
    const before = snapshot(proxy)
    const answer = await call(proxy, 'oauth2_authenticate', {
      provider: 'OAUTH2_PROVIDER_GOOGLE',
      authCode: code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
      nonce: 'n',
      clientId: 'demo-google-client',
    })
    expectError(answer, 16, 401, 'authCode: issued to client id "other-client", not "demo-google-client"')
    expect(snapshot(proxy)).toBe(before)
  })

  it("refuses a code presented as another provider's (16)", async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy, 'google')
    const answer = await call(proxy, 'oauth2_authenticate', {
      ...exchange,
      provider: 'OAUTH2_PROVIDER_APPLE',
      clientId: 'demo-apple-client',
    })
    expectError(answer, 16, 401, 'authCode: issued by google, not apple')
  })

  it('refuses a nonce other than the one given at authorize (16)', async () => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const before = snapshot(proxy)
    const answer = await call(proxy, 'oauth2_authenticate', { ...exchange, nonce: 'f'.repeat(64) })
    expectError(answer, 16, 401, 'nonce: not the nonce given at authorize')
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a provider the tenant does not enable (3) or has no client id for (9)', async () => {
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'o', enabledProviders: ['email', 'google', 'discord'], oauthClientIds: { google: 'g' } }],
    })
    const before = snapshot(proxy)
    const body = { authCode: 'c', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43), nonce: 'n', clientId: 'g' }
    expectError(
      await call(proxy, 'oauth2_authenticate', { ...body, provider: 'OAUTH2_PROVIDER_X' }),
      3,
      400,
      'provider: x sign-in is not enabled for config id "demo" (enabled: email, google, discord)',
    )
    expectError(
      await call(proxy, 'oauth2_authenticate', { ...body, provider: 'OAUTH2_PROVIDER_DISCORD' }),
      9,
      400,
      'provider: config id "demo" has no discord client id (oauthClientIds.discord)',
    )
    expect(snapshot(proxy)).toBe(before)
  })

  it("holds the redirect URI to the tenant's oauthRedirectUrl (3)", async () => {
    const { proxy } = setup({
      tenants: [
        {
          configId: 'demo',
          organizationId: 'o',
          enabledProviders: ['google'],
          oauthClientIds: { google: 'demo-google-client' },
          oauthRedirectUrl: 'https://app.test/cb',
        },
      ],
    })
    const answer = await call(proxy, 'oauth2_authenticate', {
      provider: 'OAUTH2_PROVIDER_GOOGLE',
      authCode: 'c',
      redirectUri: REDIRECT_URI,
      codeVerifier: 'v'.repeat(43),
      nonce: 'n',
      clientId: 'demo-google-client',
    })
    expectError(answer, 3, 400, `redirectUri: config id "demo" returns OAuth sign-ins to https://app.test/cb only, got ${REDIRECT_URI}`)
  })

  it.each([
    [{ provider: 'OAUTH2_PROVIDER_GITHUB' }, 'provider: expected one of OAUTH2_PROVIDER_GOOGLE, OAUTH2_PROVIDER_APPLE, OAUTH2_PROVIDER_X, OAUTH2_PROVIDER_DISCORD, OAUTH2_PROVIDER_FACEBOOK, got "OAUTH2_PROVIDER_GITHUB"'],
    [{ provider: 'google' }, /^provider: expected one of OAUTH2_PROVIDER_GOOGLE, .*, got "google"$/],
    [{ authCode: '' }, 'authCode: expected a non-empty string, got an empty string'],
    [{ redirectUri: undefined }, 'redirectUri: expected a string, got nothing'],
    [{ codeVerifier: 'short' }, 'codeVerifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636), got 5 characters'],
    [{ codeVerifier: `${'a'.repeat(42)}+` }, 'codeVerifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636), got characters outside that set'],
    [{ nonce: 5 }, 'nonce: expected a string, got a number'],
    [{ clientId: null }, 'clientId: expected a string, got null'],
  ])('refuses %j with 3 naming the field, changing nothing', async (override, message) => {
    const { proxy } = setup()
    const { exchange } = await authorize(proxy)
    const before = snapshot(proxy)
    expectError(await call(proxy, 'oauth2_authenticate', { ...exchange, ...override }), 3, 400, message)
    expect(snapshot(proxy)).toBe(before)
  })
})
