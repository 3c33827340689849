import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import type { MockTenant } from '../types'
import { expectRefused } from '../testing/expectRefused'
import { call, ok, setup } from '../testing/harness'
import {
  EVERY_PROVIDER_TENANT,
  REDIRECT_URI,
  authorize,
  authorizeQuery,
  consentAs,
  createPkce,
  oidcTokenFor,
  postConsent,
  subOf,
} from '../testing/oauth'

const EVERY = { tenants: [EVERY_PROVIDER_TENANT] }

describe('oauth2_authenticate', () => {
  it("exchanges an X code for an OIDC token the proxy signs with its own key: iss, provider-scoped sub, aud, exp, iat, the request's nonce, email", async () => {
    const { proxy, clock } = setup(EVERY)
    const authorized = await authorize(proxy, 'x', 'Ada Lovelace')
    const { oidcToken } = await ok<{ oidcToken: string }>(call(proxy, 'oauth2_authenticate', authorized.exchange))
    const jwks = (await (
      await proxy.handle(new Request('http://mock.test/.well-known/jwks.json'))
    ).json()) as JSONWebKeySet
    const { payload, protectedHeader } = await jwtVerify(oidcToken, createLocalJWKSet(jwks), {
      currentDate: new Date(clock.now()),
    })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: jwks.keys[0]?.kid })
    const now = Math.floor(clock.now() / 1000)
    expect(payload).toEqual({
      iss: 'https://mock-auth-proxy.invalid',
      sub: `x:${subOf(proxy, 'x', 'Ada Lovelace')}`,
      aud: 'demo-x-client',
      exp: now + 600,
      iat: now,
      nonce: authorized.nonce,
      email: 'ada@example.com',
      email_verified: true,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(proxy.state.oauthCodes[authorized.code]?.usedAt).toBe(new Date(clock.now()).toISOString())
    expect(proxy.state.oidcTokens[payload.jti ?? '']).toEqual({
      tokenId: payload.jti,
      configId: 'demo',
      provider: 'x',
      issuer: 'https://mock-auth-proxy.invalid',
      subject: payload.sub,
      clientId: 'demo-x-client',
      issuedAt: new Date(clock.now()).toISOString(),
      expiresAt: new Date((now + 600) * 1000).toISOString(),
    })
  })

  it('puts the nonce of the request in the token: X and Discord took none at authorize', async () => {
    const { proxy } = setup(EVERY)
    const { exchange, code } = await authorize(proxy, 'discord')
    expect(proxy.state.oauthCodes[code]).not.toHaveProperty('nonce')
    const { oidcToken } = await ok<{ oidcToken: string }>(
      call(proxy, 'oauth2_authenticate', { ...exchange, nonce: 'b'.repeat(64) }),
    )
    expect(decodeJwt(oidcToken)).toMatchObject({ nonce: 'b'.repeat(64), sub: expect.stringMatching(/^discord:mock-/) })
  })

  it('leaves email out for an identity without one', async () => {
    const { proxy } = setup(EVERY)
    const authorized = await authorize(proxy, 'x', 'Alan Turing')
    const { oidcToken } = await ok<{ oidcToken: string }>(call(proxy, 'oauth2_authenticate', authorized.exchange))
    const claims = decodeJwt(oidcToken)
    expect(claims.iss).toBe('https://mock-auth-proxy.invalid')
    expect(claims).not.toHaveProperty('email')
    expect(claims).not.toHaveProperty('email_verified')
  })

  it.each([
    ['OAUTH2_PROVIDER_GOOGLE', "; Google's id_token comes in the authorize answer's fragment; send it to oauth_login"],
    ['OAUTH2_PROVIDER_APPLE', "; Apple's id_token comes in the authorize answer's fragment; send it to oauth_login"],
    ['OAUTH2_PROVIDER_FACEBOOK', "; redeem Facebook's code at Facebook's token endpoint for its id_token"],
    ['OAUTH2_PROVIDER_GITHUB', ''],
    ['constructor', ''],
    ['x', ''],
  ])("refuses provider %s with 3 naming production's enum, changing nothing", async (provider, instead) => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...exchange, provider }),
      3,
      `provider: expected one of OAUTH2_PROVIDER_X, OAUTH2_PROVIDER_DISCORD (production's whole enum), got "${provider}"${instead}`,
    )
  })

  it('refuses a Google sign-in sent through it: there is no Google code for the proxy to exchange', async () => {
    const { proxy } = setup(EVERY)
    const { oidcToken, clientId, pkce, nonce } = await oidcTokenFor(proxy, 'google')
    const answer = await call(proxy, 'oauth2_authenticate', {
      provider: 'OAUTH2_PROVIDER_GOOGLE',
      authCode: oidcToken,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
      nonce,
      clientId,
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^provider: expected one of OAUTH2_PROVIDER_X, OAUTH2_PROVIDER_DISCORD/),
    })
  })

  it("refuses Apple's code from the fragment, and Facebook's code, presented as X's (16)", async () => {
    const { proxy } = setup(EVERY)
    const apple = await consentAs(proxy, 'apple')
    const x = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'oauth2_authenticate', {
          ...x.exchange,
          authCode: apple.answer.params.get('code'),
        }),
      16,
      'authCode: unknown code; sign in with the provider again',
    )
    const facebook = await consentAs(proxy, 'facebook')
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'oauth2_authenticate', {
          ...x.exchange,
          authCode: facebook.answer.params.get('code'),
          codeVerifier: facebook.pkce.verifier,
        }),
      16,
      'authCode: issued by facebook, not x',
    )
  })

  it('accepts the snake_case spelling of every field', async () => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
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
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...exchange, codeVerifier: createPkce().verifier }),
      16,
      'codeVerifier: its S256 challenge is not the code_challenge given at authorize',
    )
    expect((await call(proxy, 'oauth2_authenticate', exchange)).status).toBe(200)
  })

  it('refuses a code used once already (16)', async () => {
    const { proxy, clock } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await ok(call(proxy, 'oauth2_authenticate', exchange))
    const usedAt = new Date(clock.now()).toISOString()
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', exchange),
      16,
      `authCode: already used at ${usedAt}; sign in with the provider again`,
    )
  })

  it('refuses a code after 60 s (16), and takes it until then', async () => {
    const { proxy, clock } = setup(EVERY)
    const early = await authorize(proxy, 'x')
    const late = await authorize(proxy, 'x')
    const expiresAt = new Date(clock.now() + 60_000).toISOString()
    clock.advance(59_999)
    expect((await call(proxy, 'oauth2_authenticate', early.exchange)).status).toBe(200)
    clock.advance(1)
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', late.exchange),
      16,
      `authCode: expired at ${expiresAt}; sign in with the provider again`,
    )
  })

  it('refuses an unknown code (16)', async () => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...exchange, authCode: 'not-a-code' }),
      16,
      'authCode: unknown code; sign in with the provider again',
    )
  })

  it('refuses a redirect URI other than the one given at authorize (16)', async () => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...exchange, redirectUri: 'http://app.test/other' }),
      16,
      `redirectUri: not the redirect_uri the code was issued for (${REDIRECT_URI})`,
    )
  })

  it("refuses a client id that is not the tenant's for the provider (3)", async () => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...exchange, clientId: 'demo-discord-client' }),
      3,
      'clientId: "demo-discord-client" is not the x client id of config id "demo" ("demo-x-client")',
    )
  })

  it("refuses a code issued to another tenant's client id (16)", async () => {
    const tenants: MockTenant[] = [
      { configId: 'demo', organizationId: 'o1', enabledProviders: ['x'], oauthClientIds: { x: 'demo-x-client' } },
      { configId: 'other', organizationId: 'o2', enabledProviders: ['x'], oauthClientIds: { x: 'other-client' } },
    ]
    const { proxy } = setup({ tenants })
    const pkce = createPkce()
    const response = await postConsent(proxy, 'x', {
      ...authorizeQuery('x', pkce, 'n', { client_id: 'other-client' }),
      identity: subOf(proxy, 'x', 'Ada Lovelace'),
    })
    const code = new URL(response.headers.get('Location') ?? '').searchParams.get('code') ?? ''
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'oauth2_authenticate', {
          provider: 'OAUTH2_PROVIDER_X',
          authCode: code,
          redirectUri: REDIRECT_URI,
          codeVerifier: pkce.verifier,
          nonce: 'n',
          clientId: 'demo-x-client',
        }),
      16,
      'authCode: issued to client id "other-client", not "demo-x-client"',
    )
  })

  it("refuses a code presented as another provider's (16)", async () => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'oauth2_authenticate', {
          ...exchange,
          provider: 'OAUTH2_PROVIDER_DISCORD',
          clientId: 'demo-discord-client',
        }),
      16,
      'authCode: issued by x, not discord',
    )
  })

  it('refuses a provider the tenant does not enable (3) or has no client id for (9)', async () => {
    const { proxy } = setup({
      tenants: [
        {
          configId: 'demo',
          organizationId: 'o',
          enabledProviders: ['email', 'google', 'discord'],
          oauthClientIds: { google: 'g', x: 'x' },
        },
      ],
    })
    const body = { authCode: 'c', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43), nonce: 'n', clientId: 'x' }
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...body, provider: 'OAUTH2_PROVIDER_X' }),
      3,
      'provider: x sign-in is not enabled for config id "demo" (enabled: email, google, discord)',
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth2_authenticate', { ...body, provider: 'OAUTH2_PROVIDER_DISCORD' }),
      9,
      'provider: config id "demo" has no discord client id (oauthClientIds.discord)',
    )
  })

  it("holds the redirect URI to the tenant's oauthRedirectUrl (3)", async () => {
    const { proxy } = setup({
      tenants: [
        {
          configId: 'demo',
          organizationId: 'o',
          enabledProviders: ['discord'],
          oauthClientIds: { discord: 'demo-discord-client' },
          oauthRedirectUrl: 'https://app.test/cb',
        },
      ],
    })
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'oauth2_authenticate', {
          provider: 'OAUTH2_PROVIDER_DISCORD',
          authCode: 'c',
          redirectUri: REDIRECT_URI,
          codeVerifier: 'v'.repeat(43),
          nonce: 'n',
          clientId: 'demo-discord-client',
        }),
      3,
      `redirectUri: config id "demo" returns OAuth sign-ins to https://app.test/cb only, got ${REDIRECT_URI}`,
    )
  })

  it.each([
    [{ provider: 5 }, 'provider: expected a string, got a number'],
    [{ provider: undefined }, 'provider: expected a string, got nothing'],
    [{ authCode: '' }, 'authCode: expected a non-empty string, got an empty string'],
    [{ redirectUri: undefined }, 'redirectUri: expected a string, got nothing'],
    [
      { codeVerifier: 'short' },
      'codeVerifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636), got 5 characters',
    ],
    [
      { codeVerifier: `${'a'.repeat(42)}+` },
      'codeVerifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636), got characters outside that set',
    ],
    [{ nonce: 5 }, 'nonce: expected a string, got a number'],
    [{ clientId: null }, 'clientId: expected a string, got null'],
  ])('refuses %j with 3 naming the field, changing nothing', async (override, message) => {
    const { proxy } = setup(EVERY)
    const { exchange } = await authorize(proxy, 'x')
    await expectRefused(proxy, () => call(proxy, 'oauth2_authenticate', { ...exchange, ...override }), 3, message)
  })
})
