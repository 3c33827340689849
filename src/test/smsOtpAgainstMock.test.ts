// The kit's SMS flow against the bundled mock, through the mock's fetch handler: the phone number proven
// by a code, looked up by PHONE_NUMBER, signed up with userPhoneNumber, and the mock's rate limit
// reaching the caller with when to retry.
import { describe, expect, it } from 'vitest'
import { isKitError } from '../core/errors'
import { completeSmsOtp, startSmsOtp } from '../core/otp/smsOtp'
import { createMockAuthProxy } from '../mock/handler'
import { DEMO_TENANT } from '../mock/tenants'
import type { MockAuthProxy } from '../mock/types'
import { kitOnMock } from '../core/test/kitOnMock'

const PHONE = '+447700900123'

function codeFor(proxy: MockAuthProxy, phoneNumber: string): string {
  const message = proxy.outbox(phoneNumber)[0]
  if (!message) throw new Error(`no code sent to ${phoneNumber}`)
  return message.code
}

describe('SMS OTP sign-in against the mock proxy', () => {
  it('signs a new number up, then logs it in again into the same organization', async () => {
    const proxy = createMockAuthProxy({
      strictFields: true,
      tenants: [{ ...DEMO_TENANT, appName: 'Demo', smsTemplate: '{{.AppName}}: {{.OtpCode}} is your code' }],
    })
    const first = kitOnMock(proxy)
    const challenge = await startSmsOtp(first.kit, { phoneNumber: '+44 7700 900123' })
    // The tenant's template, with the code and the app name in place.
    expect(proxy.outbox(PHONE)[0]?.text).toBe(`Demo: ${codeFor(proxy, PHONE)} is your code`)
    const signedUp = await completeSmsOtp(first.kit, { challenge, code: codeFor(proxy, PHONE) })
    expect(signedUp.isNewUser).toBe(true)
    expect(first.endpoints).toEqual([
      'wallet_kit_config',
      'otp_init_v2',
      'otp_verify_v2',
      'account',
      'signup_v2',
      '/public/v1/submit/stamp_login',
    ])
    expect(Object.values(proxy.state.users)).toEqual([expect.objectContaining({ phoneNumber: PHONE })])
    first.kit.destroy()

    const second = kitOnMock(proxy)
    const again = await startSmsOtp(second.kit, { phoneNumber: PHONE })
    const loggedIn = await completeSmsOtp(second.kit, { challenge: again, code: codeFor(proxy, PHONE) })
    expect(loggedIn.isNewUser).toBe(false)
    expect(second.endpoints).toEqual([
      'wallet_kit_config',
      'otp_init_v2',
      'otp_verify_v2',
      'account',
      '/public/v1/submit/stamp_login',
    ])
    expect(loggedIn.session.organizationId).toBe(signedUp.session.organizationId)
    expect(loggedIn.session.userId).toBe(signedUp.session.userId)
    second.kit.destroy()
  })

  it('given a second code asked for at once, fails with RATE_LIMITED and when to retry, keeping no key', async () => {
    // "At once" on a clock that stands still, however long the first request takes on a busy machine.
    const now = () => Date.parse('2030-01-01T10:00:00Z')
    const proxy = createMockAuthProxy({ strictFields: true, now })
    const { kit } = kitOnMock(proxy, { now })
    await startSmsOtp(kit, { phoneNumber: PHONE })
    const error = await startSmsOtp(kit, { phoneNumber: PHONE }).catch((caught: unknown) => caught)
    expect(isKitError(error, 'RATE_LIMITED')).toBe(true)
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) })
    const seconds = (error as { retryAfterSeconds: number }).retryAfterSeconds
    expect(seconds).toBeGreaterThanOrEqual(29)
    expect(seconds).toBeLessThanOrEqual(30)
    expect(await kit.keyStore.list()).toHaveLength(1)
    expect(proxy.outbox(PHONE)).toHaveLength(1)
    kit.destroy()
  })
})
