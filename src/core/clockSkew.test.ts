// A device whose clock is minutes fast, against the mock on a true clock (ISSUE 14, item 5): the kit learns
// the proxy's time from its tokens and from the API's refusal, so that sessions last as long as the
// proxy says and stamped activities carry a timestamp the API accepts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockAuthProxy } from '../mock/handler'
import { DEMO_ORGANIZATION_ID } from '../mock/tenants'
import { createSoftAuthenticator, type SoftAuthenticator } from '../mock/testing/softAuthenticator'
import type { MockAuthProxy } from '../mock/types'
import type { SessionStorage } from './contracts'
import type { Kit, KitOptions } from './createKit'
import { createKit } from './createKit'
import { completeEmailOtp, startEmailOtp } from './otp/emailOtp'
import { logout } from './session/logout'
import { addPasskey, loginWithPasskey } from './passkey/passkeyActions'
import { memoryKeyStore } from './keys/memoryKeyStore'
import { CLOCK_OFFSET_STORAGE_KEY } from './proxyClock'
import { memoryStorage } from './session/memoryStorage'

const MINUTE = 60_000
const ORIGIN = 'http://localhost:5173'
const RELYING_PARTY = { rpId: 'localhost', rpName: 'Playground' }
/** The mock tenant's session length (tenants.ts default). */
const SESSION_MS = 900_000

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
  vi.useRealTimers()
})

/** The mock on the true clock (Date.now, faked or not), with passkeys enabled. */
function trueProxy(): MockAuthProxy {
  return createMockAuthProxy({
    strictFields: true,
    now: () => Date.now(),
    tenants: [{ configId: 'demo', organizationId: DEMO_ORGANIZATION_ID, enabledProviders: ['email', 'passkey'] }],
  })
}

interface Device {
  kit: Kit
  paths: string[]
  storage: SessionStorage
}

/** A browser whose clock is `skewMs` off the true time; `storage` and `keyStore` are the device's, kept across kits. */
function device(
  proxy: MockAuthProxy,
  skewMs: number | (() => number),
  options: Partial<KitOptions> & { authenticator?: SoftAuthenticator } = {},
): Device {
  const paths: string[] = []
  const storage = options.storage ?? memoryStorage()
  const skew = typeof skewMs === 'number' ? () => skewMs : skewMs
  const kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: (input, init) => {
      const request = new Request(input, init)
      paths.push(new URL(request.url).pathname)
      const headers = new Headers(request.headers)
      headers.set('Origin', ORIGIN)
      return proxy.handle(new Request(request, { headers }))
    },
    keyStore: memoryKeyStore(),
    storage,
    now: () => Date.now() + skew(),
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    webauthn: (options.authenticator ?? createSoftAuthenticator({ origin: ORIGIN })).webauthn,
    ...options,
  })
  kits.push(kit)
  return { kit, paths, storage }
}

async function signInByEmail(kit: Kit, proxy: MockAuthProxy, email: string) {
  const challenge = await startEmailOtp(kit, { email })
  const code = proxy.outbox(email).at(-1)?.code ?? ''
  return completeEmailOtp(kit, { challenge, code })
}

describe('a device clock 16 minutes fast', () => {
  it('signs in by email, and stays signed in until the real expiry, the timers firing at the proxy’s exp', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    const proxy = trueProxy()
    const { kit } = device(proxy, 16 * MINUTE, { warnBeforeMs: MINUTE })
    const signedInAt = Date.now()
    const { session } = await signInByEmail(kit, proxy, 'ada@example.com')
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', expiresSoon: false })
    // The proxy's exp, not the device's idea of it.
    expect(session.expiresAt).toBeGreaterThanOrEqual(signedInAt + SESSION_MS - 1000)
    expect(session.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_MS)
    expect(Math.abs(kit.now() - Date.now())).toBeLessThan(2000)

    await vi.advanceTimersByTimeAsync(session.expiresAt - MINUTE - Date.now() - 1)
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', expiresSoon: false })
    await vi.advanceTimersByTimeAsync(1)
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', expiresSoon: true })
    await vi.advanceTimersByTimeAsync(session.expiresAt - Date.now() - 1)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    await vi.advanceTimersByTimeAsync(1)
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('keeps the offset for the next kit on the same storage (a reload): the stored session is still signed in', async () => {
    // The true clock stands still: the offset learned is the device's skew, not also the time the requests
    // took on a busy machine (the bounds below allow for the token's iat, in whole seconds).
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date'] })
    const proxy = trueProxy()
    const first = device(proxy, 16 * MINUTE)
    const { session } = await signInByEmail(first.kit, proxy, 'ada@example.com')
    expect(first.storage.getItem(CLOCK_OFFSET_STORAGE_KEY)).toMatch(/^-96\d{4}$/)

    const reloaded = device(proxy, 16 * MINUTE, { storage: first.storage, keyStore: first.kit.keyStore })
    // Before any request: the offset was read at start.
    expect(Math.abs(reloaded.kit.now() - Date.now())).toBeLessThan(2000)
    await reloaded.kit.session.ready
    expect(reloaded.kit.session.getSnapshot().session?.token).toBe(session.token)
    expect(reloaded.paths).toEqual([])
  })

  it('keeps the offset across logout: the clock is the device’s, not the session’s', async () => {
    // The true clock stands still: the offset learned is the device's skew, not also the time the requests
    // took on a busy machine (the bounds below allow for the token's iat, in whole seconds).
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date'] })
    const proxy = trueProxy()
    const { kit, storage } = device(proxy, 16 * MINUTE)
    await signInByEmail(kit, proxy, 'ada@example.com')
    await logout(kit)
    expect(storage.getItem(CLOCK_OFFSET_STORAGE_KEY)).not.toBeNull()
    expect(Math.abs(kit.now() - Date.now())).toBeLessThan(2000)
  })
})

describe('a device clock 6 minutes fast, passkey log-in', () => {
  it('works after an earlier sign-in on the device taught the kit the time', async () => {
    const proxy = trueProxy()
    const { kit, paths } = device(proxy, 6 * MINUTE)
    const { session } = await signInByEmail(kit, proxy, 'ada@example.com')
    await addPasskey(kit, RELYING_PARTY)
    await logout(kit)
    const before = paths.length
    const loggedIn = await loginWithPasskey(kit, { rpId: RELYING_PARTY.rpId })
    expect(loggedIn.session.userId).toBe(session.userId)
    expect(paths.slice(before)).toEqual(['/public/v1/submit/stamp_login'])
  })

  it('on a fresh device is CLOCK_SKEW (not STAMP_REFUSED) with one prompt, and the next try works', async () => {
    const proxy = trueProxy()
    const authenticator = createSoftAuthenticator({ origin: ORIGIN })
    // The passkey was made on another, well-set device.
    const other = device(proxy, 0, { authenticator })
    const { session } = await signInByEmail(other.kit, proxy, 'ada@example.com')
    await addPasskey(other.kit, RELYING_PARTY)

    const fresh = device(proxy, 6 * MINUTE, { authenticator })
    const prompts = authenticator.credentials[0]?.counter ?? 0
    const error = await loginWithPasskey(fresh.kit, { rpId: RELYING_PARTY.rpId }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'CLOCK_SKEW', status: 401 })
    expect((error as Error & { userMessage: string }).userMessage).toMatch(/^This device's clock is off/)
    expect(fresh.paths.filter((path) => path === '/public/v1/submit/stamp_login')).toHaveLength(1)
    expect(authenticator.credentials[0]?.counter).toBe(prompts + 1)
    expect(fresh.kit.session.getSnapshot().status).toBe('signedOut')
    expect(await fresh.kit.keyStore.list()).toEqual([])

    // The refusal stated the API's time: the person's next try carries a timestamp the API accepts.
    const loggedIn = await loginWithPasskey(fresh.kit, { rpId: RELYING_PARTY.rpId })
    expect(loggedIn.session.userId).toBe(session.userId)
  })

  it('a passkey the API does not know is still "not registered here", not a clock problem', async () => {
    const proxy = trueProxy()
    const stranger = createSoftAuthenticator({ origin: ORIGIN })
    await stranger.register()
    const { kit } = device(proxy, 0, { authenticator: stranger })
    const error = await loginWithPasskey(kit, { rpId: RELYING_PARTY.rpId }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'STAMP_REFUSED', userMessage: expect.stringMatching(/not registered here/) })
  })
})

describe('an activity stamped by the session key', () => {
  it('is sent once more with the API’s time when the clock moved after sign-in (the refusal states the time)', async () => {
    // The true clock stands still: the offset learned is the device's skew, not also the time the requests
    // took on a busy machine (the bounds below allow for the token's iat, in whole seconds).
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date'] })
    const proxy = trueProxy()
    let skew = 0
    const { kit, paths } = device(proxy, () => skew)
    await signInByEmail(kit, proxy, 'ada@example.com')
    skew = 6 * MINUTE
    const added = await addPasskey(kit, RELYING_PARTY)
    expect(added.authenticatorIds).toHaveLength(1)
    expect(paths.filter((path) => path === '/public/v1/submit/create_authenticators')).toHaveLength(2)
    expect(Math.abs(kit.now() - Date.now())).toBeLessThan(2000)
  })
})

describe('tokens that are not fresh teach nothing', () => {
  it('a stored session (read at start) and a token set with issuedNow: false', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date'] })
    const proxy = trueProxy()
    const first = device(proxy, 0)
    const { session } = await signInByEmail(first.kit, proxy, 'ada@example.com')
    vi.setSystemTime(Date.now() + 10 * MINUTE)

    // Reloaded ten minutes later on a right clock: the token's iat is ten minutes old, and says nothing of now.
    const reloaded = device(proxy, 0, { storage: first.storage, keyStore: first.kit.keyStore })
    await reloaded.kit.session.ready
    expect(reloaded.kit.session.getSnapshot().session?.token).toBe(session.token)
    expect(reloaded.kit.now()).toBe(Date.now())
    expect(first.storage.getItem(CLOCK_OFFSET_STORAGE_KEY)).toBeNull()

    const restored = device(proxy, 0, { keyStore: first.kit.keyStore })
    await restored.kit.session.set(session.token, { issuedNow: false })
    expect(restored.kit.now()).toBe(Date.now())
    await expect(restored.kit.session.set(session.token, { issuedNow: 'no' as never })).rejects.toThrow(/issuedNow/)
  })

  it("another tab's session (its storage event) teaches nothing", async () => {
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date'] })
    const proxy = trueProxy()
    const listeners = new Set<(event: Event) => void>()
    const window = {
      addEventListener: (_type: string, listener: (event: Event) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: Event) => void) => listeners.delete(listener),
    } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>
    const storage = memoryStorage()
    const keyStore = memoryKeyStore()
    const tab = device(proxy, 0, { storage, keyStore, window })
    await tab.kit.session.ready
    const other = device(proxy, 0, { storage, keyStore })
    const { session } = await signInByEmail(other.kit, proxy, 'ada@example.com')
    vi.setSystemTime(Date.now() + 10 * MINUTE)
    for (const listener of listeners) listener(Object.assign(new Event('storage'), { key: tab.kit.session.storageKey }))
    await expect.poll(() => tab.kit.session.getSnapshot().session?.token).toBe(session.token)
    expect(tab.kit.now()).toBe(Date.now())
  })
})

describe('kit.learnClockFromIat (for the OTP flow’s verification token)', () => {
  it('learns from an iat in seconds, and ignores what is not a number', () => {
    const proxy = trueProxy()
    const { kit } = device(proxy, 16 * MINUTE)
    kit.learnClockFromIat('x' as never)
    expect(kit.now() - Date.now()).toBeGreaterThanOrEqual(16 * MINUTE)
    kit.learnClockFromIat(Math.floor(Date.now() / 1000))
    expect(Math.abs(kit.now() - Date.now())).toBeLessThan(2000)
  })

  it('is told by completeOtp right after otp_verify (v1): a sign-in that fails later has still learned the time', async () => {
    // The true clock stands still: the offset learned is the device's skew, not also the time the requests
    // took on a busy machine (the bounds below allow for the token's iat, in whole seconds). The seed's
    // verification token carries an iat; the current generation's does not (production's claims are
    // id, verification_type, contact, organization_id, public_key and exp), so v2 learns the time from
    // stamp_login's refusal instead (the test above).
    vi.useFakeTimers({ now: Date.parse('2030-06-01T12:00:00.000Z'), toFake: ['Date'] })
    const proxy = trueProxy()
    const { kit } = device(proxy, 16 * MINUTE, { otpProtocol: 'v1' })
    proxy.faults.add({ endpoint: 'account', fault: { kind: 'error', code: 13 } })
    await expect(signInByEmail(kit, proxy, 'ada@example.com')).rejects.toMatchObject({ code: 'PROXY_ERROR' })
    expect(kit.session.getSnapshot().session).toBeNull()
    expect(Math.abs(kit.now() - Date.now())).toBeLessThan(2000)
  })
})
