// The kit's current-generation OTP flow (otpProtocol 'v2') against the mock: the code never travels in
// plaintext, the target it is encrypted to is checked against the trusted enclave key before anything
// is sealed, the account is made with signup_v2, and the session comes from stamp_login with an
// attested stamp, in the order @turnkey/core 2.8.1 calls them.
import { describe, expect, it } from 'vitest'
import { createKit, type Kit, type KitOptions } from '../core/createKit'
import { completeEmailOtp, startEmailOtp } from '../core/otp/emailOtp'
import { completeSmsOtp, startSmsOtp } from '../core/otp/smsOtp'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { memoryStorage } from '../core/session/memoryStorage'
import { createMockAuthProxy } from '../mock/handler'
import type { MockAuthProxy } from '../mock/types'

interface Sent {
  endpoint: string
  body: string
  headers: Headers
}

function setup(options: Partial<KitOptions> = {}, proxy: MockAuthProxy = createMockAuthProxy({ strictFields: true })) {
  const sent: Sent[] = []
  const kit: Kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const endpoint = new URL(request.url).pathname.replace(/^\/(public\/)?v1\//, '')
      sent.push({ endpoint, body: await request.clone().text(), headers: request.headers })
      return proxy.handle(request)
    },
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    otpProtocol: 'v2',
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    ...options,
  })
  return { kit, proxy, sent }
}

function codeFor(proxy: MockAuthProxy, contact: string): string {
  const message = proxy.outbox(contact)[0]
  if (!message) throw new Error(`no code sent to ${contact}`)
  return message.code
}

describe('email OTP, current generation, against the mock', () => {
  it("signs a new user up in production 2.8.1's order, and the code is in no request", async () => {
    const { kit, proxy, sent } = setup()
    const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
    const code = codeFor(proxy, 'ada@example.com')
    const { session, isNewUser } = await completeEmailOtp(kit, { challenge, code })

    expect(isNewUser).toBe(true)
    expect(sent.map((request) => request.endpoint)).toEqual([
      'wallet_kit_config',
      'otp_init_v2',
      'otp_verify_v2',
      'account',
      'signup_v2',
      'submit/stamp_login',
    ])
    expect(sent.filter((request) => request.body.includes(code))).toEqual([])
    const login = sent.at(-1) as Sent
    expect(login.headers.get('X-Stamp-Attested')).toEqual(expect.any(String))
    expect(JSON.parse(login.body)).toMatchObject({
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      organizationId: session.organizationId,
      parameters: { publicKey: challenge.publicKey },
    })
    expect(session.publicKey).toBe(challenge.publicKey)
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session: { token: session.token } })
  })

  it('logs a returning user into the same organization with no sign-up', async () => {
    const { kit, proxy } = setup()
    const first = await startEmailOtp(kit, { email: 'ada@example.com' })
    const signedUp = await completeEmailOtp(kit, { challenge: first, code: codeFor(proxy, 'ada@example.com') })
    const again = setup({}, proxy)
    const challenge = await startEmailOtp(again.kit, { email: 'ada@example.com' })
    const { session, isNewUser } = await completeEmailOtp(again.kit, {
      challenge,
      code: codeFor(proxy, 'ada@example.com'),
    })
    expect(isNewUser).toBe(false)
    expect(session.organizationId).toBe(signedUp.session.organizationId)
    expect(again.sent.map((request) => request.endpoint)).not.toContain('signup_v2')
  })

  it("refuses a target signed by a key it does not trust (production's, by default), before any code is sealed", async () => {
    const { kit, sent } = setup({ dangerouslyOverrideSignerPublicKey: undefined })
    await expect(startEmailOtp(kit, { email: 'ada@example.com' })).rejects.toMatchObject({
      code: 'PROXY_BAD_RESPONSE',
      message: expect.stringContaining("otp_init_v2: the code's encryption target is signed by"),
    })
    expect(sent.map((request) => request.endpoint)).toEqual(['wallet_kit_config', 'otp_init_v2'])
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('checks the stored target again before sealing: a challenge whose bundle was swapped sends nothing', async () => {
    const { kit, proxy, sent } = setup()
    const first = await startEmailOtp(kit, { email: 'ada@example.com' })
    const other = createMockAuthProxy({ strictFields: true })
    const otherBundle = (await other
      .fetch('https://proxy.test/v1/otp_init_v2', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-ID': 'demo' },
        body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'eve@example.com' }),
      })
      .then((response) => response.json())) as { otpEncryptionTargetBundle: string }
    const swapped = { ...first, targetBundle: otherBundle.otpEncryptionTargetBundle }
    const before = sent.length
    await expect(
      completeEmailOtp(kit, { challenge: swapped, code: codeFor(proxy, 'ada@example.com') }),
    ).rejects.toMatchObject({ code: 'PROXY_BAD_RESPONSE' })
    expect(sent.length).toBe(before)
  })

  it('says how many tries are left after a wrong code, and the right one then signs in', async () => {
    const { kit, proxy } = setup()
    const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
    const code = codeFor(proxy, 'ada@example.com')
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'
    await expect(completeEmailOtp(kit, { challenge, code: wrong })).rejects.toMatchObject({
      code: 'OTP_CODE_INVALID',
      attemptsLeft: 4,
    })
    await expect(completeEmailOtp(kit, { challenge, code })).resolves.toMatchObject({ isNewUser: true })
  })
})

describe('SMS OTP, current generation, against the mock', () => {
  it('signs up and logs in again by phone', async () => {
    const { kit, proxy } = setup()
    const phoneNumber = '+447700900123'
    const first = await startSmsOtp(kit, { phoneNumber })
    const { isNewUser } = await completeSmsOtp(kit, { challenge: first, code: codeFor(proxy, phoneNumber) })
    expect(isNewUser).toBe(true)
    const again = setup({}, proxy)
    const challenge = await startSmsOtp(again.kit, { phoneNumber })
    const second = await completeSmsOtp(again.kit, { challenge, code: codeFor(proxy, phoneNumber) })
    expect(second.isNewUser).toBe(false)
  })
})
