// The kit's core flow against the bundled mock, through the mock's fetch handler: the wire contract
// proven from both ends, with each side's checks live (signatures, single-use tokens, bindings). Both
// generations: the current one (the kit's default: the code sealed to the enclave's target, signup_v2,
// stamp_login) and the seed's (otpProtocol 'v1'), which production still serves.
import { describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../core/createKit'
import { isKitError, type KitError } from '../core/errors'
import { cancelEmailOtp, completeEmailOtp, startEmailOtp } from '../core/otp/emailOtp'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { memoryStorage } from '../core/session/memoryStorage'
import { createMockAuthProxy } from '../mock/handler'
import type { MockAuthProxy } from '../mock/types'
import { recordingFetch } from '../core/test/fakeFetch'

interface Recorded {
  endpoints: string[]
}

/** Each generation's endpoints, as recordingFetch names them. */
const GENERATIONS = [
  {
    protocol: 'v2',
    init: 'otp_init_v2',
    verify: 'otp_verify_v2',
    signup: 'signup_v2',
    login: '/public/v1/submit/stamp_login',
  },
  { protocol: 'v1', init: 'otp_init', verify: 'otp_verify', signup: 'signup', login: 'otp_login' },
] as const
type Generation = (typeof GENERATIONS)[number]

function setup(
  wire: Generation,
  proxy: MockAuthProxy = createMockAuthProxy({ strictFields: true }),
  handle: MockAuthProxy['handle'] = (request) => proxy.handle(request),
): {
  kit: Kit
  proxy: MockAuthProxy
  recorded: Recorded
} {
  const recorded: Recorded = { endpoints: [] }
  const kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: recordingFetch({ handle }, recorded.endpoints),
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    otpProtocol: wire.protocol,
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
  })
  return { kit, proxy, recorded }
}

function codeFor(proxy: MockAuthProxy, email: string): string {
  const message = proxy.outbox(email)[0]
  if (!message) throw new Error(`no code sent to ${email}`)
  return message.code
}

describe.each(GENERATIONS)('email OTP sign-in against the mock proxy ($protocol)', (wire) => {
  it("signs a new user up with exactly wallet_kit_config (the code's format), the code sent and verified, account, signup, login", async () => {
    const { kit, proxy, recorded } = setup(wire)
    const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
    const { session, isNewUser } = await completeEmailOtp(kit, { challenge, code: codeFor(proxy, 'ada@example.com') })

    expect(isNewUser).toBe(true)
    expect(recorded.endpoints).toEqual([
      'wallet_kit_config',
      wire.init,
      wire.verify,
      'account',
      wire.signup,
      wire.login,
    ])
    expect(session.publicKey).toBe(challenge.publicKey)
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session: { token: session.token } })
    expect(Object.keys(proxy.state.organizations)).toContain(session.organizationId)
  })

  it('logs a returning user into the same organization without signing up again', async () => {
    const { kit, proxy } = setup(wire)
    const first = await startEmailOtp(kit, { email: 'grace@example.com' })
    const signedUp = await completeEmailOtp(kit, { challenge: first, code: codeFor(proxy, 'grace@example.com') })
    await kit.session.logout()

    const second = setup(wire, proxy)
    const challenge = await startEmailOtp(second.kit, { email: 'GRACE@example.com' })
    const { session, isNewUser } = await completeEmailOtp(second.kit, {
      challenge,
      code: codeFor(proxy, 'grace@example.com'),
    })
    expect(isNewUser).toBe(false)
    expect(second.recorded.endpoints).toEqual(['wallet_kit_config', wire.init, wire.verify, 'account', wire.login])
    expect(session.organizationId).toBe(signedUp.session.organizationId)
    expect(session.userId).toBe(signedUp.session.userId)
  })

  it('accepts a code typed in lower case with Crockford look-alikes', async () => {
    const proxy = createMockAuthProxy({
      strictFields: true,
      tenants: [{ configId: 'demo', organizationId: 'org', otpAlphanumeric: false }],
    })
    const { kit } = setup(wire, proxy)
    const challenge = await startEmailOtp(kit, {
      email: 'digits@example.com',
      config: await kit.client.walletKitConfig(),
    })
    const code = codeFor(proxy, 'digits@example.com')
    // Digits typed as the letters people confuse them with: 0 as O, 1 as l.
    const typed = code.replace(/0/g, 'O').replace(/1/g, 'l')
    const { session } = await completeEmailOtp(kit, { challenge, code: typed })
    expect(session.publicKey).toBe(challenge.publicKey)
  })

  it("takes an 8-digit tenant's format from wallet_kit_config, sending only {otpType, contact}", async () => {
    const proxy = createMockAuthProxy({
      strictFields: true,
      tenants: [{ configId: 'demo', organizationId: 'org', otpLength: 8, otpAlphanumeric: false }],
    })
    const bodies: unknown[] = []
    const { kit } = setup(wire, proxy, async (request) => {
      if (request.url.endsWith(`/v1/${wire.init}`)) bodies.push(await request.clone().json())
      return proxy.handle(request)
    })
    const challenge = await startEmailOtp(kit, {
      email: 'eight@example.com',
      config: await kit.client.walletKitConfig(),
    })
    expect(bodies).toEqual([{ otpType: 'OTP_TYPE_EMAIL', contact: 'eight@example.com' }])
    expect(challenge).toMatchObject({ otpLength: 8, alphanumeric: false })
    expect(codeFor(proxy, 'eight@example.com')).toMatch(/^\d{8}$/)
    await completeEmailOtp(kit, { challenge, code: codeFor(proxy, 'eight@example.com') })
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it("reports a code the tenant's shorter lifetime expired as OTP_EXPIRED, though the kit's 5 minutes are not up", async () => {
    // The mock's clock runs 61 s ahead once the code is sent: the kit's (Date.now) stays put.
    let ahead = 0
    const proxy = createMockAuthProxy({
      strictFields: true,
      now: () => Date.now() + ahead,
      tenants: [{ configId: 'demo', organizationId: 'org', otpExpirationSeconds: 60 }],
    })
    const { kit } = setup(wire, proxy)
    const challenge = await startEmailOtp(kit, { email: 'slow@example.com' })
    ahead = 61_000
    expect(challenge.expiresAt).toBeGreaterThan(Date.now() + ahead)
    const error = await completeEmailOtp(kit, { challenge, code: codeFor(proxy, 'slow@example.com') }).catch(
      (caught: unknown) => caught,
    )
    expect(isKitError(error, 'OTP_EXPIRED')).toBe(true)
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('reports a wrong code as OTP_CODE_INVALID with the attempts left, and the right one still works', async () => {
    const { kit, proxy } = setup(wire)
    const challenge = await startEmailOtp(kit, { email: 'typo@example.com' })
    const code = codeFor(proxy, 'typo@example.com')
    const wrong = (code[0] === '2' ? '3' : '2') + code.slice(1)
    const error = await completeEmailOtp(kit, { challenge, code: wrong }).catch((caught: unknown) => caught)
    expect(isKitError(error, 'OTP_CODE_INVALID')).toBe(true)
    expect(String((error as Error).message)).toMatch(/4 attempts left/)
    expect((error as KitError).userMessage).toBe('That code is not right. Check it and try again. 4 attempts left.')
    expect(kit.session.getSnapshot().status).toBe('signedOut')

    await completeEmailOtp(kit, { challenge, code })
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('burns the code after five wrong tries: OTP_ATTEMPTS_EXCEEDED, and the right code no longer works', async () => {
    const { kit, proxy } = setup(wire)
    const challenge = await startEmailOtp(kit, { email: 'burn@example.com' })
    const code = codeFor(proxy, 'burn@example.com')
    const wrong = (code[0] === '2' ? '3' : '2') + code.slice(1)
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const left = 5 - attempt
      await expect(completeEmailOtp(kit, { challenge, code: wrong })).rejects.toMatchObject({
        code: 'OTP_CODE_INVALID',
        userMessage: expect.stringMatching(
          left === 1 ? / 1 attempt left\.$/ : new RegExp(` ${left} attempts left\\.$`),
        ),
      })
    }
    await expect(completeEmailOtp(kit, { challenge, code: wrong })).rejects.toMatchObject({
      code: 'OTP_ATTEMPTS_EXCEEDED',
    })
    await expect(completeEmailOtp(kit, { challenge, code })).rejects.toMatchObject({ code: 'OTP_ATTEMPTS_EXCEEDED' })
  })

  it('refuses a used code as OTP_EXPIRED', async () => {
    const { kit, proxy } = setup(wire)
    const challenge = await startEmailOtp(kit, { email: 'twice@example.com' })
    const code = codeFor(proxy, 'twice@example.com')
    await completeEmailOtp(kit, { challenge, code })
    await expect(completeEmailOtp(kit, { challenge, code })).rejects.toMatchObject({ code: 'OTP_EXPIRED' })
  })

  it('maps a rate-limited otp_init to RATE_LIMITED and leaves no key behind', async () => {
    const proxy = createMockAuthProxy({
      strictFields: true,
      failures: { [wire.init]: { code: 8, message: 'contact: too many codes' } },
    })
    const { kit } = setup(wire, proxy)
    await expect(startEmailOtp(kit, { email: 'busy@example.com' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    })
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('deletes the pending key when a started sign-in is cancelled', async () => {
    const { kit } = setup(wire)
    const challenge = await startEmailOtp(kit, { email: 'gone@example.com' })
    expect(await kit.keyStore.list()).toEqual([challenge.publicKey])
    await cancelEmailOtp(kit, challenge)
    expect(await kit.keyStore.list()).toEqual([])
  })
})
