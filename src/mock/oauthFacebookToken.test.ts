import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import type { MockTenant } from './types'
import { setup, snapshot } from './testing/harness'
import {
  EVERY_PROVIDER_TENANT,
  FACEBOOK_TOKEN_URL,
  REDIRECT_URI,
  consentAs,
  createPkce,
  facebookTokenForm,
  facebookTokenRequest,
} from './testing/oauth'

const EVERY = { tenants: [EVERY_PROVIDER_TENANT] }

async function expectFacebookError(response: Response, message: string | RegExp): Promise<void> {
  expect(response.status).toBe(400)
  expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  expect(await response.json()).toEqual({
    error: {
      message: typeof message === 'string' ? message : expect.stringMatching(message),
      type: 'OAuthException',
      code: 100,
      fbtrace_id: 'mock',
    },
  })
}

describe("Facebook's token endpoint", () => {
  it('redeems the code for a bearer access token and an id_token signed by Facebook, open to any origin', async () => {
    const { proxy, clock } = setup(EVERY)
    const consented = await consentAs(proxy, 'facebook', 'Grace Hopper')
    const code = consented.answer.params.get('code') ?? ''
    const response = await proxy.handle(facebookTokenRequest(facebookTokenForm(consented), 'https://elsewhere.test'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'bearer',
      expires_in: 5_184_000,
      id_token: expect.any(String),
    })
    const jwks = (await (
      await proxy.handle(new Request('http://mock.test/__mock/oauth/facebook/jwks.json'))
    ).json()) as JSONWebKeySet
    const { payload } = await jwtVerify(String(body['id_token']), createLocalJWKSet(jwks), {
      issuer: 'https://www.facebook.com',
      audience: 'demo-facebook-client',
      currentDate: new Date(clock.now()),
    })
    // The nonce of the authorize request: Facebook binds it to the code.
    expect(payload).toMatchObject({ nonce: consented.nonce, email: 'grace@example.com', email_verified: true })
    expect(proxy.state.oauthCodes[code]?.usedAt).toBe(new Date(clock.now()).toISOString())
  })

  it('answers the preflight of any origin', async () => {
    const { proxy } = setup({ tenants: [{ ...EVERY_PROVIDER_TENANT, allowedOrigins: ['http://app.test'] }] })
    const response = await proxy.handle(
      new Request(FACEBOOK_TOKEN_URL, {
        method: 'OPTIONS',
        headers: { Origin: 'https://elsewhere.test', 'Access-Control-Request-Method': 'POST' },
      }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('POST, OPTIONS')
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe('Content-Type')
  })

  it('refuses a code used once already, without issuing another token', async () => {
    const { proxy, clock } = setup(EVERY)
    const consented = await consentAs(proxy, 'facebook')
    expect((await proxy.handle(facebookTokenRequest(facebookTokenForm(consented)))).status).toBe(200)
    const usedAt = new Date(clock.now()).toISOString()
    const before = snapshot(proxy)
    const replay = await proxy.handle(facebookTokenRequest(facebookTokenForm(consented)))
    await expectFacebookError(replay, `code: already used at ${usedAt}; sign in with Facebook again`)
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a code after 60 s, and takes it until then', async () => {
    const { proxy, clock } = setup(EVERY)
    const early = await consentAs(proxy, 'facebook')
    const late = await consentAs(proxy, 'facebook')
    const expiresAt = new Date(clock.now() + 60_000).toISOString()
    clock.advance(59_999)
    expect((await proxy.handle(facebookTokenRequest(facebookTokenForm(early)))).status).toBe(200)
    clock.advance(1)
    await expectFacebookError(
      await proxy.handle(facebookTokenRequest(facebookTokenForm(late))),
      `code: expired at ${expiresAt}; sign in with Facebook again`,
    )
  })

  it('refuses a wrong verifier without spending the code: the right one still works', async () => {
    const { proxy } = setup(EVERY)
    const consented = await consentAs(proxy, 'facebook')
    const before = snapshot(proxy)
    const wrong = await proxy.handle(
      facebookTokenRequest({ ...facebookTokenForm(consented), code_verifier: createPkce().verifier }),
    )
    await expectFacebookError(wrong, 'code_verifier: its S256 challenge is not the code_challenge given at authorize')
    expect(snapshot(proxy)).toBe(before)
    expect((await proxy.handle(facebookTokenRequest(facebookTokenForm(consented)))).status).toBe(200)
  })

  it.each<[string, Record<string, string>, string]>([
    [
      'another redirect_uri',
      { redirect_uri: `${REDIRECT_URI}/other` },
      `redirect_uri: not the redirect_uri the code was issued for (${REDIRECT_URI}); Facebook requires the identical one`,
    ],
    [
      'another client id',
      { client_id: 'other-client' },
      'client_id: the code was issued to client id "demo-facebook-client", not "other-client"',
    ],
    ['an unknown code', { code: 'not-a-code' }, 'code: unknown code; sign in with Facebook again'],
    [
      'a code named like a prototype member',
      { code: 'constructor' },
      'code: unknown code; sign in with Facebook again',
    ],
    [
      'no code_verifier',
      { code_verifier: '' },
      'code_verifier: missing; send client_id, redirect_uri, code_verifier and code',
    ],
    [
      'a malformed code_verifier',
      { code_verifier: 'short' },
      'code_verifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)',
    ],
    [
      'another grant_type',
      { grant_type: 'client_credentials' },
      'grant_type: expected "authorization_code", got "client_credentials"',
    ],
    ['no client_id', { client_id: '' }, 'client_id: missing; send client_id, redirect_uri, code_verifier and code'],
  ])("refuses %s in Graph's error shape, changing nothing", async (_name, override, message) => {
    const { proxy } = setup(EVERY)
    const consented = await consentAs(proxy, 'facebook')
    const before = snapshot(proxy)
    await expectFacebookError(
      await proxy.handle(facebookTokenRequest({ ...facebookTokenForm(consented), ...override })),
      message,
    )
    expect(snapshot(proxy)).toBe(before)
  })

  it("refuses X's code: only Facebook's codes redeem here", async () => {
    const { proxy } = setup(EVERY)
    const x = await consentAs(proxy, 'x')
    const form = { ...facebookTokenForm(x), client_id: 'demo-x-client' }
    await expectFacebookError(await proxy.handle(facebookTokenRequest(form)), 'code: issued by x, not by Facebook')
  })

  it('refuses a body that is not a form, and a method other than POST', async () => {
    const { proxy } = setup(EVERY)
    const consented = await consentAs(proxy, 'facebook')
    const json = await proxy.handle(
      new Request(FACEBOOK_TOKEN_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(facebookTokenForm(consented)),
      }),
    )
    await expectFacebookError(
      json,
      'request body: expected a form (application/x-www-form-urlencoded), got application/json',
    )
    const get = await proxy.handle(
      new Request(`${FACEBOOK_TOKEN_URL}?${new URLSearchParams(facebookTokenForm(consented))}`),
    )
    await expectFacebookError(get, /^GET: the mock's Facebook token endpoint answers POST/)
  })

  it('issues the id_token for the client id the code was bound to, whatever tenant shares it', async () => {
    const tenants: MockTenant[] = [
      { configId: 'a', organizationId: 'o1', enabledProviders: ['facebook'], oauthClientIds: { facebook: 'shared' } },
      { configId: 'b', organizationId: 'o2', enabledProviders: ['facebook'], oauthClientIds: { facebook: 'shared' } },
    ]
    const { proxy } = setup({ tenants })
    const consented = await consentAs(proxy, 'facebook', 'Ada Lovelace', 'b')
    const response = await proxy.handle(facebookTokenRequest(facebookTokenForm(consented)))
    expect(response.status).toBe(200)
    expect(Object.values(proxy.state.oidcTokens)).toEqual([
      expect.not.objectContaining({ configId: expect.anything() }),
    ])
  })
})
