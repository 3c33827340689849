import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { SessionClaims, SignupResponse, WalletKitConfigResponse } from '../core/types'
import { createMockAuthProxy } from './handler'
import { mockOAuthAuthorizeUrls } from './oauthProviders'
import { createTestClientKey } from './testing/clientKey'
import { REDIRECT_URI, consentForms, nonceFor } from './testing/oauth'
import { ORIGIN, apiKeyStamp, callPublic, passkeySignUp, stampLoginBody } from './testing/publicApi'
import { DEMO_CONFIG_ID, DEMO_ORGANIZATION_ID } from './tenants'
import { call, ok, sendCode, setup, signUp, signedLogin, signedSignup, snapshot, verifyEmail } from './testing/harness'

const OTP_INIT = { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }

describe('routing', () => {
  it('answers an unknown path with 5 NOT_FOUND naming it', async () => {
    const { proxy } = setup()
    const answer = await call(proxy, 'no_such_thing', {})
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ code: 5, message: 'no such endpoint: POST /v1/no_such_thing', details: [] })
  })

  it('answers a path outside /v1 with 5', async () => {
    const { proxy } = setup()
    const response = await proxy.handle(new Request('http://mock.test/other', { method: 'POST' }))
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 5 })
  })

  it('answers GET on an endpoint with 5 and says POST only, changing nothing', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const response = await proxy.handle(
      new Request('http://mock.test/v1/otp_init', { headers: { 'X-Auth-Proxy-Config-Id': 'demo' } }),
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      code: 5,
      message: 'GET /v1/otp_init: the proxy answers POST only',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('routes under basePath and nowhere else', async () => {
    const { proxy } = setup({ basePath: '/auth-proxy/' })
    const headers = { 'X-Auth-Proxy-Config-Id': 'demo' }
    const inside = await proxy.handle(
      new Request('http://mock.test/auth-proxy/v1/wallet_kit_config', { method: 'POST', headers }),
    )
    expect(inside.status).toBe(200)
    const outside = await proxy.handle(
      new Request('http://mock.test/v1/wallet_kit_config', { method: 'POST', headers }),
    )
    expect(outside.status).toBe(404)
    expect(await outside.json()).toMatchObject({ code: 5, message: expect.stringContaining('/auth-proxy') })
    const lookalike = await proxy.handle(
      new Request('http://mock.test/auth-proxyx/v1/wallet_kit_config', { method: 'POST', headers }),
    )
    expect(lookalike.status).toBe(404)
  })

  it('works as an injected fetch, relative URLs included', async () => {
    const { proxy } = setup({ basePath: '/auth-proxy' })
    const init = { method: 'POST', headers: { 'X-Auth-Proxy-Config-Id': 'demo' } }
    const absolute = await proxy.fetch('http://localhost:5173/auth-proxy/v1/wallet_kit_config', init)
    expect(absolute.status).toBe(200)
    const relative = await proxy.fetch('/auth-proxy/v1/wallet_kit_config', init)
    expect(await relative.json()).toMatchObject({ organizationId: DEMO_ORGANIZATION_ID })
  })

  it('refuses bad options with a message naming the option', () => {
    expect(() => createMockAuthProxy({ basePath: 'auth' })).toThrow(/basePath/)
    expect(() => createMockAuthProxy({ latencyMs: -1 })).toThrow(/latencyMs/)
    expect(() => createMockAuthProxy({ tenants: [] })).toThrow(/tenants/)
    expect(() => createMockAuthProxy({ tenants: [{ configId: 'a', organizationId: 'o', otpLength: 4 }] })).toThrow(
      'tenants[0].otpLength: expected an integer 6..9, got 4',
    )
    expect(() =>
      createMockAuthProxy({
        tenants: [
          { configId: 'a', organizationId: 'o' },
          { configId: 'a', organizationId: 'p' },
        ],
      }),
    ).toThrow(/tenants\[1\]\.configId/)
  })
})

describe('config id header', () => {
  it('is required on /v1 calls: missing → 3, nothing changes', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', OTP_INIT, { configId: null })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      code: 3,
      message: "X-Auth-Proxy-Config-Id header: missing; send the tenant's config id",
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
    expect(proxy.outbox()).toEqual([])
  })

  it('must name a tenant: unknown → 5, nothing changes', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', OTP_INIT, { configId: 'nope' })
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ code: 5, message: expect.stringContaining('"nope"') })
    expect(snapshot(proxy)).toBe(before)
  })

  it('is read case-insensitively (the production client writes X-Auth-Proxy-Config-ID)', async () => {
    const { proxy } = setup()
    const response = await proxy.handle(
      new Request('http://mock.test/v1/wallet_kit_config', {
        method: 'POST',
        headers: { 'x-auth-proxy-config-id': DEMO_CONFIG_ID },
      }),
    )
    expect(response.status).toBe(200)
  })

  it('selects the tenant among several', async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'one', organizationId: 'org-one' },
        {
          configId: 'two',
          organizationId: 'org-two',
          otpLength: 8,
          otpAlphanumeric: false,
          enabledProviders: ['email', 'sms'],
        },
      ],
    })
    expect(await ok(call(proxy, 'wallet_kit_config', undefined, { configId: 'two' }))).toEqual({
      enabledProviders: ['email', 'sms'],
      sessionExpirationSeconds: '900',
      organizationId: 'org-two',
      otpAlphanumeric: false,
      otpLength: '8',
    })
    expect((await call(proxy, 'wallet_kit_config', {}, { configId: 'demo' })).status).toBe(404)
  })
})

describe('CORS and origins', () => {
  const tenants = [{ configId: 'demo', organizationId: 'org', allowedOrigins: ['http://app.test'] }]

  it('gives an allowed origin Access-Control-Allow-Origin and Vary', async () => {
    const { proxy } = setup({ tenants })
    const answer = await call(proxy, 'wallet_kit_config', {}, { origin: 'http://app.test' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(answer.headers.get('Vary')).toBe('Origin')
  })

  it('refuses a disallowed origin with 7 and no ACAO, changing nothing', async () => {
    const { proxy } = setup({ tenants })
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', OTP_INIT, { origin: 'http://evil.test' })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({
      code: 7,
      message: 'Origin: http://evil.test is not allowed for config id "demo" (allowed: http://app.test)',
      details: [],
    })
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(snapshot(proxy)).toBe(before)
  })

  it('allows every origin by default', async () => {
    const { proxy } = setup()
    const answer = await call(proxy, 'wallet_kit_config', {}, { origin: 'http://anywhere.test' })
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://anywhere.test')
  })

  it('lets an allowed origin read errors too', async () => {
    const { proxy } = setup({ tenants })
    const answer = await call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL' }, { origin: 'http://app.test' })
    expect(answer.status).toBe(400)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
  })

  it('answers a preflight from an allowed origin', async () => {
    const { proxy } = setup({ tenants })
    const response = await proxy.handle(
      new Request('http://mock.test/v1/otp_init', {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://app.test',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, x-auth-proxy-config-id',
        },
      }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-auth-proxy-config-id')
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-type')
  })

  it('refuses a preflight from an origin no tenant allows', async () => {
    const { proxy } = setup({ tenants })
    const response = await proxy.handle(
      new Request('http://mock.test/v1/otp_init', { method: 'OPTIONS', headers: { Origin: 'http://evil.test' } }),
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})

describe('preflight for production clients (WIRE.md, Transport)', () => {
  /** What a browser checks: every header it asks for is in Access-Control-Allow-Headers. */
  function allowedHeaders(response: Response): string[] {
    return (response.headers.get('Access-Control-Allow-Headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
  }

  function preflightFor(
    proxy: ReturnType<typeof setup>['proxy'],
    path: string,
    requestHeaders: string,
  ): Promise<Response> {
    return proxy.handle(
      new Request(`http://mock.test${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://app.test',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': requestHeaders,
        },
      }),
    )
  }

  it("allows every header of Chromium's preflight for @turnkey/core, and the call itself succeeds", async () => {
    const { proxy } = setup()
    // As Chromium sends it for @turnkey/core 1.14's calls: lowercase, sorted, no spaces.
    const asked = 'content-type,x-auth-proxy-config-id,x-client-version'
    const response = await preflightFor(proxy, '/v1/otp_init', asked)
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(allowedHeaders(response)).toEqual(expect.arrayContaining(asked.split(',')))
    const answer = await call(proxy, 'otp_init', OTP_INIT, {
      origin: 'http://app.test',
      headers: { 'X-Client-Version': '@turnkey/core@1.14.1', 'X-Captcha-Token': 'turnstile-token' },
    })
    expect(answer.status).toBe(200)
  })

  it('allows the captcha and every stamp header, the 2.x X-Stamp-Attested included', async () => {
    const { proxy } = setup()
    const asked = 'content-type,x-captcha-token,x-client-version,x-stamp,x-stamp-attested,x-stamp-webauthn'
    const response = await preflightFor(proxy, '/public/v1/submit/stamp_login', asked)
    expect(response.status).toBe(204)
    expect(allowedHeaders(response)).toEqual(expect.arrayContaining(asked.split(',')))
  })

  it('serves a stamped public API call with X-Client-Version, and refuses one that also carries X-Stamp-Attested (one stamp only)', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const sessionKey = await createTestClientKey()
    const body = stampLoginBody(user.organizationId, sessionKey.publicKey, clock)
    const stamp = await apiKeyStamp(user.clientKey, body)
    const twice = await callPublic(proxy, 'submit/stamp_login', body, {
      headers: { 'X-Stamp': stamp, 'X-Stamp-Attested': 'a-second-stamp', 'X-Client-Version': '@turnkey/core@2.8.0' },
    })
    expect(twice.status).toBe(401)
    expect(twice.body).toEqual({
      code: 16,
      message: 'X-Stamp, X-Stamp-Attested: both given; stamp a request with exactly one',
      details: [],
    })
    expect(twice.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN)

    const answer = await callPublic(proxy, 'submit/stamp_login', body, {
      headers: { 'X-Stamp': stamp, 'X-Client-Version': '@turnkey/core@2.8.0' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN)
  })
})

describe('names that are Object.prototype members (own properties only)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'answers POST /v1/%s with 5 no such endpoint, revealing nothing',
    async (name) => {
      const { proxy } = setup()
      await sendCode(proxy, 'ada@example.com')
      const answer = await call(proxy, name, {})
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ code: 5, message: `no such endpoint: POST /v1/${name}`, details: [] })
    },
  )

  it.each(['constructor', '__proto__', 'toString'])(
    'ignores a body member named %s like any unknown member, and refuses it in strict mode',
    async (name) => {
      const rawBody = `{"otpType":"OTP_TYPE_EMAIL","contact":"ada@example.com",${JSON.stringify(name)}:{"otpType":"OTP_TYPE_SMS"}}`
      const { proxy } = setup({ strictFields: false })
      expect(await ok(call(proxy, 'otp_init', undefined, { rawBody }))).toHaveProperty('otpId')
      expect(proxy.outbox()[0]).toMatchObject({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' })

      const strict = setup({ strictFields: true }).proxy
      const answer = await call(strict, 'otp_init', undefined, { rawBody })
      expect(answer.body).toEqual({
        code: 3,
        message: `otp_init: ${name} is not a field of production's otp_init (ProxyTInitOtpBody: otpType, contact, emailCustomization)`,
        details: [],
      })
    },
  )

  it('never takes a "__proto__" member as the prototype of the body: its members are not the request\'s', async () => {
    const { proxy } = setup({ strictFields: false })
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', undefined, {
      rawBody: '{"__proto__":{"otpType":"OTP_TYPE_EMAIL","contact":"ada@example.com"}}',
    })
    expect(answer.body).toMatchObject({ code: 3, message: expect.stringMatching(/^otpType: expected one of/) })
    expect(snapshot(proxy)).toBe(before)
  })

  it('finds nothing under an id such as "constructor": OTPs, OAuth codes, organizations', async () => {
    const { proxy, clock } = setup({
      tenants: [
        {
          configId: 'demo',
          organizationId: 'org',
          enabledProviders: ['email', 'x'],
          oauthClientIds: { x: 'demo-x-client' },
        },
      ],
    })
    const key = await createTestClientKey()
    for (const otpId of ['constructor', '__proto__', 'toString']) {
      const answer = await call(proxy, 'otp_verify', { otpId, otpCode: '123456', publicKey: key.publicKey })
      expect(answer.body).toMatchObject({
        code: 5,
        message: `otpId: no OTP "${otpId}" for config id "demo"; request a code with otp_init`,
      })
    }
    const exchange = {
      provider: 'OAUTH2_PROVIDER_X',
      authCode: 'constructor',
      redirectUri: REDIRECT_URI,
      codeVerifier: 'v'.repeat(43),
      nonce: nonceFor(key.publicKey),
      clientId: 'demo-x-client',
    }
    for (const authCode of ['constructor', '__proto__', 'toString']) {
      const answer = await call(proxy, 'oauth2_authenticate', { ...exchange, authCode })
      expect(answer.body).toMatchObject({ code: 16, message: expect.stringMatching(/^authCode: unknown code/) })
    }
    const body = stampLoginBody('constructor', key.publicKey, clock)
    const answer = await callPublic(proxy, 'submit/stamp_login', body, {
      headers: { 'X-Stamp': await apiKeyStamp(key, body) },
    })
    expect(answer.body).toMatchObject({
      code: 5,
      message: expect.stringMatching(/^organizationId: no organization "constructor"/),
    })
  })

  it('keeps the state snapshot a structured clone of plain JSON', async () => {
    const { proxy } = setup()
    await signUp(proxy, 'ada@example.com')
    const state = proxy.state
    expect(Object.getPrototypeOf(state.otps)).toBe(Object.prototype)
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
    expect(structuredClone(state)).toEqual(state)
  })
})

describe('wallet_kit_client_params (production React kit)', () => {
  it.each([
    ['no body', undefined],
    ['{}', '{}'],
  ])('answers {} for %s, with an X-Captcha-Token header ignored', async (_name, rawBody) => {
    const { proxy } = setup()
    const answer = await call(proxy, 'wallet_kit_client_params', undefined, {
      origin: 'http://app.test',
      headers: { 'X-Captcha-Token': 'anything' },
      ...(rawBody === undefined ? {} : { rawBody }),
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({})
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
  })

  it('checks the config id and the origin like every endpoint', async () => {
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', allowedOrigins: ['http://app.test'] }],
    })
    expect((await call(proxy, 'wallet_kit_client_params', {}, { configId: null })).body).toMatchObject({ code: 3 })
    expect((await call(proxy, 'wallet_kit_client_params', {}, { configId: 'nope' })).body).toMatchObject({ code: 5 })
    const foreign = await call(proxy, 'wallet_kit_client_params', {}, { origin: 'http://evil.test' })
    expect(foreign.body).toMatchObject({ code: 7 })
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('has a failure switch, and refuses body members in strict mode', async () => {
    const { proxy } = setup({ strictFields: true, failures: { wallet_kit_client_params: { code: 14 } } })
    expect((await call(proxy, 'wallet_kit_client_params', {})).status).toBe(503)
    proxy.setFailure('wallet_kit_client_params', null)
    expect((await call(proxy, 'wallet_kit_client_params', { siteKey: 'x' })).body).toEqual({
      code: 3,
      message:
        "wallet_kit_client_params: siteKey is not a field of production's wallet_kit_client_params (ProxyTGetWalletKitClientParamsBody: no members)",
      details: [],
    })
  })
})

describe('request bodies', () => {
  it.each([
    ['malformed JSON', '{"otpType": ', /^request body: not valid JSON/],
    ['an array', '[]', /^request body: expected a JSON object, got an array$/],
    ['null', 'null', /^request body: expected a JSON object, got null$/],
    ['a string', '"hi"', /^request body: expected a JSON object, got a string$/],
    ['an empty body', '', /^request body: expected a JSON object, got an empty body$/],
  ])('refuses %s with 3 and changes nothing', async (_name, rawBody, message) => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', undefined, { rawBody })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 3, message: expect.stringMatching(message), details: [] })
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a field given in both spellings', async () => {
    const { proxy } = setup()
    const answer = await call(proxy, 'otp_init', { ...OTP_INIT, otp_type: 'OTP_TYPE_EMAIL' })
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'otpType: given twice (as otpType and otp_type); send it once',
    })
  })
})

describe('wallet_kit_config', () => {
  it.each([
    ['no body', undefined],
    ['{}', '{}'],
    ['an empty string', ''],
  ])('answers the tenant config for %s', async (_name, rawBody) => {
    const { proxy } = setup()
    const answer = await call(proxy, 'wallet_kit_config', undefined, rawBody === undefined ? {} : { rawBody })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      enabledProviders: ['email', 'sms', 'google', 'apple', 'passkey'],
      sessionExpirationSeconds: '900',
      organizationId: DEMO_ORGANIZATION_ID,
      otpAlphanumeric: true,
      otpLength: '6',
      oauthClientIds: {
        google: 'demo-google-client',
        apple: 'demo-apple-client',
        x: 'demo-x-client',
        discord: 'demo-discord-client',
        facebook: 'demo-facebook-client',
      },
    })
  })

  it('includes the OAuth settings a tenant has', async () => {
    const { proxy } = setup({
      tenants: [
        {
          configId: 'demo',
          organizationId: 'org',
          oauthClientIds: { google: 'client-1' },
          oauthRedirectUrl: 'http://app.test/callback',
          sessionExpirationSeconds: 60,
        },
      ],
    })
    expect(await ok(call(proxy, 'wallet_kit_config'))).toMatchObject({
      oauthClientIds: { google: 'client-1' },
      oauthRedirectUrl: 'http://app.test/callback',
      sessionExpirationSeconds: '60',
    })
  })
})

describe('outbox route', () => {
  it('answers the codes sent, newest first, filtered by contact, without a config id and with CORS', async () => {
    const { proxy, clock } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', allowedOrigins: ['http://app.test'] }],
    })
    const first = await sendCode(proxy, 'ada@example.com')
    clock.advance(1000)
    await sendCode(proxy, 'bob@example.com')
    // Past the 30 s a contact waits for another code while the last one is valid.
    clock.advance(30_000)
    const third = await sendCode(proxy, 'ada@example.com')
    const response = await proxy.handle(
      new Request('http://mock.test/__mock/outbox?contact=ADA%40example.com', {
        headers: { Origin: 'http://app.test' },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    const messages = (await response.json()) as { otpId: string; code: string }[]
    expect(messages.map((message) => message.otpId)).toEqual([third.otpId, first.otpId])
    expect(messages.map((message) => message.code)).toEqual([third.code, first.code])

    const all = await proxy.handle(new Request('http://mock.test/__mock/outbox'))
    expect(((await all.json()) as unknown[]).length).toBe(3)
  })
})

describe('outbox route, SMS', () => {
  it('finds a phone number whether its + is percent-encoded or not, and shows the text sent', async () => {
    const { proxy } = setup({ tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['sms'] }] })
    await ok(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_SMS', contact: '+447700900123' }))
    for (const query of ['%2B447700900123', '+447700900123']) {
      const response = await proxy.handle(new Request(`http://mock.test/__mock/outbox?contact=${query}`))
      const messages = (await response.json()) as { contact: string; code: string; text: string }[]
      expect(messages).toHaveLength(1)
      expect(messages[0]?.text).toBe(`Your verification code is ${messages[0]?.code}`)
    }
  })
})

describe('JWKS', () => {
  it('verifies the tokens the mock issues', async () => {
    const { proxy, clock } = setup()
    const { verificationToken, key } = await verifyEmail(proxy, 'ada@example.com')
    const response = await proxy.handle(new Request('http://mock.test/.well-known/jwks.json'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const jwks = (await response.json()) as { keys: { kid?: string; alg?: string; d?: string }[] }
    // The token key, then the session notarizer's (notarizer.test.ts).
    expect(jwks.keys).toHaveLength(2)
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
    expect(jwks.keys[0]?.d).toBeUndefined()
    const { payload, protectedHeader } = await jwtVerify(verificationToken, createLocalJWKSet(jwks as never), {
      currentDate: new Date(clock.now()),
    })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: jwks.keys[0]?.kid })
    expect(payload).toMatchObject({
      contact: 'ada@example.com',
      verification_type: 'OTP_TYPE_EMAIL',
      public_key: key.publicKey,
      exp: Math.floor(clock.now() / 1000) + 600,
    })
  })

  it('differs between instances: each mock has its own key', async () => {
    const a = createMockAuthProxy()
    const b = createMockAuthProxy()
    const jwks = async (proxy: typeof a) =>
      (await (await proxy.handle(new Request('http://mock.test/.well-known/jwks.json'))).json()) as {
        keys: { x: string }[]
      }
    expect((await jwks(a)).keys[0]?.x).not.toBe((await jwks(b)).keys[0]?.x)
  })
})

describe('failure switches', () => {
  it('forces an endpoint to fail with the given code, from the options or later', async () => {
    const { proxy } = setup({ failures: { otp_init: { code: 8, message: 'slow down' } } })
    const before = snapshot(proxy)
    const forced = await call(proxy, 'otp_init', OTP_INIT)
    expect(forced.status).toBe(429)
    expect(forced.body).toEqual({ code: 8, message: 'slow down', details: [] })
    expect(snapshot(proxy)).toBe(before)
    expect((await call(proxy, 'wallet_kit_config')).status).toBe(200)

    proxy.setFailure('otp_init', null)
    expect((await call(proxy, 'otp_init', OTP_INIT)).status).toBe(200)

    proxy.setFailure('wallet_kit_config', { code: 13 })
    const internal = await call(proxy, 'wallet_kit_config')
    expect(internal.status).toBe(500)
    expect(internal.body).toMatchObject({ code: 13, message: expect.stringContaining('wallet_kit_config') })

    proxy.setFailure('wallet_kit_config', { code: 4 })
    expect((await call(proxy, 'wallet_kit_config')).status).toBe(504)
  })

  it('refuses a failure without a gRPC code', () => {
    const { proxy } = setup()
    expect(() => proxy.setFailure('otp_init', { code: 0 })).toThrow(/failure.code/)
  })
})

describe('latency', () => {
  it('delays every /v1 answer by latencyMs, and setLatency changes it', async () => {
    // The latency is a timer, faked: the test says how much time passes, not the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const { proxy } = setup({ latencyMs: 120 })
    const answer = ok(call(proxy, 'wallet_kit_config'))
    await expect.poll(() => vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(119)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(vi.getTimerCount()).toBe(0)
    await answer

    proxy.setLatency(0)
    // Answered with the fake clock standing still.
    await ok(call(proxy, 'wallet_kit_config'))
    expect(() => proxy.setLatency(Number.NaN)).toThrow(/latencyMs/)
  })
})

describe('state', () => {
  it('is a copy: changing it changes nothing in the mock', async () => {
    const { proxy } = setup()
    await sendCode(proxy, 'ada@example.com')
    const copy = proxy.state
    copy.outbox.length = 0
    copy.otps = {}
    expect(proxy.state.outbox).toHaveLength(1)
    expect(Object.keys(proxy.state.otps)).toHaveLength(1)
  })

  it('resolves ready once the signing key exists', async () => {
    const proxy = createMockAuthProxy()
    await expect(proxy.ready).resolves.toBeUndefined()
  })
})

describe('the kit flows of the contract', () => {
  it('signs up a new email user: otp_verify → account {} → signup → otp_login', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    expect(
      await ok(
        call(proxy, 'account', {
          filterType: 'EMAIL',
          filterValue: 'ada@example.com',
          verificationToken: verified.verificationToken,
        }),
      ),
    ).toEqual({})
    const { organizationId, userId } = await ok<{ organizationId: string; userId: string }>(
      call(proxy, 'signup', await signedSignup('ada@example.com', verified)),
    )
    const { session } = await ok<{ session: string }>(
      call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)),
    )
    expect(decodeJwt(session)).toMatchObject({
      organization_id: organizationId,
      user_id: userId,
      public_key: verified.key.publicKey,
    })
  })

  it('logs in a returning user: otp_verify → account {organizationId} → otp_login', async () => {
    const { proxy } = setup()
    const { organizationId } = await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    expect(
      await ok(
        call(proxy, 'account', {
          filterType: 'EMAIL',
          filterValue: 'ada@example.com',
          verificationToken: verified.verificationToken,
        }),
      ),
    ).toEqual({ organizationId })
    const { session } = await ok<{ session: string }>(
      call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)),
    )
    expect(decodeJwt(session).organization_id).toBe(organizationId)
  })

  it('signs up with Google through the consent page, then logs the same person in again into the same organization', async () => {
    const { proxy } = setup()

    // What the kit and the browser do: authorize page → "Continue as" → callback → the proxy calls.
    async function signInWithGoogle(state: string) {
      const key = await createTestClientKey()
      const nonce = nonceFor(key.publicKey)
      const config = await ok<WalletKitConfigResponse>(call(proxy, 'wallet_kit_config'))
      const clientId = config.oauthClientIds?.['google'] ?? ''
      const authorizeUrl = new URL(mockOAuthAuthorizeUrls('http://mock.test').google)
      // Production's Google request: the id_token flow, answered in the fragment, without PKCE.
      authorizeUrl.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        response_type: 'id_token',
        scope: 'openid email profile',
        nonce,
        prompt: 'select_account',
        state,
      }).toString()
      const page = await proxy.handle(new Request(authorizeUrl))
      const form = consentForms(await page.text()).find((candidate) => candidate.label === 'Continue as Ada Lovelace')
      if (form === undefined) throw new Error('no "Continue as Ada Lovelace" on the consent page')
      const consent = await proxy.handle(
        new Request(new URL(form.action, authorizeUrl), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form.fields),
        }),
      )
      const callback = new URL(consent.headers.get('Location') ?? '')
      const fragment = new URLSearchParams(callback.hash.slice(1))
      expect(fragment.get('state')).toBe(state)
      const oidcToken = fragment.get('id_token') ?? ''
      const found = await ok<{ organizationId?: string }>(
        call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken }),
      )
      const isNewUser = found.organizationId === undefined
      const organizationId = isNewUser
        ? (
            await ok<SignupResponse>(
              call(proxy, 'signup', {
                apiKeys: [],
                authenticators: [],
                oauthProviders: [{ providerName: 'google', oidcToken }],
              }),
            )
          ).organizationId
        : found.organizationId
      const { session } = await ok<{ session: string }>(
        call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      )
      return { isNewUser, organizationId, claims: decodeJwt<SessionClaims>(session), publicKey: key.publicKey }
    }

    const first = await signInWithGoogle('first-state')
    const second = await signInWithGoogle('second-state')
    expect(first.isNewUser).toBe(true)
    expect(second.isNewUser).toBe(false)
    expect(second.organizationId).toBe(first.organizationId)
    expect(second.claims.organization_id).toBe(first.organizationId)
    expect(second.claims.user_id).toBe(first.claims.user_id)
    expect(second.claims.public_key).toBe(second.publicKey)
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
  })
})
