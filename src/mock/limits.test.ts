// WIRE.md's limits as the handler applies them: the body's size, its nesting, its encoding, and each
// string field's length.
import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './limits'
import { createTestClientKey } from './testing/clientKey'
import { call, ok, setup, snapshot } from './testing/harness'
import { callPublic } from './testing/publicApi'

const MB = 1024 * 1024

function post(path: string, body: BodyInit, headers: Record<string, string> = {}): Request {
  const init = {
    method: 'POST',
    body,
    headers: {
      'X-Auth-Proxy-Config-Id': 'demo',
      'Content-Type': 'application/json',
      Origin: 'http://app.test',
      ...headers,
    },
    duplex: 'half',
  }
  return new Request(`http://mock.test${path}`, init as RequestInit)
}

/** An endless body: it counts how many 1 MB chunks the handler pulled. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(MB).fill(0x20))
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, pulled: () => pulled }
}

describe('body size (4 MB, the gateway limit)', () => {
  it('refuses a 20 MB body with 8 and HTTP 429, readable by the page, changing nothing', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const response = await proxy.handle(post('/v1/signup', JSON.stringify({ userName: 'x'.repeat(20 * MB) })))
    expect(response.status).toBe(429)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(await response.json()).toEqual({
      code: 8,
      message:
        'request body: more than 4194304 bytes received, over the limit of 4194304 bytes (4 MB); send a smaller request',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('reads no more than the limit of a body that never ends', async () => {
    const { proxy } = setup()
    const body = endlessBody()
    const response = await proxy.handle(post('/v1/otp_init', body.stream))
    expect(response.status).toBe(429)
    expect(body.pulled()).toBe(5)
  })

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { proxy } = setup()
    const body = endlessBody()
    const response = await proxy.handle(post('/v1/otp_init', body.stream, { 'Content-Length': String(20 * MB) }))
    expect(await response.json()).toMatchObject({
      code: 8,
      message: expect.stringContaining('Content-Length is 20971520 bytes'),
    })
    expect(body.pulled()).toBe(0)
  })

  it('accepts a body of exactly 4 MB', async () => {
    const { proxy } = setup()
    const text = `${' '.repeat(MAX_BODY_BYTES - 2)}{}`
    const response = await proxy.handle(post('/v1/wallet_kit_config', text))
    expect(response.status).toBe(200)
  })

  it('applies to the OAuth pages too', async () => {
    const { proxy } = setup()
    const body = endlessBody()
    const response = await proxy.handle(
      // From the consent page itself, on the mock's origin: another origin's post is refused unread.
      post('/__mock/oauth/google/consent', body.stream, {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://mock.test',
      }),
    )
    expect(await response.json()).toMatchObject({ code: 8 })
    expect(body.pulled()).toBe(5)
  })

  it('applies to the public API too', async () => {
    const { proxy } = setup()
    const body = endlessBody()
    const response = await proxy.handle(post('/public/v1/submit/stamp_login', body.stream))
    expect(await response.json()).toMatchObject({ code: 8 })
    expect(body.pulled()).toBe(5)
  })
})

describe('nesting (64 levels)', () => {
  it('refuses a body nested 10,000 deep with 3, not 500', async () => {
    const { proxy } = setup()
    const rawBody = `{"otpType":"OTP_TYPE_EMAIL","contact":"ada@example.com","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`
    const answer = await call(proxy, 'otp_init', undefined, { rawBody })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      code: 3,
      message: 'request body: JSON nested deeper than 64 levels; send a flatter value',
      details: [],
    })
  })

  it('counts objects and arrays alike, from the body itself (65 levels refused, 64 read)', async () => {
    const { proxy } = setup({ strictFields: false })
    // The body's own braces are the first level: `count` objects inside it make count + 1 levels.
    const nested = (count: number) => `${'{"a":'.repeat(count)}1${'}'.repeat(count)}`
    const deep = await call(proxy, 'otp_init', undefined, { rawBody: `{"otpType":"OTP_TYPE_EMAIL","x":${nested(64)}}` })
    expect(deep.body).toMatchObject({ code: 3, message: expect.stringMatching(/nested deeper than 64/) })
    const fine = await call(proxy, 'otp_init', undefined, { rawBody: `{"otpType":"OTP_TYPE_EMAIL","x":${nested(63)}}` })
    expect(fine.body).toMatchObject({ code: 3, message: expect.stringMatching(/^contact: /) })
  })

  it('applies to the public API too', async () => {
    const { proxy } = setup()
    const answer = await callPublic(proxy, 'submit/stamp_login', `{"parameters":${'['.repeat(100)}${']'.repeat(100)}}`)
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'request body: JSON nested deeper than 64 levels; send a flatter value',
    })
  })
})

describe('encoding (strict UTF-8)', () => {
  it('refuses invalid UTF-8 in a /v1 body with 3 instead of reading U+FFFD', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"otpType":"OTP_TYPE_EMAIL","contact":"ada@example.com","userIdentifier":"'),
      0xff,
      ...new TextEncoder().encode('"}'),
    ])
    const response = await proxy.handle(post('/v1/otp_init', bytes))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 3,
      message: 'request body: not valid UTF-8 text; send JSON encoded as UTF-8',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })
})

describe('string fields (capped per field, limits.ts)', () => {
  it('refuses a 1 MB userName with 3 naming the field and its cap, keeping nothing', async () => {
    const { proxy } = setup()
    const apiKey = await createTestClientKey()
    const request = {
      apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      authenticators: [],
      oauthProviders: [],
    }
    const before = snapshot(proxy)
    const answer = await call(proxy, 'signup', { ...request, userName: 'x'.repeat(MB) })
    expect(answer.body).toEqual({
      code: 3,
      message: `userName: too long: at most 256 characters for userName, got ${MB}`,
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
    await ok(call(proxy, 'signup', { ...request, userName: 'x'.repeat(256) }))
  })

  it('caps nested fields by their own name, with their path', async () => {
    const { proxy } = setup()
    const apiKey = await createTestClientKey()
    const answer = await call(proxy, 'signup', {
      apiKeys: [{ apiKeyName: 'k'.repeat(300), publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      authenticators: [],
      oauthProviders: [],
    })
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'apiKeys[0].apiKeyName: too long: at most 256 characters for apiKeyName, got 300',
    })
  })

  it('caps a field before it is echoed in a message', async () => {
    const { proxy } = setup()
    const answer = await call(proxy, 'otp_init', { otpType: 'X'.repeat(100_000), contact: 'ada@example.com' })
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'otpType: too long: at most 128 characters for otpType, got 100000',
    })
  })
})

describe("arrays (capped per field at production's per-user limits, limits.ts)", () => {
  const apiKey = (publicKey: string, index: number) => ({
    apiKeyName: `key ${index}`,
    publicKey,
    curveType: 'API_KEY_CURVE_P256',
  })

  it('refuses a sign-up with 21 API keys (10 long-lived and 10 expiring a user), keeping nothing; 20 sign up', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const request = (count: number) => ({
      apiKeys: Array.from({ length: count }, (_, index) => apiKey(key.publicKey, index)),
      authenticators: [],
      oauthProviders: [],
    })
    const before = snapshot(proxy)
    expect((await call(proxy, 'signup', request(21))).body).toEqual({
      code: 3,
      message: 'apiKeys: too many items: at most 20 for apiKeys, got 21',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
    await ok(call(proxy, 'signup', request(20)))
  })

  it('refuses the abusive sign-up of 20,000 keys before reading one, and a stamp afterwards checks no more keys than before', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const keys = Array.from({ length: 20_000 }, (_, index) => apiKey(key.publicKey, index))
    const before = snapshot(proxy)
    const answer = await call(proxy, 'signup', { apiKeys: keys, authenticators: [], oauthProviders: [] })
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'apiKeys: too many items: at most 20 for apiKeys, got 20000',
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it.each([
    ['authenticators', 10],
    ['oauthProviders', 10],
  ])('caps %s at %i, with the field named in snake_case too', async (field, cap) => {
    const { proxy } = setup()
    const snake = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    const request: Record<string, unknown> = { apiKeys: [], authenticators: [], oauthProviders: [] }
    delete request[field]
    const answer = await call(proxy, 'signup', { ...request, [snake]: Array.from({ length: cap + 1 }, () => ({})) })
    expect(answer.body).toMatchObject({
      code: 3,
      message: `${field}: too many items: at most ${cap} for ${field}, got ${cap + 1}`,
    })
  })

  it("caps a nested array by its own name, with its path (a passkey's transports)", async () => {
    const { proxy } = setup()
    const answer = await call(proxy, 'signup', {
      apiKeys: [],
      oauthProviders: [],
      authenticators: [
        {
          authenticatorName: 'laptop',
          challenge: 'c',
          attestation: { transports: Array(6).fill('AUTHENTICATOR_TRANSPORT_USB') },
        },
      ],
    })
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'authenticators[0].attestation.transports: too many items: at most 5 for transports, got 6',
    })
  })

  it('caps sign_raw_payloads at 100 payloads on the public API, before the stamp is read', async () => {
    const { proxy } = setup()
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      timestampMs: '0',
      organizationId: 'org',
      parameters: {
        signWith: 'x',
        payloads: Array(101).fill('00'),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    const answer = await callPublic(proxy, 'submit/sign_raw_payloads', body)
    expect(answer.body).toMatchObject({
      code: 3,
      message: 'parameters.payloads: too many items: at most 100 for payloads, got 101',
    })
  })
})
