// Webhooks end to end: a real HTTP receiver (node:http on a free port) gets what the mock POSTs for the
// activities of a tenant and its sub-organizations, signed as the README says a receiver checks it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createKit } from '../../core/createKit'
import { completeEmailOtp, startEmailOtp } from '../../core/otp/emailOtp'
import { memoryKeyStore } from '../../core/keys/memoryKeyStore'
import { memoryStorage } from '../../core/session/memoryStorage'
import { createMockAuthProxy } from '../handler'
import { DEMO_ORGANIZATION_ID, DEMO_TENANT } from '../tenants'
import { createTestClientKey, type TestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { ok, setup, type TestClock } from '../testing/harness'
import { createWalletBody, envelope, signedInEmailUser, stampedCall } from '../testing/publicApi'
import type { MockAuthProxy, MockAuthProxyOptions, MockTenant } from '../types'

// docs/mock.md's snippet, typed (a test below runs the page's own text).
function isFromMock(rawBody: string, header: string, secret: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')))
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')
  return (
    typeof v1 === 'string' && v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
  )
}

interface Received {
  headers: IncomingHttpHeaders
  body: string
  /** The parsed body's activity. */
  activity: { id: string; organizationId: string; type: string; result: Record<string, unknown> }
}

interface Receiver {
  url: string
  received: Received[]
}

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A receiver answering `statuses` in turn, then 200 to everything. */
async function receiver(statuses: number[] = []): Promise<Receiver> {
  const received: Received[] = []
  const answers = [...statuses]
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const parsed = JSON.parse(body) as { msg: { activity: Received['activity'] } }
      received.push({ headers: request.headers, body, activity: parsed.msg.activity })
      response.writeHead(answers.shift() ?? 200).end()
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received }
}

const SECRET = 'whsec_test_0123456789abcdef'

function tenant(extra: Partial<MockTenant> = {}): MockTenant {
  return { ...DEMO_TENANT, enabledProviders: ['email'], ...extra }
}

/** The kit, as a browser app runs it, against the mock's fetch. */
function kitOn(proxy: MockAuthProxy) {
  return createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: proxy.fetch,
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
  })
}

async function signUpByEmail(proxy: MockAuthProxy, email: string) {
  const kit = kitOn(proxy)
  const challenge = await startEmailOtp(kit, { email })
  const code = proxy.outbox(email)[0]?.code ?? ''
  return completeEmailOtp(kit, { challenge, code })
}

function featureBody(type: 'SET' | 'REMOVE', organizationId: string, parameters: object, clock: TestClock): string {
  return envelope(`ACTIVITY_TYPE_${type}_ORGANIZATION_FEATURE`, organizationId, parameters, clock.now())
}

function setWebhook(proxy: MockAuthProxy, clock: TestClock, organizationId: string, url: string, key: TestClientKey) {
  const body = featureBody('SET', organizationId, { name: 'FEATURE_NAME_WEBHOOK', value: url }, clock)
  return stampedCall(proxy, 'submit/set_organization_feature', body, key)
}

function removeWebhook(proxy: MockAuthProxy, clock: TestClock, organizationId: string, key: TestClientKey) {
  const body = featureBody('REMOVE', organizationId, { name: 'FEATURE_NAME_WEBHOOK' }, clock)
  return stampedCall(proxy, 'submit/remove_organization_feature', body, key)
}

const fast: MockAuthProxyOptions['webhooks'] = { retryDelaysMs: [5, 5, 5] }

describe('webhooks', () => {
  it('POSTs every activity of an email sign-up through the kit to the tenant URL, signed so that the README snippet verifies it', async () => {
    const hooks = await receiver()
    const proxy = createMockAuthProxy({ tenants: [tenant({ webhookUrl: hooks.url, webhookSecret: SECRET })] })
    const { session } = await signUpByEmail(proxy, 'ada@example.com')
    await proxy.webhooks.settled()

    expect(hooks.received.map((delivery) => delivery.activity.type).sort()).toEqual([
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
      'ACTIVITY_TYPE_INIT_OTP_V2',
      'ACTIVITY_TYPE_STAMP_LOGIN',
      'ACTIVITY_TYPE_VERIFY_OTP_V2',
    ])
    expect(proxy.webhooks.secret(DEMO_ORGANIZATION_ID)).toBe(SECRET)
    for (const delivery of hooks.received) {
      expect(isFromMock(delivery.body, String(delivery.headers['x-mock-signature']), SECRET)).toBe(true)
      expect(
        isFromMock(delivery.body.replace('ACTIVITY', 'ACTIVITX'), String(delivery.headers['x-mock-signature']), SECRET),
      ).toBe(false)
      expect(isFromMock(delivery.body, String(delivery.headers['x-mock-signature']), 'another secret')).toBe(false)
      expect(delivery.headers).toMatchObject({
        'content-type': 'application/json',
        'x-turnkey-organization-id': DEMO_ORGANIZATION_ID,
        'x-turnkey-event-type': 'ACTIVITY_UPDATES',
      })
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'ACTIVITY_UPDATES',
        msg: { activity: { status: 'ACTIVITY_STATUS_COMPLETED' } },
      })
    }
    const signUp = hooks.received.find(
      (delivery) => delivery.activity.type === 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    )
    expect(signUp?.activity).toMatchObject({
      organizationId: DEMO_ORGANIZATION_ID,
      result: {
        createSubOrganizationResultV7: { subOrganizationId: session.organizationId, rootUserIds: [session.userId] },
      },
    })
    // The login happened in the new sub-organization, and reached the parent's URL.
    const login = hooks.received.find((delivery) => delivery.activity.type === 'ACTIVITY_TYPE_STAMP_LOGIN')
    expect(login?.activity.organizationId).toBe(session.organizationId)
    // No code, token or session travels in a webhook.
    const code = proxy.outbox('ada@example.com')[0]?.code ?? 'none'
    for (const delivery of hooks.received) expect(delivery.body).not.toContain(code)
    expect(hooks.received.map((delivery) => delivery.body).join()).not.toContain(session.token)

    expect(proxy.webhooks.list()).toHaveLength(4)
    expect(proxy.webhooks.list().every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(
      true,
    )
  })

  it("delivers a sub-organization's public API activity (create_wallet) to the parent organization's URL", async () => {
    const hooks = await receiver()
    const { proxy, clock } = setup({ tenants: [tenant({ webhookUrl: hooks.url })] })
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    await proxy.webhooks.settled()
    hooks.received.length = 0
    const wallet = { walletName: 'Savings', accounts: [] }
    const { activity } = await ok<{ activity: { id: string } }>(
      stampedCall(proxy, 'submit/create_wallet', createWalletBody(ada.organizationId, wallet, clock), ada.sessionKey),
    )
    await proxy.webhooks.settled()
    expect(hooks.received).toHaveLength(1)
    expect(hooks.received[0]?.headers['x-turnkey-organization-id']).toBe(DEMO_ORGANIZATION_ID)
    expect(hooks.received[0]?.activity).toMatchObject({
      id: activity.id,
      organizationId: ada.organizationId,
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
    })
    expect(
      isFromMock(
        hooks.received[0]?.body ?? '',
        String(hooks.received[0]?.headers['x-mock-signature']),
        proxy.webhooks.secret(DEMO_ORGANIZATION_ID),
      ),
    ).toBe(true)
  })

  it('retries a failing receiver (500 twice, then 200) with backoff and then counts it delivered', async () => {
    const hooks = await receiver([500, 500])
    const proxy = createMockAuthProxy({
      tenants: [tenant({ webhookUrl: hooks.url, webhookSecret: SECRET })],
      webhooks: fast,
    })
    await ok(
      proxy
        .fetch('https://proxy.test/v1/otp_init', {
          method: 'POST',
          headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
          body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }),
        })
        .then(async (response) => ({
          status: response.status,
          body: await response.json(),
          headers: response.headers,
        })),
    )
    await proxy.webhooks.settled()
    expect(hooks.received).toHaveLength(3)
    expect(new Set(hooks.received.map((delivery) => delivery.headers['x-turnkey-event-id'])).size).toBe(1)
    for (const delivery of hooks.received)
      expect(isFromMock(delivery.body, String(delivery.headers['x-mock-signature']), SECRET)).toBe(true)
    expect(proxy.webhooks.list()).toEqual([
      expect.objectContaining({
        url: hooks.url,
        activityType: 'ACTIVITY_TYPE_INIT_OTP',
        attempts: 3,
        status: 'delivered',
        lastError: 'HTTP 500',
        lastStatus: 200,
      }),
    ])
  })

  it('gives up on a dead receiver after the last retry, and says why', async () => {
    const dead = await receiver()
    servers.pop()?.close()
    const proxy = createMockAuthProxy({
      tenants: [tenant({ webhookUrl: dead.url })],
      webhooks: { retryDelaysMs: [1, 1] },
    })
    await signUpByEmail(proxy, 'ada@example.com')
    await proxy.webhooks.settled()
    const deliveries = proxy.webhooks.list()
    expect(deliveries).toHaveLength(4)
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: expect.stringContaining('ECONNREFUSED'),
      })
    }
  })

  it('counts an attempt that takes longer than timeoutMs as failed', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    const proxy = createMockAuthProxy({
      tenants: [tenant({ webhookUrl: 'http://hooks.test/' })],
      webhooks: { fetch: hanging, retryDelaysMs: [], timeoutMs: 20 },
    })
    await kitOn(proxy).config.ensure()
    await startEmailOtp(kitOn(proxy), { email: 'ada@example.com' })
    await proxy.webhooks.settled()
    expect(proxy.webhooks.list()).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'timeout after 20 ms' }])
  })

  it('drops the oldest waiting delivery beyond maxPending, with a record, and keeps at most maxLog', async () => {
    // The deliveries' timers are the test's: a delivery starts when the test lets it (the turn after the
    // answer), and its attempt times out when the test says, not while the kit's calls run on a busy machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const hanging: typeof fetch = () => new Promise(() => {})
    const proxy = createMockAuthProxy({
      tenants: [tenant({ webhookUrl: 'http://hooks.test/' })],
      webhooks: { fetch: hanging, maxPending: 1, maxLog: 2, retryDelaysMs: [], timeoutMs: 50 },
    })
    const kit = kitOn(proxy)
    await startEmailOtp(kit, { email: 'ada@example.com' })
    await vi.advanceTimersByTimeAsync(0)
    await startEmailOtp(kit, { email: 'bob@example.com' })
    await vi.advanceTimersByTimeAsync(0)
    expect(proxy.webhooks.list().map((delivery) => delivery.status)).toEqual(['pending', 'dropped'])
    expect(proxy.webhooks.list()[1]?.lastError).toMatch(
      /^dropped unsent: more than 1 deliveries \(webhooks.maxPending\)/,
    )
    const [, second] = proxy.webhooks.list()
    await startEmailOtp(kit, { email: 'cyd@example.com' })
    await vi.advanceTimersByTimeAsync(0)
    expect(proxy.webhooks.list()).toHaveLength(2)
    expect(proxy.webhooks.list().map((delivery) => delivery.status)).toEqual(['pending', 'dropped'])
    expect(proxy.webhooks.list()[1]?.id).not.toBe(second?.id)
    await vi.advanceTimersByTimeAsync(50)
    await proxy.webhooks.settled()
    // A fetch that never answers, and ignores its abort signal, still ends at the timeout.
    expect(proxy.webhooks.list()[0]).toMatchObject({ status: 'failed', lastError: 'timeout after 50 ms' })
  })

  it('never delays the answer: the proxy answers while the receiver has not', async () => {
    // The attempt's timeout is the test's to fire: the delivery is still pending however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const held: typeof fetch = () => new Promise(() => {})
    const proxy = createMockAuthProxy({
      tenants: [tenant({ webhookUrl: 'http://hooks.test/' })],
      webhooks: { fetch: held, timeoutMs: 200, retryDelaysMs: [] },
    })
    const challenge = await startEmailOtp(kitOn(proxy), { email: 'ada@example.com' })
    expect(challenge.contact).toBe('ada@example.com')
    await vi.advanceTimersByTimeAsync(0)
    expect(proxy.webhooks.list()).toMatchObject([{ status: 'pending', attempts: 1 }])
    await vi.advanceTimersByTimeAsync(200)
    await proxy.webhooks.settled()
  })

  it('shows deliveries and endpoints at GET /__mock/webhooks', async () => {
    const hooks = await receiver()
    const proxy = createMockAuthProxy({ tenants: [tenant({ webhookUrl: hooks.url, webhookSecret: SECRET })] })
    await startEmailOtp(kitOn(proxy), { email: 'ada@example.com' })
    await proxy.webhooks.settled()
    const response = await proxy.fetch('/__mock/webhooks')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      deliveries: [
        expect.objectContaining({
          id: expect.any(String),
          organizationId: DEMO_ORGANIZATION_ID,
          url: hooks.url,
          activityType: 'ACTIVITY_TYPE_INIT_OTP_V2',
          attempts: 1,
          status: 'delivered',
        }),
      ],
      endpoints: [{ organizationId: DEMO_ORGANIZATION_ID, url: hooks.url, secret: SECRET }],
    })
  })

  it('documents a verification snippet in docs/mock.md that accepts what the mock signs and refuses anything else', async () => {
    const page = readFileSync(new URL('../../../docs/mock.md', import.meta.url), 'utf8')
    const block = /```js\n(import \{ createHmac, timingSafeEqual \} from 'node:crypto'\n[\s\S]*?)```/.exec(page)?.[1]
    expect(block).toBeDefined()
    const source = (block ?? '').replace(
      "import { createHmac, timingSafeEqual } from 'node:crypto'",
      'const { createHmac, timingSafeEqual } = crypto',
    )
    const documented = new Function('crypto', 'Buffer', `${source}\nreturn isFromMock`)(
      { createHmac, timingSafeEqual },
      Buffer,
    ) as typeof isFromMock
    const hooks = await receiver()
    const proxy = createMockAuthProxy({ tenants: [tenant({ webhookUrl: hooks.url, webhookSecret: SECRET })] })
    await startEmailOtp(kitOn(proxy), { email: 'ada@example.com' })
    await proxy.webhooks.settled()
    const [delivery] = hooks.received
    const header = String(delivery?.headers['x-mock-signature'])
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(documented(delivery?.body ?? '', header, SECRET)).toBe(true)
    expect(documented(`${delivery?.body ?? ''} `, header, SECRET)).toBe(false)
    expect(documented(delivery?.body ?? '', header, `${SECRET}x`)).toBe(false)
    expect(documented(delivery?.body ?? '', header.replace(/t=\d+/, 't=1'), SECRET)).toBe(false)
  })
})

describe('set_organization_feature and remove_organization_feature', () => {
  async function rootKeyed() {
    const root = await createTestClientKey()
    const hooks = await receiver()
    const { proxy, clock } = setup({ tenants: [tenant({ rootApiPublicKeys: [root.publicKey] })] })
    return { root, hooks, proxy, clock }
  }

  it("sets the tenant organization's webhook when stamped by its root API key, and answers the features", async () => {
    const { root, hooks, proxy, clock } = await rootKeyed()
    const answer = await ok<{ activity: Record<string, unknown> }>(
      setWebhook(proxy, clock, DEMO_ORGANIZATION_ID, hooks.url, root),
    )
    expect(answer.activity).toMatchObject({
      organizationId: DEMO_ORGANIZATION_ID,
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
      intent: { setOrganizationFeatureIntent: { name: 'FEATURE_NAME_WEBHOOK', value: hooks.url } },
      result: { setOrganizationFeatureResult: { features: [{ name: 'FEATURE_NAME_WEBHOOK', value: hooks.url }] } },
    })
    expect(proxy.state.features[DEMO_ORGANIZATION_ID]).toEqual([{ name: 'FEATURE_NAME_WEBHOOK', value: hooks.url }])
    await signedInEmailUser(proxy, 'ada@example.com')
    await proxy.webhooks.settled()
    expect(hooks.received.map((delivery) => delivery.activity.type)).toContain(
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    )
    const secret = proxy.webhooks.secret(DEMO_ORGANIZATION_ID)
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/)
    for (const delivery of hooks.received)
      expect(isFromMock(delivery.body, String(delivery.headers['x-mock-signature']), secret)).toBe(true)
  })

  it('stops deliveries once removed, cancelling one waiting for a retry', async () => {
    const { root, proxy, clock } = await rootKeyed()
    const failing = await receiver(Array.from({ length: 50 }, () => 500))
    await ok(setWebhook(proxy, clock, DEMO_ORGANIZATION_ID, failing.url, root))
    // The set activity's own delivery fails once and waits 500 ms for its retry.
    await expect.poll(() => failing.received).toHaveLength(1)
    expect(proxy.webhooks.list()).toMatchObject([
      { activityType: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE', status: 'pending', attempts: 1 },
    ])
    const removed = await ok<{ activity: { result: unknown } }>(removeWebhook(proxy, clock, DEMO_ORGANIZATION_ID, root))
    expect(removed.activity.result).toEqual({ removeOrganizationFeatureResult: { features: [] } })
    expect(proxy.webhooks.list()).toMatchObject([
      { status: 'cancelled', lastError: `FEATURE_NAME_WEBHOOK of organization ${DEMO_ORGANIZATION_ID} was removed` },
    ])
    await signedInEmailUser(proxy, 'ada@example.com')
    await proxy.webhooks.settled()
    expect(proxy.webhooks.list()).toHaveLength(1)
    expect(failing.received).toHaveLength(1)
    expect(proxy.state.features[DEMO_ORGANIZATION_ID]).toBeUndefined()
  })

  it("lets a sub-organization's user set its own webhook; its activities go to its URL and the parent's", async () => {
    const own = await receiver()
    const parent = await receiver()
    const { proxy, clock } = setup({ tenants: [tenant({ webhookUrl: parent.url })] })
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    await ok(setWebhook(proxy, clock, ada.organizationId, own.url, ada.sessionKey))
    await proxy.webhooks.settled()
    expect(own.received.map((delivery) => delivery.activity.type)).toEqual(['ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE'])
    expect(own.received[0]?.headers['x-turnkey-organization-id']).toBe(ada.organizationId)
    expect(parent.received.map((delivery) => delivery.activity.type)).toContain(
      'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
    )
    const ownSecret = proxy.webhooks.secret(ada.organizationId)
    expect(ownSecret).not.toBe(proxy.webhooks.secret(DEMO_ORGANIZATION_ID))
    expect(
      isFromMock(own.received[0]?.body ?? '', String(own.received[0]?.headers['x-mock-signature']), ownSecret),
    ).toBe(true)
  })

  it("refuses a sub-organization's user on the parent organization (7) and an unknown key (16), changing nothing", async () => {
    const { proxy, clock, hooks } = await rootKeyed()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = featureBody('SET', DEMO_ORGANIZATION_ID, { name: 'FEATURE_NAME_WEBHOOK', value: hooks.url }, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/set_organization_feature', body, ada.sessionKey),
      7,
      /^organizationId: "5b0c4f1e-[^"]+" is not the organization of the stamping user \(theirs is "[^"]+"\); a session reaches only its own organization; the features of config id "demo"'s parent organization are changed by its root user's API keys \(the tenant's rootApiPublicKeys\)$/,
    )
    const stranger = await createTestClientKey()
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/set_organization_feature', body, stranger),
      16,
      /^could not find public key in organization or its parent organization; /,
    )
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const other = featureBody('SET', bob.organizationId, { name: 'FEATURE_NAME_WEBHOOK', value: hooks.url }, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/set_organization_feature', other, ada.sessionKey),
      16,
      /^could not find public key/,
    )
  })

  it.each([
    [
      'a name of the wrong type',
      { name: 5, value: 'http://hooks.test/' },
      'parameters.name: expected one of FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY, ',
    ],
    ['an unknown feature', { name: 'FEATURE_NAME_PAGER', value: 'http://hooks.test/' }, 'got "FEATURE_NAME_PAGER"'],
    [
      'a value of the wrong type',
      { name: 'FEATURE_NAME_WEBHOOK', value: 42 },
      'parameters.value: expected a string, got a number',
    ],
    ['no value', { name: 'FEATURE_NAME_WEBHOOK' }, 'parameters.value: expected a string, got nothing'],
    [
      'a value that is not a URL',
      { name: 'FEATURE_NAME_WEBHOOK', value: 'hooks.test/in' },
      `parameters.value: expected the webhook's absolute http(s) URL (without a fragment) for FEATURE_NAME_WEBHOOK, got "hooks.test/in"`,
    ],
    [
      'a URL that is not http(s)',
      { name: 'FEATURE_NAME_WEBHOOK', value: 'ftp://hooks.test/' },
      'got "ftp://hooks.test/"',
    ],
  ])('refuses %s (code 3, naming it) and changes nothing', async (_name, parameters, message) => {
    const { root, proxy, clock } = await rootKeyed()
    const body = featureBody('SET', DEMO_ORGANIZATION_ID, parameters, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/set_organization_feature', body, root),
      3,
      new RegExp(escape(message)),
    )
    expect(proxy.webhooks.list()).toEqual([])
  })

  it('stores and lists a feature other than the webhook, which sends nothing', async () => {
    const { root, proxy, clock } = await rootKeyed()
    const body = featureBody('SET', DEMO_ORGANIZATION_ID, { name: 'FEATURE_NAME_EMAIL_AUTH', value: '' }, clock)
    const answer = await ok<{ activity: { result: unknown } }>(
      stampedCall(proxy, 'submit/set_organization_feature', body, root),
    )
    expect(answer.activity.result).toEqual({
      setOrganizationFeatureResult: { features: [{ name: 'FEATURE_NAME_EMAIL_AUTH', value: '' }] },
    })
    await proxy.webhooks.settled()
    expect(proxy.webhooks.list()).toEqual([])
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
