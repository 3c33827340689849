import { afterEach, describe, expect, it, vi } from 'vitest'
import { KitError } from '../errors'
import type { ActivityEnvelope } from '../publicApiTypes'
import { fakeFetch, grpcError, hang, json, type FakeAnswer } from '../test/fakeFetch'
import { createPublicApiClient, isTimestampRefusal, statedApiTime } from './publicApiClient'
import type { Stamper } from '../contracts'
import { failure } from '../test/failure'

const SESSION_KEY = `03${'cd'.repeat(32)}`
const ENVELOPE: ActivityEnvelope<'stamp_login'> = {
  type: 'ACTIVITY_TYPE_STAMP_LOGIN',
  timestampMs: '1906632000000',
  organizationId: 'org-1',
  parameters: { publicKey: SESSION_KEY },
}

function activity(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'act-1',
    organizationId: 'org-sub',
    status: 'ACTIVITY_STATUS_COMPLETED',
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    intent: { stampLoginIntent: { publicKey: SESSION_KEY } },
    result: { stampLoginResult: { session: 'jwt' } },
    votes: [],
    fingerprint: 'fp',
    canApprove: false,
    canReject: false,
    createdAt: { seconds: '1906632000', nanos: '0' },
    updatedAt: { seconds: '1906632000', nanos: '0' },
    ...overrides,
  }
}

/** Records the exact texts it was asked to stamp. */
function recordingStamper(stamped: string[] = []): Stamper {
  return async (body) => {
    stamped.push(body)
    return { stampHeaderName: 'X-Stamp', stampHeaderValue: `stamp-of-${body.length}` }
  }
}

function clientOn(script: Record<string, FakeAnswer | FakeAnswer[]>, timeoutMs?: number) {
  const fake = fakeFetch(script)
  const sent: (string | undefined)[] = []
  const client = createPublicApiClient({
    apiUrl: 'https://api.example.com/',
    timeoutMs,
    fetch: (input, init) => {
      sent.push(init?.body as string | undefined)
      return fake.fetch(input, init)
    },
  })
  return { client, fake, sent }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createPublicApiClient: submit', () => {
  it('POSTs the envelope text to {apiUrl}/public/v1/submit/<activity> with the stamp of that very text', async () => {
    const { client, fake, sent } = clientOn({ 'submit/stamp_login': json(activity()) })
    const stamped: string[] = []

    const answer = await client.submit('stamp_login', ENVELOPE, recordingStamper(stamped))

    expect(answer.result.stampLoginResult.session).toBe('jwt')
    const [call] = fake.calls
    expect(call?.url).toBe('https://api.example.com/public/v1/submit/stamp_login')
    expect(call?.method).toBe('POST')
    expect(sent).toEqual([JSON.stringify(ENVELOPE)])
    expect(stamped).toEqual(sent)
    expect(call?.headers).toEqual({
      'content-type': 'application/json',
      'x-stamp': `stamp-of-${JSON.stringify(ENVELOPE).length}`,
      'raw:Content-Type': 'application/json',
      'raw:X-Stamp': `stamp-of-${JSON.stringify(ENVELOPE).length}`,
    })
  })

  it('sends the envelope keys in the seed order, timestampMs as a decimal string', async () => {
    const { client, sent } = clientOn({ 'submit/stamp_login': json(activity()) })
    await client.submit('stamp_login', ENVELOPE, recordingStamper())
    expect(sent[0]).toBe(
      `{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"1906632000000","organizationId":"org-1","parameters":{"publicKey":"${SESSION_KEY}"}}`,
    )
  })

  it('sends the X-Stamp-WebAuthn header when the stamper makes one, and no other stamp', async () => {
    const { client, fake } = clientOn({ 'submit/stamp_login': json(activity()) })
    await client.submit('stamp_login', ENVELOPE, async () => ({
      stampHeaderName: 'X-Stamp-WebAuthn',
      stampHeaderValue: '{"a":"b"}',
    }))
    expect(fake.calls[0]?.headers['x-stamp-webauthn']).toBe('{"a":"b"}')
    expect(fake.calls[0]?.headers['x-stamp']).toBeUndefined()
    expect(fake.calls[0]?.headers['x-auth-proxy-config-id']).toBeUndefined()
  })

  it('reads the production wrapping {activity} as well as the bare activity object', async () => {
    const { client } = clientOn({
      'submit/stamp_login': json({ activity: activity({ result: { stampLoginResult: { session: 'wrapped' } } }) }),
    })
    const answer = await client.submit('stamp_login', ENVELOPE, recordingStamper())
    expect(answer.id).toBe('act-1')
    expect(answer.result.stampLoginResult.session).toBe('wrapped')
  })

  it('checks create_authenticators results', async () => {
    const envelope: ActivityEnvelope<'create_authenticators'> = {
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      timestampMs: '1',
      organizationId: 'org-sub',
      parameters: { userId: 'user-1', authenticators: [] },
    }
    const completed = activity({
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      result: { createAuthenticatorsResult: { authenticatorIds: ['a-1'] } },
    })
    const { client, fake } = clientOn({
      'submit/create_authenticators': [json(completed), json({ ...completed, result: {} })],
    })
    expect(
      (await client.submit('create_authenticators', envelope, recordingStamper())).result.createAuthenticatorsResult,
    ).toEqual({
      authenticatorIds: ['a-1'],
    })
    expect(fake.calls[0]?.url).toBe('https://api.example.com/public/v1/submit/create_authenticators')
    // The result's fields are its reader's to check (the passkey flow: checkAnswer); the client checks the envelope.
    expect((await client.submit('create_authenticators', envelope, recordingStamper())).result).toEqual({})
  })

  it('submits an activity whose result its caller checks (create_wallet), checking the envelope only', async () => {
    const envelope: ActivityEnvelope<'create_wallet'> = {
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      timestampMs: '1',
      organizationId: 'org-sub',
      parameters: { walletName: 'Savings', accounts: [] },
    }
    const completed = activity({
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      result: { createWalletResult: { walletId: 'w-1', addresses: [] } },
    })
    const { client, fake } = clientOn({
      'submit/create_wallet': [json(completed), json({ ...completed, status: 'ACTIVITY_STATUS_FAILED' })],
    })
    expect((await client.submit('create_wallet', envelope, recordingStamper())).result.createWalletResult).toEqual({
      walletId: 'w-1',
      addresses: [],
    })
    expect(fake.calls[0]?.url).toBe('https://api.example.com/public/v1/submit/create_wallet')
    const error = await failure(client.submit('create_wallet', envelope, recordingStamper()))
    expect(error.message).toMatch(/ACTIVITY_STATUS_FAILED/)
  })

  it.each([
    ['no result', activity({ result: undefined }), 'PROXY_BAD_RESPONSE', /no activity result/],
    ['no status', activity({ status: undefined }), 'PROXY_BAD_RESPONSE', /no activity status/],
    [
      'another activity type',
      activity({ type: 'ACTIVITY_TYPE_CREATE_USERS' }),
      'PROXY_BAD_RESPONSE',
      /activity type "ACTIVITY_TYPE_CREATE_USERS"/,
    ],
    [
      'a failed activity',
      activity({ status: 'ACTIVITY_STATUS_FAILED', result: {} }),
      'PROXY_ERROR',
      /ended ACTIVITY_STATUS_FAILED/,
    ],
    [
      'an activity waiting for consensus',
      activity({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' }),
      'PROXY_ERROR',
      /CONSENSUS_NEEDED/,
    ],
  ])('refuses an answer with %s', async (_name, body, code, message) => {
    const { client } = clientOn({ 'submit/stamp_login': json(body) })
    const error = await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })

  it('maps a refused stamp (16) to STAMP_REFUSED, keeping the proxy body and status', async () => {
    const { client } = clientOn({ 'submit/stamp_login': grpcError(16, 'X-Stamp: signature does not verify', 401) })
    const error = await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))
    expect(error.code).toBe('STAMP_REFUSED')
    expect(error.status).toBe(401)
    expect(error.proxy).toEqual({ code: 16, message: 'X-Stamp: signature does not verify', details: [] })
    expect(error.message).toBe('stamp_login: X-Stamp: signature does not verify (HTTP 401)')
  })

  it('maps other errors as the proxy client does', async () => {
    const { client } = clientOn({
      'submit/stamp_login': [
        grpcError(3, 'timestampMs: too far from now', 400),
        grpcError(5, 'no such organization', 404),
        new TypeError('Failed to fetch'),
      ],
    })
    expect((await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('INVALID_REQUEST')
    expect((await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('NOT_FOUND')
    // Lost twice (sent, then sent again identically): the second loss is the caller's.
    expect((await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('PROXY_UNAVAILABLE')
  })

  it('PROXY_TIMEOUT when no answer comes within timeoutMs, for the request and for its one identical resend', async () => {
    vi.useFakeTimers()
    const { client, fake } = clientOn({ 'submit/stamp_login': hang }, 1000)
    const pending = failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))
    await vi.advanceTimersByTimeAsync(2000)
    expect((await pending).code).toBe('PROXY_TIMEOUT')
    expect(fake.calls).toHaveLength(2)
    expect(fake.calls.every((call) => call.signal?.aborted === true)).toBe(true)
  })

  it.each([
    ['the connection failed', new TypeError('Failed to fetch')],
    [
      'a gateway could not reach the API (a 503 page)',
      new Response('<html>503 Service Unavailable</html>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
    ],
  ])(
    'sends an activity whose answer was lost (%s) once more, the very same bytes and stamp, and reads its answer',
    async (_name, lost) => {
      const { client, fake, sent } = clientOn({ 'submit/stamp_login': [lost, json({ activity: activity() })] })
      const stamped: string[] = []
      const answer = await client.submit('stamp_login', ENVELOPE, recordingStamper(stamped))
      expect(answer.result.stampLoginResult.session).toBe('jwt')
      // One stamp (no second passkey prompt), sent twice: the API answers the same activity for the same bytes.
      expect(stamped).toHaveLength(1)
      expect(sent).toEqual([stamped[0], stamped[0]])
      expect(fake.calls.map((call) => call.headers['x-stamp'] ?? call.headers['X-Stamp'])).toEqual([
        `stamp-of-${stamped[0]?.length}`,
        `stamp-of-${stamped[0]?.length}`,
      ])
    },
  )

  it("a rate limit says when to try again, from a RetryInfo detail or a gateway page's Retry-After", async () => {
    const detail = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12s' }
    const limited = clientOn({
      'submit/stamp_login': [
        json(
          { code: 8, message: 'Too many requests. Please wait and try again in a few seconds', details: [detail] },
          429,
        ),
        new Response('<html>429</html>', { status: 429, headers: { 'Content-Type': 'text/html', 'Retry-After': '7' } }),
      ],
    })
    expect(await failure(limited.client.submit('stamp_login', ENVELOPE, recordingStamper()))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 12,
    })
    expect(await failure(limited.client.submit('stamp_login', ENVELOPE, recordingStamper()))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 7,
    })
  })

  it('does not send again what the API itself refused or answered, a query, or a request its caller aborted', async () => {
    const refused = clientOn({ 'submit/stamp_login': grpcError(14, 'unavailable', 503) })
    expect((await failure(refused.client.submit('stamp_login', ENVELOPE, recordingStamper()))).status).toBe(503)
    expect(refused.fake.calls).toHaveLength(1)
    const query = clientOn({ 'query/whoami': new TypeError('Failed to fetch') })
    expect((await failure(query.client.query('whoami', { organizationId: 'org-1' }, recordingStamper()))).code).toBe(
      'PROXY_UNAVAILABLE',
    )
    expect(query.fake.calls).toHaveLength(1)
    const controller = new AbortController()
    const aborted = clientOn({
      'submit/stamp_login': () => {
        controller.abort()
        return Promise.reject(new DOMException('aborted', 'AbortError'))
      },
    })
    expect(
      (await failure(aborted.client.submit('stamp_login', ENVELOPE, recordingStamper(), { signal: controller.signal })))
        .code,
    ).toBe('ABORTED')
    expect(aborted.fake.calls).toHaveLength(1)
  })

  it('a stamper failure (a cancelled passkey prompt) sends nothing and is passed on as it is', async () => {
    const { client, fake } = clientOn({ 'submit/stamp_login': json(activity()) })
    const cancelled = new KitError('PASSKEY_CANCELLED', 'cancelled')
    await expect(client.submit('stamp_login', ENVELOPE, () => Promise.reject(cancelled))).rejects.toBe(cancelled)
    expect(fake.calls).toHaveLength(0)
  })

  it('ABORTED before stamping when the signal is already aborted', async () => {
    const { client, fake } = clientOn({ 'submit/stamp_login': json(activity()) })
    const stamped: string[] = []
    const error = await failure(
      client.submit('stamp_login', ENVELOPE, recordingStamper(stamped), { signal: AbortSignal.abort() }),
    )
    expect(error.code).toBe('ABORTED')
    expect(stamped).toEqual([])
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses an activity name that is not one, a bad stamp, and a bad envelope before sending', async () => {
    const { client, fake } = clientOn({})
    // The name goes into the path: nothing but an activity's name may.
    await expect(client.submit('../query/whoami' as never, ENVELOPE as never, recordingStamper())).rejects.toThrow(
      /publicApi\.submit\(activity\)/,
    )
    await expect(client.submit(42 as never, ENVELOPE as never, recordingStamper())).rejects.toThrow(
      /publicApi\.submit\(activity\)/,
    )
    await expect(
      client.submit('stamp_login', ENVELOPE, async () => ({
        stampHeaderName: 'X-Other' as never,
        stampHeaderValue: 'x',
      })),
    ).rejects.toThrow(/stamper result/)
    await expect(client.submit('stamp_login', 'text' as never, recordingStamper())).rejects.toThrow(
      /stamp_login: body: expected an object/,
    )
    expect(fake.calls).toHaveLength(0)
  })
})

describe('createPublicApiClient: a refused timestampMs (the device clock is off)', () => {
  const API_TIME = Date.parse('2030-06-01T12:00:00.000Z')
  // The mock's wording (readEnvelope.ts): production's is not published.
  const REFUSAL = `timestampMs: 2030-06-01T12:06:00.000Z is 360 s after the API's clock (2030-06-01T12:00:00.000Z); a request must be stamped within 5 minutes of being sent`
  const SIX_MINUTES = 6 * 60_000

  function skewedClientOn(script: Record<string, FakeAnswer | FakeAnswer[]>) {
    let offset = 0
    const device = () => API_TIME + SIX_MINUTES
    const learned: number[] = []
    const clock = {
      now: () => device() + offset,
      learn: (proxyTimeMs: number) => {
        learned.push(proxyTimeMs)
        offset = proxyTimeMs - device()
        return true
      },
    }
    const fake = fakeFetch(script)
    const client = createPublicApiClient({ apiUrl: 'https://api.example.com', fetch: fake.fetch, clock })
    return { client, fake, learned, clock }
  }

  it('is CLOCK_SKEW, worded apart from a refused stamp, for a query too', async () => {
    const { client } = clientOn({
      'submit/stamp_login': grpcError(16, REFUSAL, 401),
      'query/whoami': grpcError(16, 'timestamp too old', 401),
    })
    const error = await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))
    expect(error).toMatchObject({ code: 'CLOCK_SKEW', status: 401, proxy: { code: 16, message: REFUSAL } })
    expect(error.userMessage).toBe(
      "This device's clock is off, so the sign-in service refused the request. Set the date and time to update automatically, then try again.",
    )
    expect(error.cause).toMatchObject({ code: 'STAMP_REFUSED' })
    expect((await failure(client.query('whoami', { organizationId: 'org-1' }, recordingStamper()))).code).toBe(
      'CLOCK_SKEW',
    )
  })

  it('learns the API time the refusal states, and sends a key-stamped activity once more with a new timestamp and a new stamp', async () => {
    const { client, fake, learned } = skewedClientOn({
      'submit/stamp_login': [grpcError(16, REFUSAL, 401), json(activity())],
    })
    const stamped: string[] = []
    const done = await client.submit(
      'stamp_login',
      { ...ENVELOPE, timestampMs: String(API_TIME + SIX_MINUTES) },
      recordingStamper(stamped),
    )
    expect(done.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(learned).toEqual([API_TIME])
    expect(fake.calls.map((call) => (call.body as { timestampMs: string }).timestampMs)).toEqual([
      String(API_TIME + SIX_MINUTES),
      String(API_TIME),
    ])
    expect(stamped).toHaveLength(2)
    expect(fake.calls[1]?.headers['x-stamp']).toBe(`stamp-of-${stamped[1]?.length}`)
  })

  it('tries once more only: a second refusal is CLOCK_SKEW', async () => {
    const { client, fake } = skewedClientOn({ 'submit/stamp_login': grpcError(16, REFUSAL, 401) })
    expect((await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('CLOCK_SKEW')
    expect(fake.calls).toHaveLength(2)
  })

  it('does not send a passkey-stamped activity again (a second prompt): it learns, and the next try has the time right', async () => {
    const { client, fake, learned, clock } = skewedClientOn({
      'submit/stamp_login': [grpcError(16, REFUSAL, 401), json(activity())],
    })
    const prompts: string[] = []
    const passkey: Stamper = async (body) => {
      prompts.push(body)
      return { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: '{}' }
    }
    const error = await failure(client.submit('stamp_login', ENVELOPE, passkey))
    expect(error.code).toBe('CLOCK_SKEW')
    expect(prompts).toHaveLength(1)
    expect(fake.calls).toHaveLength(1)
    expect(learned).toEqual([API_TIME])
    expect(clock.now()).toBe(API_TIME)
  })

  it('learns nothing and does not retry when the refusal does not state the time, or when there is no clock', async () => {
    const unstated = skewedClientOn({ 'submit/stamp_login': grpcError(16, 'request timestamp is too old', 401) })
    expect((await failure(unstated.client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('CLOCK_SKEW')
    expect(unstated.learned).toEqual([])
    expect(unstated.fake.calls).toHaveLength(1)
    const { client, fake } = clientOn({ 'submit/stamp_login': grpcError(16, REFUSAL, 401) })
    expect((await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('CLOCK_SKEW')
    expect(fake.calls).toHaveLength(1)
  })

  it('keeps a refused stamp that says nothing of the timestamp STAMP_REFUSED, and learns nothing from it', async () => {
    const { client, learned } = skewedClientOn({
      'submit/stamp_login': grpcError(
        16,
        "X-Stamp-WebAuthn: credential abc is not registered (the API's clock (2030-06-01T12:00:00.000Z))",
        401,
      ),
    })
    expect((await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))).code).toBe('STAMP_REFUSED')
    expect(learned).toEqual([])
  })

  it('reads the stated time after the word "clock", ISO 8601 UTC only', () => {
    expect(statedApiTime(REFUSAL)).toBe(API_TIME)
    expect(statedApiTime('timestampMs: is far from the clock (not a date)')).toBeUndefined()
    expect(statedApiTime('timestampMs: far from 2030-06-01T12:00:00.000Z')).toBeUndefined()
    expect(isTimestampRefusal(REFUSAL)).toBe(true)
    expect(isTimestampRefusal('X-Stamp: signature does not verify')).toBe(false)
  })

  it('refuses a clock that is not one', () => {
    expect(() => createPublicApiClient({ apiUrl: 'https://api.example.com', clock: {} as never })).toThrow(
      /createPublicApiClient\(\{ clock \}\)/,
    )
  })
})

describe('createPublicApiClient: query', () => {
  it('POSTs whoami to /public/v1/query/whoami, stamped', async () => {
    const whoami = { organizationId: 'org-sub', organizationName: 'Sub', userId: 'user-1', username: 'Ada' }
    const { client, fake, sent } = clientOn({ 'query/whoami': json(whoami) })
    const stamped: string[] = []
    expect(await client.query('whoami', { organizationId: 'org-sub' }, recordingStamper(stamped))).toEqual(whoami)
    expect(fake.calls[0]?.url).toBe('https://api.example.com/public/v1/query/whoami')
    expect(sent).toEqual(['{"organizationId":"org-sub"}'])
    expect(stamped).toEqual(sent)
  })

  it('refuses a query name that is not one, before sending anything', async () => {
    const { client, fake } = clientOn({})
    await expect(
      client.query('../submit/x' as never, { organizationId: 'o' } as never, recordingStamper()),
    ).rejects.toThrow(/publicApi\.query\(query\)/)
    expect(fake.calls).toEqual([])
  })
})

describe('createPublicApiClient: options', () => {
  it('resolves and keeps apiUrl, and defaults the timeout like the proxy client', () => {
    const client = createPublicApiClient({ apiUrl: ' https://api.example.com/base// ', fetch: fakeFetch({}).fetch })
    expect(client.apiUrl).toBe('https://api.example.com/base')
    expect(client.timeoutMs).toBe(20_000)
  })

  it('refuses a bad apiUrl, fetch or timeout, naming the option', () => {
    expect(() => createPublicApiClient({ apiUrl: 'ftp://x' })).toThrow(/^apiUrl "ftp:\/\/x" is not a valid URL/)
    expect(() => createPublicApiClient({ apiUrl: 'https://x', fetch: 'no' as never })).toThrow(/\{ fetch \}/)
    expect(() => createPublicApiClient({ apiUrl: 'https://x', timeoutMs: 0 })).toThrow(/\{ timeoutMs \}/)
  })
})

describe('createPublicApiClient: the same activity submitted twice at once', () => {
  it('sends it once, stamped once, and answers both calls; once answered, the same text is sent anew', async () => {
    const stamped: string[] = []
    const { client, sent } = clientOn({
      'submit/stamp_login': [json({ activity: activity() }), json({ activity: activity() })],
    })
    const [first, second] = await Promise.all([
      client.submit('stamp_login', ENVELOPE, recordingStamper(stamped)),
      client.submit('stamp_login', { ...ENVELOPE }, recordingStamper(stamped)),
    ])
    expect(second).toBe(first)
    expect({ sent: sent.length, stamped: stamped.length }).toEqual({ sent: 1, stamped: 1 })
    await client.submit('stamp_login', ENVELOPE, recordingStamper(stamped))
    expect(sent).toHaveLength(2)
  })

  it('sends two activities that differ, even by their timestamp', async () => {
    const { client, sent } = clientOn({
      'submit/stamp_login': [json({ activity: activity() }), json({ activity: activity() })],
    })
    await Promise.all([
      client.submit('stamp_login', ENVELOPE, recordingStamper()),
      client.submit('stamp_login', { ...ENVELOPE, timestampMs: '1906632000001' }, recordingStamper()),
    ])
    expect(sent).toHaveLength(2)
  })

  it('ends the second call alone when its own signal aborts; the first still gets the answer', async () => {
    const { client } = clientOn({ 'submit/stamp_login': json({ activity: activity() }) })
    const controller = new AbortController()
    const first = client.submit('stamp_login', ENVELOPE, recordingStamper())
    const second = failure(client.submit('stamp_login', ENVELOPE, recordingStamper(), { signal: controller.signal }))
    controller.abort()
    expect((await second).code).toBe('ABORTED')
    expect((await first).id).toBe('act-1')
  })

  it("names the API's refusal of an activity it already has DUPLICATE_REQUEST, though it names the timestamp", async () => {
    const message =
      'request body: already submitted (activity act-1 at 2030-01-01T00:00:00.000Z); a replay with another stamp is refused: send the identical request again to read its answer, or a new request with a fresh timestampMs'
    expect(isTimestampRefusal(message)).toBe(false)
    const { client } = clientOn({ 'submit/stamp_login': grpcError(16, message, 401) })
    const error = await failure(client.submit('stamp_login', ENVELOPE, recordingStamper()))
    expect(error).toMatchObject({ code: 'DUPLICATE_REQUEST', status: 401, proxy: { code: 16, message } })
  })
})
