import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuthProxyClient } from './client'
import { KitError, isKitError } from './errors'
import { DEFAULT_USER_MESSAGES } from './errors'
import { fakeFetch, grpcError, hang, json } from './test/fakeFetch'
import { failure } from './test/failure'

const PUBLIC_KEY = `02${'ab'.repeat(32)}`

afterEach(() => {
  vi.useRealTimers()
})

describe('createAuthProxyClient: requests', () => {
  it('POSTs JSON to {proxyUrl}/v1/<endpoint> with the config id header', async () => {
    const fake = fakeFetch({ otp_init: json({ otpId: 'otp-1' }) })
    const client = createAuthProxyClient({
      proxyUrl: 'https://auth.example.com/base/',
      configId: 'tenant-1',
      fetch: fake.fetch,
    })

    const answer = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@b.co' })

    expect(answer).toEqual({ otpId: 'otp-1' })
    expect(fake.calls).toHaveLength(1)
    const [call] = fake.calls
    expect(call?.url).toBe('https://auth.example.com/base/v1/otp_init')
    expect(call?.method).toBe('POST')
    expect(call?.headers['raw:X-Auth-Proxy-Config-ID']).toBe('tenant-1')
    expect(call?.headers['content-type']).toBe('application/json')
    expect(call?.body).toEqual({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@b.co' })
    expect(call?.signal).toBeInstanceOf(AbortSignal)
  })

  it('trims trailing slashes of proxyUrl and keeps the trimmed form', () => {
    const client = createAuthProxyClient({
      proxyUrl: 'http://localhost:8787///',
      configId: 'demo',
      fetch: fakeFetch({}).fetch,
    })
    expect(client.proxyUrl).toBe('http://localhost:8787')
    expect(client.configId).toBe('demo')
    expect(client.timeoutMs).toBe(20_000)
  })

  it('sends wallet_kit_config with no body and no Content-Type, and fills protobuf-omitted defaults', async () => {
    const fake = fakeFetch({ wallet_kit_config: json({ organizationId: 'org-parent', enabledProviders: ['email'] }) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })

    const config = await client.walletKitConfig()

    expect(fake.calls[0]?.body).toBeUndefined()
    expect(fake.calls[0]?.headers['content-type']).toBeUndefined()
    expect(fake.calls[0]?.headers['x-auth-proxy-config-id']).toBe('demo')
    expect(config).toEqual({
      organizationId: 'org-parent',
      enabledProviders: ['email'],
      sessionExpirationSeconds: '900',
      otpLength: '6',
      otpAlphanumeric: true,
    })
  })

  it('keeps the config values the proxy sends', async () => {
    const body = {
      organizationId: 'org',
      enabledProviders: ['email', 'google'],
      sessionExpirationSeconds: '3600',
      otpLength: '8',
      otpAlphanumeric: false,
      oauthClientIds: { google: 'g-client' },
    }
    const client = createAuthProxyClient({
      proxyUrl: 'https://p.example',
      configId: 'demo',
      fetch: fakeFetch({ wallet_kit_config: json(body) }).fetch,
    })
    expect(await client.walletKitConfig()).toEqual(body)
  })

  it.each([
    ['otpVerify', 'otp_verify', { otpId: 'o', otpCode: '123456', publicKey: PUBLIC_KEY }, { verificationToken: 'vt' }],
    ['otpLogin', 'otp_login', { verificationToken: 'vt', publicKey: PUBLIC_KEY }, { session: 'jwt' }],
    ['signup', 'signup', { apiKeys: [], authenticators: [], oauthProviders: [] }, { organizationId: 'o', userId: 'u' }],
    ['account', 'account', { filterType: 'EMAIL', filterValue: 'a@b.co' }, {}],
    [
      'oauth2Authenticate',
      'oauth2_authenticate',
      { provider: 'OAUTH2_PROVIDER_X', authCode: 'c', redirectUri: 'r', codeVerifier: 'v', nonce: 'n', clientId: 'id' },
      { oidcToken: 'oidc' },
    ],
    ['oauthLogin', 'oauth_login', { oidcToken: 'oidc', publicKey: PUBLIC_KEY }, { session: 'jwt' }],
  ] as const)('%s posts to /v1/%s', async (method, endpoint, body, answer) => {
    const fake = fakeFetch({ [endpoint]: json(answer) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    const call = client[method] as (body: unknown) => Promise<unknown>
    expect(await call(body)).toEqual(answer)
    expect(fake.calls[0]?.url).toBe(`https://p.example/v1/${endpoint}`)
    expect(fake.calls[0]?.body).toEqual(body)
  })

  it('uses globalThis.fetch when none is injected, looked up at call time', async () => {
    const fake = fakeFetch({ otp_init: json({ otpId: 'x' }) })
    vi.stubGlobal('fetch', fake.fetch)
    try {
      const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo' })
      await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@b.co' })
    } finally {
      vi.unstubAllGlobals()
    }
    expect(fake.endpoints()).toEqual(['otp_init'])
  })
})

describe('createAuthProxyClient: errors', () => {
  function clientWith(answer: Parameters<typeof fakeFetch>[0][string], timeoutMs?: number) {
    const fake = fakeFetch({ otp_verify: answer })
    return createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch, timeoutMs })
  }
  const verify = { otpId: 'o', otpCode: 'ABC123', publicKey: PUBLIC_KEY }

  it('turns a proxy error body into a KitError with the mapped code, status, the body and a developer message', async () => {
    const client = clientWith(grpcError(3, 'otpCode: wrong code, 4 attempts left', 400))
    const error = await failure(client.otpVerify(verify))
    expect(error.code).toBe('INVALID_REQUEST')
    expect(error.status).toBe(400)
    expect(error.proxy).toEqual({ code: 3, message: 'otpCode: wrong code, 4 attempts left', details: [] })
    expect(error.message).toBe('otp_verify: otpCode: wrong code, 4 attempts left (HTTP 400)')
    expect(error.userMessage).toMatch(/not accepted/)
  })

  it.each([
    [16, 401, 'UNAUTHENTICATED'],
    [7, 403, 'PERMISSION_DENIED'],
    [5, 404, 'NOT_FOUND'],
    [6, 409, 'ALREADY_EXISTS'],
    [8, 429, 'RATE_LIMITED'],
    [9, 400, 'FAILED_PRECONDITION'],
    [4, 504, 'PROXY_TIMEOUT'],
    [13, 500, 'PROXY_ERROR'],
    // UNAVAILABLE: transient, as a gateway's 503 page is.
    [14, 503, 'PROXY_UNAVAILABLE'],
  ] as const)('gRPC %i (HTTP %i) → %s', async (grpc, status, code) => {
    const error = await failure(clientWith(grpcError(grpc, 'no', status)).otpVerify(verify))
    expect(error.code).toBe(code)
    expect(error.status).toBe(status)
    expect(error.proxy?.code).toBe(grpc)
  })

  it('given a rate limit, reads when to retry from RetryInfo, else Retry-After, and says it to the user', async () => {
    const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' }
    const limited = await failure(
      clientWith(json({ code: 8, message: 'too many codes', details: [retryInfo] }, 429)).otpVerify(verify),
    )
    expect(limited.code).toBe('RATE_LIMITED')
    expect(limited.retryAfterSeconds).toBe(23)
    expect(limited.userMessage).toBe('Too many attempts. Please wait 23 seconds and try again.')

    const header = new Response(JSON.stringify({ code: 8, message: 'slow down', details: [] }), {
      status: 429,
      headers: { 'Retry-After': '1' },
    })
    const fromHeader = await failure(clientWith(header).otpVerify(verify))
    expect(fromHeader.retryAfterSeconds).toBe(1)
    expect(fromHeader.userMessage).toBe('Too many attempts. Please wait 1 second and try again.')

    const unsaid = await failure(clientWith(grpcError(8, 'slow down', 429)).otpVerify(verify))
    expect(unsaid.retryAfterSeconds).toBeUndefined()
    expect(unsaid.userMessage).toBe(DEFAULT_USER_MESSAGES.RATE_LIMITED)
  })

  it('keeps details from the proxy and tolerates their absence', async () => {
    const error = await failure(
      clientWith(json({ code: 3, message: 'bad', details: [{ field: 'otpId' }] }, 400)).otpVerify(verify),
    )
    expect(error.proxy?.details).toEqual([{ field: 'otpId' }])
    const bare = await failure(clientWith(json({ code: 3, message: 'bad' }, 400)).otpVerify(verify))
    expect(bare.proxy).toEqual({ code: 3, message: 'bad', details: [] })
  })

  it('PROXY_BAD_RESPONSE for an error answer that is not JSON and says nothing by its status, status and body kept', async () => {
    const error = await failure(clientWith(new Response('<html>Forbidden</html>', { status: 403 })).otpVerify(verify))
    expect(error.code).toBe('PROXY_BAD_RESPONSE')
    expect(error.status).toBe(403)
    expect(error.message).toBe(
      'otp_verify: HTTP 403 from https://p.example/v1/otp_verify without a proxy error body (got "<html>Forbidden</html>")',
    )
    expect(error.proxy).toBeUndefined()
  })

  it.each([502, 503, 504])(
    'PROXY_UNAVAILABLE for a gateway page with HTTP %i, status and body kept',
    async (status) => {
      const page = `<html><body>${'The origin is unreachable. '.repeat(5)}</body></html>`
      const error = await failure(
        clientWith(new Response(page, { status, headers: { 'Content-Type': 'text/html' } })).otpVerify(verify),
      )
      expect(error.code).toBe('PROXY_UNAVAILABLE')
      expect(error.status).toBe(status)
      expect(error.message).toBe(
        `otp_verify: HTTP ${status} from https://p.example/v1/otp_verify without a proxy error body (got "${page.slice(0, 60)}…")`,
      )
      expect(error.userMessage).toBe(DEFAULT_USER_MESSAGES.PROXY_UNAVAILABLE)
      expect(error.proxy).toBeUndefined()
    },
  )

  it('RATE_LIMITED with retryAfterSeconds for a CDN or WAF 429 page with Retry-After, in seconds or as an HTTP date', async () => {
    const seconds = new Response('<html>Too Many Requests</html>', { status: 429, headers: { 'Retry-After': '30' } })
    const fromSeconds = await failure(clientWith(seconds).otpVerify(verify))
    expect(fromSeconds).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 30, proxy: undefined })
    expect(fromSeconds.message).toBe(
      'otp_verify: HTTP 429 from https://p.example/v1/otp_verify without a proxy error body (got "<html>Too Many Requests</html>")',
    )
    expect(fromSeconds.userMessage).toBe('Too many attempts. Please wait 30 seconds and try again.')

    const headers = { 'Retry-After': 'Wed, 21 Oct 2030 07:30:00 GMT', Date: 'Wed, 21 Oct 2030 07:28:00 GMT' }
    const fromDate = await failure(clientWith(new Response('rate limited', { status: 429, headers })).otpVerify(verify))
    expect(fromDate).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 120 })
  })

  it('RATE_LIMITED without retryAfterSeconds for a 429 page without Retry-After, also on wallet_kit_config', async () => {
    const error = await failure(clientWith(new Response('', { status: 429 })).otpVerify(verify))
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: undefined })
    expect(error.message).toContain('(got an empty body)')
    expect(error.userMessage).toBe(DEFAULT_USER_MESSAGES.RATE_LIMITED)

    const fake = fakeFetch({ wallet_kit_config: new Response('slow down', { status: 429 }) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    expect(await failure(client.walletKitConfig())).toMatchObject({ code: 'RATE_LIMITED', status: 429 })
  })

  it("reads a rate limit's Retry-After on wallet_kit_config too, as on every call", async () => {
    const limited = new Response('slow down', { status: 429, headers: { 'Retry-After': '12' } })
    const fake = fakeFetch({ wallet_kit_config: limited })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    expect(await failure(client.walletKitConfig())).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 12 })
  })

  it('PROXY_BAD_RESPONSE for an error answer in JSON without code and message', async () => {
    const error = await failure(clientWith(json({ error: 'nope' }, 500)).otpVerify(verify))
    expect(error.code).toBe('PROXY_BAD_RESPONSE')
  })

  it('PROXY_BAD_RESPONSE for a success that is not JSON, not an object, or lacks the promised field', async () => {
    expect((await failure(clientWith(new Response('OK', { status: 200 })).otpVerify(verify))).code).toBe(
      'PROXY_BAD_RESPONSE',
    )
    expect((await failure(clientWith(new Response('', { status: 200 })).otpVerify(verify))).message).toContain(
      'an empty body',
    )
    expect((await failure(clientWith(json(['x'])).otpVerify(verify))).code).toBe('PROXY_BAD_RESPONSE')
    const missing = await failure(clientWith(json({ token: 'x' })).otpVerify(verify))
    expect(missing.code).toBe('PROXY_BAD_RESPONSE')
    expect(missing.message).toBe('otp_verify: no verificationToken in the answer (HTTP 200)')
  })

  it('CONFIG_INVALID naming the config id and the proxy when the proxy knows no such config id (NOT_FOUND)', async () => {
    const body = { code: 5, message: 'X-Auth-Proxy-Config-Id header: no tenant with config id "typo"', details: [] }
    const fake = fakeFetch({ wallet_kit_config: json(body, 404) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'typo', fetch: fake.fetch })
    const error = await failure(client.walletKitConfig())
    expect(error.code).toBe('CONFIG_INVALID')
    expect(error.message).toContain('the proxy at https://p.example knows no config id "typo"')
    expect(error.userMessage).toBe('Sign-in is not set up for this site.')
    expect(error.status).toBe(404)
    expect(error.proxy).toEqual(body)
  })

  it('NOT_FOUND from another endpoint stays NOT_FOUND', async () => {
    const fake = fakeFetch({ otp_verify: json({ code: 5, message: 'no such otp', details: [] }, 404) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    const error = await failure(client.otpVerify(verify))
    expect(error.code).toBe('NOT_FOUND')
  })

  it('PROXY_BAD_RESPONSE for a wallet_kit_config with a malformed field', async () => {
    const fake = fakeFetch({ wallet_kit_config: json({ organizationId: 'o', otpLength: 'six' }) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    const error = await failure(client.walletKitConfig())
    expect(error.code).toBe('PROXY_BAD_RESPONSE')
    expect(error.message).toContain('otpLength is not a decimal integer')
  })

  it('PROXY_UNAVAILABLE when fetch rejects (offline, DNS, CORS), the cause kept', async () => {
    const cause = new TypeError('Failed to fetch')
    const error = await failure(clientWith(cause).otpVerify(verify))
    expect(error.code).toBe('PROXY_UNAVAILABLE')
    expect(error.cause).toBe(cause)
    // The developer is told which address was tried; the person is not.
    expect(error.message).toBe('otp_verify: no answer from https://p.example/v1/otp_verify (Failed to fetch)')
    expect(error.userMessage).not.toContain('p.example')
    expect(error.status).toBeUndefined()
  })

  it('PROXY_TIMEOUT when no answer comes within timeoutMs, and the request is aborted', async () => {
    vi.useFakeTimers()
    const fake = fakeFetch({ otp_verify: hang })
    const client = createAuthProxyClient({
      proxyUrl: 'https://p.example',
      configId: 'demo',
      fetch: fake.fetch,
      timeoutMs: 5000,
    })
    const pending = failure(client.otpVerify(verify))
    await vi.advanceTimersByTimeAsync(4999)
    expect(fake.calls[0]?.signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error.code).toBe('PROXY_TIMEOUT')
    expect(error.message).toBe('otp_verify: no answer within 5000 ms')
    expect(fake.calls[0]?.signal?.aborted).toBe(true)
  })

  it('uses a 20 s timeout by default', async () => {
    vi.useFakeTimers()
    const client = clientWith(hang)
    const pending = failure(client.otpVerify(verify))
    await vi.advanceTimersByTimeAsync(19_999)
    await vi.advanceTimersByTimeAsync(1)
    expect((await pending).code).toBe('PROXY_TIMEOUT')
  })

  it('clears its timer once answered', async () => {
    vi.useFakeTimers()
    const client = clientWith(json({ verificationToken: 'vt' }))
    await client.otpVerify(verify)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ABORTED when the caller aborts mid-request, and the request itself is aborted', async () => {
    const fake = fakeFetch({ otp_verify: hang })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    const controller = new AbortController()
    const pending = failure(client.otpVerify(verify, { signal: controller.signal }))
    await Promise.resolve()
    controller.abort()
    const error = await pending
    expect(error.code).toBe('ABORTED')
    expect(fake.calls[0]?.signal?.aborted).toBe(true)
  })

  it('ABORTED without calling fetch when the signal is already aborted', async () => {
    const fake = fakeFetch({ otp_verify: json({ verificationToken: 'vt' }) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    const error = await failure(client.otpVerify(verify, { signal: AbortSignal.abort() }))
    expect(error.code).toBe('ABORTED')
    expect(fake.calls).toHaveLength(0)
  })

  it('ABORTED when the caller aborts while the body is being read', async () => {
    const controller = new AbortController()
    const stream = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller.signal.addEventListener('abort', () =>
          streamController.error(new DOMException('aborted', 'AbortError')),
        )
      },
    })
    const client = clientWith(new Response(stream, { status: 200 }))
    const pending = failure(client.otpVerify(verify, { signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    controller.abort()
    expect((await pending).code).toBe('ABORTED')
  })
})

describe('createAuthProxyClient: account is retried once on a transient failure', () => {
  const lookup = { filterType: 'EMAIL', filterValue: 'ada@example.com', verificationToken: 'vt' } as const
  const found = json({ organizationId: 'org-ada' })
  const unavailable = () => grpcError(14, 'upstream unavailable', 503)

  function accountClient(answers: Parameters<typeof fakeFetch>[0][string], timeoutMs?: number) {
    const fake = fakeFetch({ account: answers, otp_verify: answers })
    const client = createAuthProxyClient({
      proxyUrl: 'https://p.example',
      configId: 'demo',
      fetch: fake.fetch,
      timeoutMs,
    })
    return { client, fake }
  }

  it.each([
    ['a network failure (PROXY_UNAVAILABLE)', new TypeError('Failed to fetch')],
    ['a gateway page with HTTP 502 (PROXY_UNAVAILABLE)', new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['a proxy error body with HTTP 503', unavailable()],
  ])('after %s, asks again and returns the second answer', async (_what, first) => {
    const { client, fake } = accountClient([first, found])
    await expect(client.account(lookup)).resolves.toEqual({ organizationId: 'org-ada' })
    expect(fake.endpoints()).toEqual(['account', 'account'])
    expect(fake.calls[1]?.body).toEqual(lookup)
  })

  it('after a timeout (PROXY_TIMEOUT), asks again with a fresh deadline', async () => {
    vi.useFakeTimers()
    const { client, fake } = accountClient([hang, found], 5000)
    const pending = client.account(lookup)
    await vi.advanceTimersByTimeAsync(5000)
    expect(fake.calls).toHaveLength(2)
    await expect(pending).resolves.toEqual({ organizationId: 'org-ada' })
  })

  it('surfaces a second failure as it is, after exactly two calls', async () => {
    const { client, fake } = accountClient([new TypeError('first'), new TypeError('second'), found])
    const error = await failure(client.account(lookup))
    expect(error.code).toBe('PROXY_UNAVAILABLE')
    expect(error.message).toBe('account: no answer from https://p.example/v1/account (second)')
    expect(fake.calls).toHaveLength(2)

    const twice503 = accountClient([unavailable(), unavailable(), found])
    expect(await failure(twice503.client.account(lookup))).toMatchObject({ code: 'PROXY_UNAVAILABLE', status: 503 })
    expect(twice503.fake.calls).toHaveLength(2)
  })

  it.each([
    ['a 400', grpcError(3, 'filterValue: not an email', 400), 'INVALID_REQUEST'],
    ['a 429', grpcError(8, 'slow down', 429), 'RATE_LIMITED'],
    ['a 500', grpcError(13, 'internal', 500), 'PROXY_ERROR'],
    ['an unreadable answer', new Response('OK', { status: 200 }), 'PROXY_BAD_RESPONSE'],
  ] as const)('does not retry %s', async (_what, answer, code) => {
    const { client, fake } = accountClient([answer, found])
    expect((await failure(client.account(lookup))).code).toBe(code)
    expect(fake.calls).toHaveLength(1)
  })

  it('does not retry when the caller aborted', async () => {
    const { client, fake } = accountClient([hang, found])
    const controller = new AbortController()
    const pending = failure(client.account(lookup, { signal: controller.signal }))
    await Promise.resolve()
    controller.abort()
    expect((await pending).code).toBe('ABORTED')
    expect(fake.calls).toHaveLength(1)
  })

  it('retries account only: a call with an effect (otp_verify) is sent once', async () => {
    const { client, fake } = accountClient([unavailable(), json({ verificationToken: 'vt' })])
    expect((await failure(client.otpVerify({ otpId: 'o', otpCode: 'ABC123', publicKey: PUBLIC_KEY }))).status).toBe(503)
    expect(fake.calls).toHaveLength(1)
  })
})

describe('createAuthProxyClient: input checks', () => {
  const fetchImpl = fakeFetch({}).fetch

  // Named as the developer wrote it (`proxyUrl`, on AuthProxyProvider, createKit or this client), not
  // after the function that happened to check it.
  const EXPECTED =
    "expected an http(s) URL like 'https://auth.example.com' (or, in a browser, a path like '/auth-proxy')"
  it.each([
    ['', `proxyUrl "" is not a valid URL: ${EXPECTED}`],
    ['auth.example.com', `proxyUrl "auth.example.com" is not a valid URL: ${EXPECTED}`],
    ['ftp://auth.example.com', `proxyUrl "ftp://auth.example.com" is not a valid URL: ${EXPECTED}`],
    [
      'https://auth.example.com?x=1',
      'proxyUrl "https://auth.example.com?x=1" has a ?query or #fragment: expected a base URL without them',
    ],
    // A path needs a page to resolve against; Node has none.
    ['/auth-proxy', `proxyUrl "/auth-proxy" is not a valid URL: ${EXPECTED}`],
  ])('refuses proxyUrl %j, naming it and what it should be', (proxyUrl, message) => {
    expect(() => createAuthProxyClient({ proxyUrl, configId: 'demo', fetch: fetchImpl })).toThrow(
      new KitError('CONFIG_INVALID', message),
    )
  })

  it('accepts a same-origin path in a browser, resolved against the page', async () => {
    vi.stubGlobal('location', new URL('https://app.example/page/'))
    try {
      const fake = fakeFetch({ otp_init: json({ otpId: 'x' }) })
      const client = createAuthProxyClient({ proxyUrl: '/auth-proxy/', configId: 'demo', fetch: fake.fetch })
      expect(client.proxyUrl).toBe('/auth-proxy')
      await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@b.co' })
      expect(fake.calls[0]?.url).toBe('https://app.example/auth-proxy/v1/otp_init')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('refuses an empty configId, a non-function fetch and a bad timeout, naming the option', () => {
    expect(() => createAuthProxyClient({ proxyUrl: 'https://p.example', configId: ' ' })).toThrow(
      /createAuthProxyClient\(\{ configId \}\): expected a non-empty string/,
    )
    expect(() =>
      createAuthProxyClient({
        proxyUrl: 'https://p.example',
        configId: 'x',
        fetch: 'fetch' as unknown as typeof fetch,
      }),
    ).toThrow(/\{ fetch \}/)
    expect(() => createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'x', timeoutMs: 0 })).toThrow(
      /\{ timeoutMs \}/,
    )
    expect(() => createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'x', timeoutMs: 2 ** 31 })).toThrow(
      /\{ timeoutMs \}/,
    )
  })

  it('labels bad input as CONFIG_INVALID', () => {
    try {
      createAuthProxyClient({ proxyUrl: 'nope', configId: 'x' })
      expect.unreachable()
    } catch (error) {
      expect(isKitError(error, 'CONFIG_INVALID')).toBe(true)
    }
  })

  it('refuses a non-object body and a signal that is not one, before any request', async () => {
    const fake = fakeFetch({ otp_init: json({ otpId: 'x' }) })
    const client = createAuthProxyClient({ proxyUrl: 'https://p.example', configId: 'demo', fetch: fake.fetch })
    await expect(client.otpInit('body' as never)).rejects.toThrow(/otp_init: body: expected an object/)
    await expect(
      client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@b.co' }, { signal: 'x' as never }),
    ).rejects.toThrow(/otp_init: options\.signal: expected an AbortSignal/)
    expect(fake.calls).toHaveLength(0)
  })
})
