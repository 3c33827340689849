// The OTP flow store against the bundled mock (strict), with one fake clock for the kit and the mock.
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { indexedDbKeyStore } from '../keys/indexedDbKeyStore'
import { createMockAuthProxy } from '../../mock/handler'
import { DEMO_TENANT } from '../../mock/tenants'
import type { MockAuthProxy, MockTenant } from '../../mock/types'
import type { Kit } from '../createKit'
import { createOtpFlow, OTP_FLOW_IDLE, type OtpFlowSnapshot } from './createOtpFlow'
import { pendingOtpKey } from './pendingOtp'
import { memoryStorage } from '../session/memoryStorage'
import { kitOnMock } from '../test/kitOnMock'

const EMAIL = 'ada@example.com'
const PHONE = '+447700900123'
const EMAIL_KEY = 'auth-proxy-kit:demo:pending-email-otp'

interface Setup {
  kit: Kit
  proxy: MockAuthProxy
  endpoints: string[]
  clock: { now: number }
  /** Moves the shared clock (kit and mock). */
  advance(seconds: number): void
}

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
  vi.useRealTimers()
})

function setup(
  { tenant = {}, proxy }: { tenant?: Partial<MockTenant>; proxy?: MockAuthProxy } = {},
  shared?: Setup,
): Setup {
  const clock = shared?.clock ?? { now: Date.parse('2030-01-01T10:00:00Z') }
  const now = () => clock.now
  const mock =
    proxy ?? shared?.proxy ?? createMockAuthProxy({ strictFields: true, now, tenants: [{ ...DEMO_TENANT, ...tenant }] })
  const { kit, endpoints } = kitOnMock(mock, { now })
  kits.push(kit)
  return {
    kit,
    proxy: mock,
    endpoints,
    clock,
    advance: (seconds) => {
      clock.now += seconds * 1000
    },
  }
}

function latestCode(proxy: MockAuthProxy, contact: string): string {
  // outbox() answers newest first.
  const message = proxy.outbox(contact)[0]
  if (!message) throw new Error(`no code sent to ${contact}`)
  return message.code
}

/** A code of the right format that is not the one sent. */
function wrongCode(proxy: MockAuthProxy, contact: string): string {
  const code = latestCode(proxy, contact)
  return code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`
}

/** The `n`th of the codes of the right format that are not the one sent (each differs in its first digit). */
function nthWrongCode(proxy: MockAuthProxy, contact: string, n: number): string {
  const code = latestCode(proxy, contact)
  const digits = [...'0123456789'].filter((digit) => digit !== code[0])
  return `${digits[n % digits.length]}${code.slice(1)}`
}

/** Every snapshot the flow publishes, for a subscriber. */
function record<C extends OtpFlowSnapshot>(flow: {
  subscribe(listener: () => void): () => void
  getSnapshot(): C
}): C[] {
  const seen: C[] = []
  flow.subscribe(() => seen.push(flow.getSnapshot()))
  return seen
}

describe('createOtpFlow', () => {
  it("starts idle, sends a code in the tenant's format, and signs in: contact → code → done", async () => {
    const { kit, proxy, endpoints } = setup({ tenant: { otpLength: 8, otpAlphanumeric: false } })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    expect(flow.getSnapshot()).toEqual(OTP_FLOW_IDLE)
    // Nothing asked for at creation.
    expect(endpoints).toEqual([])

    const sending = flow.start(`  ${EMAIL} `)
    expect(flow.getSnapshot()).toMatchObject({ step: 'contact', isSending: true, isResending: false, error: null })
    await sending
    const { challenge } = flow.getSnapshot()
    expect(flow.getSnapshot()).toMatchObject({
      step: 'code',
      isSending: false,
      hasResent: false,
      expiresInSeconds: 300,
      resendSecondsLeft: 30,
      canResend: false,
    })
    expect(challenge).toMatchObject({
      otpType: 'OTP_TYPE_EMAIL',
      email: EMAIL,
      contact: EMAIL,
      otpLength: 8,
      alphanumeric: false,
    })
    expect(latestCode(proxy, EMAIL)).toMatch(/^\d{8}$/)
    // The format came from kit.config, asked for by the flow itself.
    expect(endpoints).toEqual(['wallet_kit_config', 'otp_init_v2'])

    const verifying = flow.verify(latestCode(proxy, EMAIL))
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', isVerifying: true })
    await verifying
    const done = flow.getSnapshot()
    expect(done).toMatchObject({
      step: 'done',
      challenge: undefined,
      isVerifying: false,
      error: null,
      result: { isNewUser: true },
    })
    expect(done.result?.session.publicKey).toBe(challenge?.publicKey)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    expect(Object.isFrozen(done)).toBe(true)
  })

  it('signs in by SMS with the number in E.164', async () => {
    const { kit, proxy } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await flow.start('+44 7700 900123')
    expect(flow.getSnapshot().challenge).toMatchObject({ otpType: 'OTP_TYPE_SMS', phoneNumber: PHONE, contact: PHONE })
    await flow.verify(latestCode(proxy, PHONE))
    expect(flow.getSnapshot()).toMatchObject({ step: 'done', result: { isNewUser: true } })
  })

  it('refuses a malformed contact or code at once, sending nothing (not even the config request)', async () => {
    const { kit, proxy, endpoints } = setup()
    const email = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    const refused = email.start('nobody')
    // Synchronously: the field shows the error in the same tick as the click.
    expect(email.getSnapshot()).toMatchObject({ step: 'contact', isSending: false, error: { code: 'INVALID_EMAIL' } })
    await refused
    const sms = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await sms.start('07700 900123')
    expect(sms.getSnapshot().error?.code).toBe('INVALID_PHONE')
    expect(endpoints).toEqual([])

    await email.start(EMAIL)
    endpoints.length = 0
    const short = email.verify('12')
    expect(email.getSnapshot()).toMatchObject({ step: 'code', isVerifying: false, error: { code: 'OTP_CODE_FORMAT' } })
    await short
    expect(endpoints).toEqual([])
    // The code that was sent still works.
    await email.verify(latestCode(proxy, EMAIL))
    expect(email.getSnapshot().step).toBe('done')
  })

  it('counts the resend cooldown down, then resends for the same key and format, keeping the template', async () => {
    const templates = [
      { templateId: 'flow', subject: 'flow' },
      { templateId: 'call', subject: 'call' },
    ]
    const { kit, proxy, advance } = setup({ tenant: { emailTemplates: templates, otpLength: 7 } })
    const flow = createOtpFlow(kit, {
      otpType: 'OTP_TYPE_EMAIL',
      resendCooldownSeconds: 45,
      emailCustomization: { templateId: 'flow' },
    })
    await flow.start(EMAIL)
    const first = flow.getSnapshot().challenge
    expect(proxy.outbox(EMAIL)[0]?.templateId).toBe('flow')
    expect(flow.getSnapshot()).toMatchObject({ resendSecondsLeft: 45, canResend: false })

    // Ignored while the cooldown runs.
    await flow.resend()
    expect(proxy.outbox(EMAIL)).toHaveLength(1)
    advance(44.2)
    expect(flow.getSnapshot()).toMatchObject({ resendSecondsLeft: 1, canResend: false, expiresInSeconds: 256 })
    advance(0.8)
    expect(flow.getSnapshot()).toMatchObject({ resendSecondsLeft: 0, canResend: true })

    const resending = flow.resend()
    expect(flow.getSnapshot()).toMatchObject({ isSending: true, isResending: true, canResend: false })
    await resending
    const second = flow.getSnapshot()
    expect(second).toMatchObject({ step: 'code', isResending: false, hasResent: true, resendSecondsLeft: 45 })
    expect(second.challenge?.publicKey).toBe(first?.publicKey)
    expect(second.challenge?.otpId).not.toBe(first?.otpId)
    expect(second.challenge?.otpLength).toBe(7)
    expect(proxy.outbox(EMAIL).map((message) => message.templateId)).toEqual(['flow', 'flow'])
    expect(await kit.keyStore.list()).toEqual([first?.publicKey])

    // start's options override the flow's template, and a resend keeps the call's.
    flow.reset()
    advance(60)
    await flow.start('grace@example.com', { emailCustomization: { templateId: 'call' } })
    advance(45)
    await flow.resend()
    expect(proxy.outbox('grace@example.com').map((message) => message.templateId)).toEqual(['call', 'call'])

    // "New code sent" lasts until the next try.
    await flow.verify(wrongCode(proxy, 'grace@example.com'))
    expect(flow.getSnapshot().hasResent).toBe(false)
  })

  it("given the code expires by the kit's count, needs a new code, forgets it in storage, and lets a resend go at once", async () => {
    const storage = memoryStorage()
    const { kit, proxy, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await flow.start(EMAIL)
    expect(storage.getItem(EMAIL_KEY)).not.toBeNull()
    advance(299.5)
    expect(flow.getSnapshot()).toMatchObject({ expiresInSeconds: 1, needsNewCode: false })
    advance(0.5)
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', expiresInSeconds: 0, needsNewCode: true, canResend: true })
    expect(storage.getItem(EMAIL_KEY)).toBeNull()

    await flow.resend()
    expect(flow.getSnapshot()).toMatchObject({ needsNewCode: false, expiresInSeconds: 300, hasResent: true })
    expect(proxy.outbox(EMAIL)).toHaveLength(2)
  })

  it("given a code the tenant's shorter lifetime expired, verify reports OTP_EXPIRED and a new code is needed", async () => {
    const { kit, proxy, advance } = setup({ tenant: { otpExpirationSeconds: 60 } })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    advance(61)
    // The kit assumes production's default lifetime: by its count the code has minutes left.
    expect(flow.getSnapshot()).toMatchObject({ expiresInSeconds: 239, needsNewCode: false, canResend: true })
    await flow.verify(latestCode(proxy, EMAIL))
    expect(flow.getSnapshot()).toMatchObject({
      step: 'code',
      error: { code: 'OTP_EXPIRED' },
      needsNewCode: true,
      canResend: true,
    })
  })

  it('given a wrong code, says so and keeps the step; the right one then signs in', async () => {
    const { kit, proxy } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    await flow.verify(wrongCode(proxy, EMAIL))
    expect(flow.getSnapshot()).toMatchObject({
      step: 'code',
      isVerifying: false,
      needsNewCode: false,
      error: { code: 'OTP_CODE_INVALID' },
    })
    expect(flow.getSnapshot().error?.userMessage).toMatch(/4 attempts left/)
    await flow.verify(latestCode(proxy, EMAIL))
    expect(flow.getSnapshot()).toMatchObject({ step: 'done', error: null })
  })

  it('does not send a code the proxy refused again: the same code, even typed otherwise, spends no try', async () => {
    const { kit, proxy, endpoints } = faultySetup({})
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    const wrong = nthWrongCode(proxy, EMAIL, 0)
    await flow.verify(wrong)
    expect(flow.getSnapshot()).toMatchObject({
      error: { code: 'OTP_CODE_INVALID', attemptsLeft: 4 },
      refusedCode: wrong,
    })
    endpoints.length = 0
    await flow.verify(wrong)
    await flow.verify(` ${wrong.slice(0, 3)}-${wrong.slice(3)} `)
    expect(endpoints).toEqual([])
    expect(flow.getSnapshot()).toMatchObject({
      error: { code: 'OTP_CODE_INVALID', attemptsLeft: 4 },
      isVerifying: false,
    })
    // Another code is tried, and the right one signs in.
    await flow.verify(nthWrongCode(proxy, EMAIL, 1))
    expect(flow.getSnapshot().error).toMatchObject({ code: 'OTP_CODE_INVALID', attemptsLeft: 3 })
    await flow.verify(latestCode(proxy, EMAIL))
    expect(flow.getSnapshot().step).toBe('done')
  })

  it('given too many wrong codes, needs a new code, which a resend brings at once', async () => {
    const { kit, proxy } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    for (let attempt = 0; attempt < 5 && flow.getSnapshot().error?.code !== 'OTP_ATTEMPTS_EXCEEDED'; attempt += 1) {
      await flow.verify(nthWrongCode(proxy, EMAIL, attempt))
    }
    // A dead code: "Verify" steps back (canVerify false), and a new code is the one way on.
    expect(flow.getSnapshot()).toMatchObject({
      error: { code: 'OTP_ATTEMPTS_EXCEEDED' },
      needsNewCode: true,
      canVerify: false,
      canResend: true,
      resendSecondsLeft: 30,
    })
    await flow.resend()
    expect(flow.getSnapshot()).toMatchObject({ error: null, needsNewCode: false, hasResent: true })
    await flow.verify(latestCode(proxy, EMAIL))
    expect(flow.getSnapshot().step).toBe('done')
  })

  it('given RATE_LIMITED with when to retry, counts it down and allows a resend only then', async () => {
    const { kit, proxy, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    const other = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await flow.start(PHONE)
    // The mock holds a second code for the same number for 30 s.
    await other.start(PHONE)
    expect(other.getSnapshot()).toMatchObject({
      step: 'contact',
      error: { code: 'RATE_LIMITED' },
      retrySecondsLeft: 30,
    })
    advance(10)
    expect(other.getSnapshot().retrySecondsLeft).toBe(20)

    // The first flow's code step: the cooldown is over but the proxy's wait is not.
    advance(20)
    expect(flow.getSnapshot().canResend).toBe(true)
    await other.start(PHONE)
    expect(other.getSnapshot()).toMatchObject({ step: 'code', error: null, retrySecondsLeft: 0 })
    expect(proxy.outbox(PHONE)).toHaveLength(2)
  })

  it("given a rate limit on a resend, canResend waits for the proxy's time", async () => {
    const { kit, proxy, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', resendCooldownSeconds: 0 })
    await flow.start(EMAIL)
    await flow.resend()
    expect(flow.getSnapshot()).toMatchObject({
      step: 'code',
      error: { code: 'RATE_LIMITED' },
      retrySecondsLeft: 30,
      canResend: false,
    })
    advance(30)
    expect(flow.getSnapshot()).toMatchObject({ retrySecondsLeft: 0, canResend: true })
    await flow.resend()
    expect(flow.getSnapshot()).toMatchObject({ error: null, hasResent: true })
    expect(proxy.outbox(EMAIL)).toHaveLength(2)
  })

  it('restores the code on its way after a reload (a second flow over the same storage), then signs in', async () => {
    const storage = memoryStorage()
    const before = setup()
    const first = createOtpFlow(before.kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await first.start(EMAIL)
    const challenge = first.getSnapshot().challenge
    // The same key as the hooks used before the flow moved to core.
    expect(pendingOtpKey('demo', 'OTP_TYPE_EMAIL')).toBe(EMAIL_KEY)
    expect(JSON.parse(storage.getItem(EMAIL_KEY) ?? 'null')).toEqual(challenge)
    first.destroy()

    // The reload: a new kit over the same key store would hold the key; here the same kit stands in.
    before.advance(40)
    const second = createOtpFlow(before.kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    expect(second.getSnapshot()).toMatchObject({ step: 'code', challenge, expiresInSeconds: 260, canResend: true })
    // Another channel's storage key is not read.
    expect(createOtpFlow(before.kit, { otpType: 'OTP_TYPE_SMS', storage }).getSnapshot().step).toBe('contact')
    await second.verify(latestCode(before.proxy, EMAIL))
    expect(second.getSnapshot().step).toBe('done')
    expect(storage.getItem(EMAIL_KEY)).toBeNull()
  })

  it('forgets a stored challenge that has expired or is not one, without a request', () => {
    const storage = memoryStorage()
    const { kit, clock, endpoints } = setup()
    const expired = {
      otpId: 'otp-1',
      otpType: 'OTP_TYPE_EMAIL',
      email: 'old@example.com',
      contact: 'old@example.com',
      publicKey: `02${'ab'.repeat(32)}`,
      otpLength: 6,
      alphanumeric: true,
      sentAt: clock.now - 600_000,
      expiresAt: clock.now - 300_000,
    }
    storage.setItem(EMAIL_KEY, JSON.stringify(expired))
    expect(createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage }).getSnapshot().step).toBe('contact')
    expect(storage.getItem(EMAIL_KEY)).toBeNull()
    storage.setItem(EMAIL_KEY, '{not json')
    expect(createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage }).getSnapshot().step).toBe('contact')
    expect(endpoints).toEqual([])
  })

  it("reset goes back to the first step, forgets the stored challenge and deletes the abandoned challenge's key", async () => {
    const storage = memoryStorage()
    const { kit } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await flow.start(EMAIL)
    const publicKey = flow.getSnapshot().challenge?.publicKey
    expect(await kit.keyStore.list()).toEqual([publicKey])
    flow.reset()
    expect(flow.getSnapshot()).toEqual(OTP_FLOW_IDLE)
    expect(storage.getItem(EMAIL_KEY)).toBeNull()
    await expect.poll(() => kit.keyStore.list()).toEqual([])
  })

  it('back keeps the code on its way: the same contact returns to it with nothing sent, as it was left, and a reload keeps it', async () => {
    const storage = memoryStorage()
    const { kit, proxy, endpoints, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await flow.start(EMAIL)
    const sent = flow.getSnapshot().challenge
    const wrong = wrongCode(proxy, EMAIL)
    await flow.verify(wrong)
    advance(10)
    flow.back()
    expect(flow.getSnapshot()).toEqual(OTP_FLOW_IDLE)
    expect(await kit.keyStore.list()).toEqual([sent?.publicKey])
    expect(storage.getItem(EMAIL_KEY)).not.toBeNull()

    endpoints.length = 0
    await flow.start(EMAIL)
    expect(endpoints).toEqual([])
    // The resend cooldown and the code's life go on from when it was sent; the wrong code stays refused.
    expect(flow.getSnapshot()).toMatchObject({
      step: 'code',
      challenge: sent,
      error: null,
      refusedCode: wrong,
      resendSecondsLeft: 20,
    })
    await flow.verify(wrong)
    expect(endpoints).toEqual([])

    // Back again, then a reload (a second flow over the storage): the code is still there to use.
    flow.back()
    const reloaded = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    expect(reloaded.getSnapshot().challenge).toEqual(sent)
    await reloaded.verify(latestCode(proxy, EMAIL))
    expect(reloaded.getSnapshot().step).toBe('done')
  })

  it('back, then another contact: a new code for the same key, the first forgotten', async () => {
    const storage = memoryStorage()
    const { kit, proxy, endpoints, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await flow.start(EMAIL)
    const publicKey = flow.getSnapshot().challenge?.publicKey
    flow.back()
    endpoints.length = 0
    await flow.start('grace@example.com')
    expect(endpoints.filter((endpoint) => endpoint.startsWith('otp_init'))).toHaveLength(1)
    expect(flow.getSnapshot().challenge).toMatchObject({ contact: 'grace@example.com', publicKey })
    expect(await kit.keyStore.list()).toEqual([publicKey])
    // The first address is no longer parked: going back and choosing it again asks for a new code.
    flow.back()
    advance(30)
    endpoints.length = 0
    await flow.start(EMAIL)
    expect(endpoints.filter((endpoint) => endpoint.startsWith('otp_init'))).toHaveLength(1)
    await flow.verify(latestCode(proxy, EMAIL))
    expect(flow.getSnapshot().step).toBe('done')
  })

  it('back from a code that died (or that dies while parked) asks for a new one with its key; reset after back deletes it', async () => {
    const { kit, proxy, endpoints, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    const publicKey = flow.getSnapshot().challenge?.publicKey
    flow.back()
    advance(60 * 60)
    endpoints.length = 0
    await flow.start(EMAIL)
    expect(endpoints.filter((endpoint) => endpoint.startsWith('otp_init'))).toHaveLength(1)
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', needsNewCode: false, challenge: { publicKey } })
    expect(await kit.keyStore.list()).toEqual([publicKey])

    for (let attempt = 0; attempt < 5 && !flow.getSnapshot().needsNewCode; attempt += 1)
      await flow.verify(nthWrongCode(proxy, EMAIL, attempt))
    flow.back()
    endpoints.length = 0
    await flow.start(EMAIL)
    expect(endpoints.filter((endpoint) => endpoint.startsWith('otp_init'))).toHaveLength(1)
    expect(flow.getSnapshot()).toMatchObject({ needsNewCode: false, challenge: { publicKey } })

    flow.back()
    flow.reset()
    await expect.poll(() => kit.keyStore.list()).toEqual([])
  })

  it('the latest start wins: an earlier one that ends later changes nothing', async () => {
    const { kit, proxy } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    const first = flow.start('first@example.com')
    const second = flow.start('second@example.com')
    await Promise.all([first, second])
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', challenge: { email: 'second@example.com' } })
    expect(proxy.outbox('first@example.com')).toHaveLength(1)

    // A reset while a code is on its way: its answer is ignored.
    const late = flow.start('third@example.com')
    flow.reset()
    await late
    expect(flow.getSnapshot().step).toBe('contact')
  })

  it('runs a timer only while something counts down and someone listens', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { kit, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    const seen = record(flow)
    expect(vi.getTimerCount()).toBe(0)
    await flow.start(EMAIL)
    expect(vi.getTimerCount()).toBe(1)
    const before = seen.length
    advance(1)
    vi.advanceTimersByTime(1000)
    expect(seen.length).toBe(before + 1)
    expect(seen.at(-1)).toMatchObject({ resendSecondsLeft: 29, expiresInSeconds: 299 })
    // A tick that changes nothing on show publishes nothing.
    vi.advanceTimersByTime(1000)
    expect(seen.length).toBe(before + 1)

    flow.reset()
    expect(vi.getTimerCount()).toBe(0)

    // Without a listener, no timer even with a code on its way.
    const quiet = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await quiet.start(PHONE)
    expect(vi.getTimerCount()).toBe(0)
    const unsubscribe = quiet.subscribe(() => undefined)
    expect(vi.getTimerCount()).toBe(1)
    unsubscribe()
    expect(vi.getTimerCount()).toBe(0)
    quiet.subscribe(() => undefined)
    quiet.destroy()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('given destroy while a code is on its way, still stores it, so that the next flow (the dialog reopened) shows it', async () => {
    const storage = memoryStorage()
    const { kit } = setup()
    const closing = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    const seen = record(closing)
    const sending = closing.start(EMAIL)
    const published = seen.length
    closing.destroy()
    await sending
    // Nobody is told any more.
    expect(seen).toHaveLength(published)
    const reopened = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    expect(reopened.getSnapshot()).toMatchObject({ step: 'code', challenge: { email: EMAIL } })
  })

  it('refuses what is not a flow option', () => {
    const { kit } = setup()
    expect(() => createOtpFlow(kit, { otpType: 'OTP_TYPE_VOICE' as never })).toThrow(/createOtpFlow\(\{ otpType \}\)/)
    expect(() => createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', resendCooldownSeconds: -1 })).toThrow(
      /resendCooldownSeconds/,
    )
    expect(() => createOtpFlow({} as Kit, { otpType: 'OTP_TYPE_EMAIL' })).toThrow(/createOtpFlow\(kit\)/)
  })
})

/** What happens to the Nth-next request to an endpoint: it never arrives, its answer is lost, it hangs, or an answer of the test's. */
type Fault = 'lost-before' | 'lost-after' | 'hang' | Response

/** The mock behind a connection that fails as scripted, one fault per request, in order, per endpoint. */
function faulty(
  proxy: MockAuthProxy,
  plan: Record<string, Fault[]>,
): Pick<MockAuthProxy, 'handle' | 'enclaveSignerPublicKey'> {
  return {
    enclaveSignerPublicKey: proxy.enclaveSignerPublicKey,
    async handle(request) {
      const endpoint = new URL(request.url).pathname.replace(/^\/v1\//, '')
      const fault = plan[endpoint]?.shift()
      if (fault === 'lost-before') throw new TypeError('network down')
      if (fault === 'lost-after') {
        await proxy.handle(request)
        throw new TypeError('connection reset')
      }
      if (fault === 'hang') {
        return new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        )
      }
      return fault ?? proxy.handle(request)
    },
  }
}

/**
 * A log-in whose answer never comes, as often as the API client tries: stamp_login is an activity,
 * which the client sends once more, stamp and all, when its answer is lost.
 */
const loginLost = (): Fault[] => ['lost-before', 'lost-before']

function faultySetup(plan: Record<string, Fault[]>, tenant: Partial<MockTenant> = {}): Setup {
  const clock = { now: Date.parse('2030-01-01T10:00:00Z') }
  const now = () => clock.now
  const proxy = createMockAuthProxy({ strictFields: true, now, tenants: [{ ...DEMO_TENANT, ...tenant }] })
  const { kit, endpoints } = kitOnMock(faulty(proxy, plan), { now })
  kits.push(kit)
  return { kit, proxy, endpoints, clock, advance: (seconds) => void (clock.now += seconds * 1000) }
}

describe('createOtpFlow: recovery after otp_verify', () => {
  it('given the account lookup fails (twice: the client retries it once), keeps the verification on the challenge; Verify again signs in without otp_verify', async () => {
    const storage = memoryStorage()
    const { kit, proxy, endpoints } = faultySetup({ account: [new Response('', { status: 503 }), 'lost-before'] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await flow.start(EMAIL)
    const code = latestCode(proxy, EMAIL)
    await flow.verify(code)
    const failed = flow.getSnapshot()
    expect(failed).toMatchObject({
      step: 'code',
      error: { code: 'PROXY_UNAVAILABLE' },
      needsNewCode: false,
      canVerify: true,
    })
    expect(failed.challenge?.verificationToken).toEqual(expect.any(String))
    // Stored with its progress, for a reload.
    expect(JSON.parse(storage.getItem(EMAIL_KEY) ?? 'null')).toEqual(failed.challenge)

    endpoints.length = 0
    await flow.verify(code)
    expect(flow.getSnapshot()).toMatchObject({ step: 'done', error: null, result: { isNewUser: true } })
    expect(endpoints).toEqual(['account', 'signup_v2', '/public/v1/submit/stamp_login'])
  })

  it('given a signup the mock processed but whose answer was lost, the retry finds the account: one account, no second signup', async () => {
    const { kit, proxy, endpoints } = faultySetup({ signup_v2: ['lost-after'] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await flow.start(PHONE)
    await flow.verify(latestCode(proxy, PHONE))
    expect(flow.getSnapshot()).toMatchObject({
      step: 'code',
      error: { code: 'PROXY_UNAVAILABLE' },
      challenge: { signupSent: true },
    })
    expect(Object.values(proxy.state.users)).toHaveLength(1)

    endpoints.length = 0
    // Any code now: the one typed is spent.
    await flow.verify('')
    expect(flow.getSnapshot()).toMatchObject({ step: 'done', result: { isNewUser: true } })
    expect(endpoints).toEqual(['account', '/public/v1/submit/stamp_login'])
    expect(Object.values(proxy.state.users)).toHaveLength(1)
    expect(kit.session.getSnapshot().session?.organizationId).toBe(Object.values(proxy.state.users)[0]?.organizationId)
  })

  it('after a reload, resumes a challenge whose log-in failed, from the log-in', async () => {
    const storage = memoryStorage()
    const before = faultySetup({ '/public/v1/submit/stamp_login': loginLost() })
    const first = createOtpFlow(before.kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await first.start(EMAIL)
    await first.verify(latestCode(before.proxy, EMAIL))
    expect(first.getSnapshot().challenge?.organizationId).toEqual(expect.any(String))
    first.destroy()

    before.advance(60)
    const second = createOtpFlow(before.kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    expect(second.getSnapshot()).toMatchObject({ step: 'code', canVerify: true, needsNewCode: false })
    before.endpoints.length = 0
    await second.verify('')
    expect(second.getSnapshot()).toMatchObject({ step: 'done', result: { isNewUser: true } })
    expect(before.endpoints).toEqual(['/public/v1/submit/stamp_login'])
  })

  it('once the verification token has expired, says OTP_EXPIRED and needs a new code, which then signs in', async () => {
    const { kit, proxy, endpoints, advance } = faultySetup({ '/public/v1/submit/stamp_login': loginLost() })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    await flow.verify(latestCode(proxy, EMAIL))
    // The mock's verification tokens live 10 minutes; the kit stops trusting one a little before.
    advance(595)
    expect(flow.getSnapshot()).toMatchObject({ needsNewCode: true, canResend: true })
    endpoints.length = 0
    // A dead token is not tried: Verify has stepped back (canVerify false) and does nothing.
    expect(flow.getSnapshot().canVerify).toBe(false)
    await flow.verify('')
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', needsNewCode: true, isVerifying: false })
    expect(endpoints).toEqual([])
    await flow.resend()
    expect(flow.getSnapshot().challenge?.verificationToken).toBeUndefined()
    await flow.verify(latestCode(proxy, EMAIL))
    // The earlier try's signup went through: the account exists, so this is a returning sign-in.
    expect(flow.getSnapshot()).toMatchObject({ step: 'done', result: { isNewUser: false } })
    expect(await kit.keyStore.list()).toEqual([kit.session.getSnapshot().session?.publicKey])
  })

  it('given a rate limit at verify, counts it down and holds Verify back until it ends; the same code then signs in', async () => {
    const limited = new Response(JSON.stringify({ code: 8, message: 'slow down', details: [] }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '20' },
    })
    const { kit, proxy, endpoints, advance } = faultySetup({ otp_verify_v2: [limited] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    const code = latestCode(proxy, EMAIL)
    await flow.verify(code)
    expect(flow.getSnapshot()).toMatchObject({
      error: { code: 'RATE_LIMITED' },
      retrySecondsLeft: 20,
      retryFor: 'verify',
      canVerify: false,
    })
    endpoints.length = 0
    await flow.verify(code)
    expect(endpoints).toEqual([])
    advance(20)
    expect(flow.getSnapshot()).toMatchObject({ retrySecondsLeft: 0, canVerify: true })
    await flow.verify(code)
    expect(flow.getSnapshot().step).toBe('done')
  })
})

describe('createOtpFlow: a send whose answer was lost', () => {
  it.each(['lost-after', 'lost-before'] as const)(
    'given otp_init_v2 %s, says the code may be on its way, counts the cooldown down, keeps the key, and the next start reuses it',
    async (fault) => {
      const { kit, proxy, advance } = faultySetup({ otp_init_v2: [fault] })
      const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
      await flow.start(EMAIL)
      expect(flow.getSnapshot()).toMatchObject({
        step: 'contact',
        error: { code: 'PROXY_UNAVAILABLE', status: undefined },
        maybeSent: true,
        retrySecondsLeft: 30,
        retryFor: 'send',
      })
      const kept = await kit.keyStore.list()
      expect(kept).toHaveLength(1)
      expect(proxy.outbox(EMAIL)).toHaveLength(fault === 'lost-after' ? 1 : 0)

      advance(30)
      expect(flow.getSnapshot()).toMatchObject({ retrySecondsLeft: 0, maybeSent: true })
      await flow.start(EMAIL)
      expect(flow.getSnapshot()).toMatchObject({
        step: 'code',
        error: null,
        maybeSent: false,
        retryFor: null,
        challenge: { publicKey: kept[0] },
      })
      expect(await kit.keyStore.list()).toEqual(kept)
      await flow.verify(latestCode(proxy, EMAIL))
      expect(flow.getSnapshot().step).toBe('done')
    },
  )

  it('given an answer with a status (a gateway\'s 503), is not "maybe sent" and leaves no key', async () => {
    const { kit } = faultySetup({ otp_init_v2: [new Response('', { status: 503 })] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await flow.start(PHONE)
    expect(flow.getSnapshot()).toMatchObject({
      error: { code: 'PROXY_UNAVAILABLE', status: 503 },
      maybeSent: false,
      retrySecondsLeft: 0,
    })
    // A send that surely failed leaves no key.
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('destroy after a lost answer (the dialog closed) deletes the kept key, which nothing stored refers to', async () => {
    const { kit } = faultySetup({ otp_init_v2: ['lost-after'] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_SMS' })
    await flow.start(PHONE)
    expect(await kit.keyStore.list()).toHaveLength(1)
    flow.destroy()
    await expect.poll(() => kit.keyStore.list()).toEqual([])
  })

  it('reset after a lost answer deletes the kept key', async () => {
    const { kit } = faultySetup({ otp_init_v2: ['lost-before'] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    expect(await kit.keyStore.list()).toHaveLength(1)
    flow.reset()
    expect(flow.getSnapshot()).toEqual(OTP_FLOW_IDLE)
    await expect.poll(() => kit.keyStore.list()).toEqual([])
  })
})

describe('createOtpFlow: a key store that fails', () => {
  it('given IndexedDB refusing the new key at once, says KEY_STORE_UNAVAILABLE (not PROXY_ERROR), with nothing sent', async () => {
    const proxy = createMockAuthProxy({ strictFields: true, tenants: [DEMO_TENANT] })
    const { kit, endpoints } = kitOnMock(proxy, { keyStore: indexedDbKeyStore({ indexedDB: new IDBFactory() }) })
    kits.push(kit)
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The operation failed for reasons unrelated to the database itself.', 'UnknownError')
    })
    onTestFinished(() => add.mockRestore())
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start(EMAIL)
    expect(flow.getSnapshot()).toMatchObject({ step: 'contact', error: { code: 'KEY_STORE_UNAVAILABLE' } })
    expect(endpoints.filter((endpoint) => endpoint.startsWith('otp_init'))).toEqual([])
  })
})

describe('createOtpFlow: no key left behind', () => {
  it("given start twice in one tick, keeps only the latest challenge's key", async () => {
    const { kit } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await Promise.all([flow.start('first@example.com'), flow.start('second@example.com')])
    const { challenge } = flow.getSnapshot()
    expect(challenge).toMatchObject({ email: 'second@example.com' })
    expect(await kit.keyStore.list()).toEqual([challenge?.publicKey])
  })

  it('given start again with a challenge on show (no reset), reuses its key', async () => {
    const { kit, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    await flow.start('first@example.com')
    const first = flow.getSnapshot().challenge
    advance(1)
    await flow.start('second@example.com')
    expect(flow.getSnapshot().challenge).toMatchObject({ email: 'second@example.com', publicKey: first?.publicKey })
    expect(await kit.keyStore.list()).toEqual([first?.publicKey])
  })

  it('given reset while otp_init_v2 is under way, aborts it and deletes its key; nothing is sent', async () => {
    const { kit, proxy, endpoints } = faultySetup({ otp_init_v2: ['hang'] })
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
    const sending = flow.start(EMAIL)
    await expect.poll(() => endpoints).toContain('otp_init_v2')
    expect(await kit.keyStore.list()).toHaveLength(1)
    flow.reset()
    await sending
    expect(flow.getSnapshot()).toEqual(OTP_FLOW_IDLE)
    expect(await kit.keyStore.list()).toEqual([])
    expect(proxy.outbox(EMAIL)).toHaveLength(0)
  })

  it('given a stored challenge that expired while the page was closed, deletes its key', async () => {
    const storage = memoryStorage()
    const { kit, advance } = setup()
    const first = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await first.start(EMAIL)
    first.destroy()
    expect(await kit.keyStore.list()).toHaveLength(1)
    advance(301)
    const second = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    expect(second.getSnapshot().step).toBe('contact')
    await expect.poll(() => kit.keyStore.list()).toEqual([])
  })

  it('given a stored challenge that expired, keeps its key when the session is bound to it', async () => {
    const storage = memoryStorage()
    const { kit, proxy, advance } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    await flow.start(EMAIL)
    const stored = storage.getItem(EMAIL_KEY) as string
    await flow.verify(latestCode(proxy, EMAIL))
    const publicKey = kit.session.getSnapshot().session?.publicKey
    // Another tab's copy of the challenge, signed in with meanwhile.
    storage.setItem(EMAIL_KEY, stored)
    advance(301)
    const deletes = vi.spyOn(kit.keyStore, 'delete')
    expect(createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', storage }).getSnapshot().step).toBe('contact')
    // The flow decides once the session has loaded (chained on the promise awaited here, before this test):
    // a delete would have been asked by now.
    await kit.session.ready
    expect(deletes).not.toHaveBeenCalled()
    expect(storage.getItem(EMAIL_KEY)).toBeNull()
    expect(await kit.keyStore.list()).toEqual([publicKey])
  })
})
