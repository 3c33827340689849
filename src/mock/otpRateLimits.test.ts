import { describe, expect, it } from 'vitest'
import { createTestClientKey } from './testing/clientKey'
import { call, ok, setup, snapshot, type Answer } from './testing/harness'
import { resolveOtpRateLimits, DEFAULT_OTP_RATE_LIMITS } from './otpRateLimits'
import { resolveTenants } from './tenants'
import type { MockAuthProxy } from './types'

const PHONE = '+447700900123'
const SMS = { otpType: 'OTP_TYPE_SMS', contact: PHONE }

function sendSms(proxy: MockAuthProxy, extra: Record<string, unknown> = {}): Promise<Answer> {
  return call(proxy, 'otp_init', { ...SMS, ...extra })
}

function retryDelay(answer: Answer): string | undefined {
  const details = (answer.body as { details: Array<{ '@type': string; retryDelay?: string }> }).details
  return details.find((detail) => detail['@type'] === 'type.googleapis.com/google.rpc.RetryInfo')?.retryDelay
}

describe('otp_init rate limits', () => {
  it('given a code just sent to a number, refuses another for 30 s with 429, when to retry, and no change', async () => {
    const { proxy, clock } = setup()
    await ok(sendSms(proxy))
    clock.advance(7_000)
    const before = snapshot(proxy)

    const refused = await sendSms(proxy)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('23')
    expect(refused.body).toEqual({
      code: 8,
      message: `Max number of OTPs have been initiated; too many codes: a code sent to ${PHONE} 7 s ago is still valid (one code per 30 s while the last one can be used). Try again in 23 s (at 2030-01-01T00:00:30.000Z).`,
      details: [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' },
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              subject: 'contact',
              description: `a code sent to ${PHONE} 7 s ago is still valid (one code per 30 s while the last one can be used)`,
            },
          ],
        },
      ],
    })
    expect(snapshot(proxy)).toBe(before)

    clock.advance(22_999)
    expect(retryDelay(await sendSms(proxy))).toBe('1s')
    clock.advance(1)
    await ok(sendSms(proxy))
    expect(proxy.outbox(PHONE)).toHaveLength(2)
  })

  it('counts emails case-insensitively, and other contacts not at all', async () => {
    const { proxy } = setup()
    await ok(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }))
    const again = await call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'ADA@example.com' })
    expect(again.status).toBe(429)
    expect(again.headers.get('Retry-After')).toBe('30')
    await ok(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'bob@example.com' }))
    await ok(sendSms(proxy))
  })

  it('given the last code was used, or burnt by wrong tries, a new one may be sent at once', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const used = await ok<{ otpId: string }>(sendSms(proxy))
    const code = proxy.outbox(PHONE)[0]?.code
    await ok(call(proxy, 'otp_verify', { otpId: used.otpId, otpCode: code, publicKey: key.publicKey }))

    const burnt = await ok<{ otpId: string }>(sendSms(proxy))
    expect((await sendSms(proxy)).status).toBe(429)
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = code === '222222' ? '333333' : '222222'
      await call(proxy, 'otp_verify', { otpId: burnt.otpId, otpCode: wrong, publicKey: key.publicKey })
    }
    expect(proxy.state.otps[burnt.otpId]?.status).toBe('burnt')
    await ok(sendSms(proxy))
  })

  it('given five codes to one number within 10 minutes, refuses a sixth until the first is 10 minutes old', async () => {
    const { proxy, clock } = setup()
    for (let sent = 0; sent < 5; sent += 1) {
      await ok(sendSms(proxy))
      clock.advance(60_000)
    }
    // 5 minutes after the first code: it leaves the window at 10 minutes.
    const refused = await sendSms(proxy)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('300')
    expect(refused.body).toMatchObject({
      code: 8,
      message: expect.stringContaining(`${PHONE} has been sent 5 codes in the last 600 s (at most 5)`),
    })
    clock.advance(300_000)
    await ok(sendSms(proxy))
  })

  it('counts no userIdentifier (production drops it): eleven codes to eleven contacts in a minute all go', async () => {
    const { proxy, clock } = setup({ strictFields: false })
    for (let sent = 0; sent < 11; sent += 1) {
      await ok(
        call(proxy, 'otp_init', {
          otpType: 'OTP_TYPE_SMS',
          contact: `+4477009001${10 + sent}`,
          userIdentifier: 'ip-hash-1',
        }),
      )
      clock.advance(1000)
    }
    expect(proxy.outbox()).toHaveLength(11)
  })

  it('given several limits broken at once, names each and waits for the last to clear', async () => {
    const { proxy, clock } = setup({ otpRateLimits: { perContact: { max: 1, windowSeconds: 120 } } })
    await ok(sendSms(proxy))
    clock.advance(10_000)
    const refused = await sendSms(proxy)
    expect(refused.headers.get('Retry-After')).toBe('110')
    const violations = (refused.body as { details: Array<{ violations?: unknown[] }> }).details[1]?.violations
    expect(violations).toHaveLength(2)
  })

  it("takes a tenant's own limits over the mock's, and `false` turns them off", async () => {
    const { proxy } = setup({
      otpRateLimits: false,
      tenants: [
        { configId: 'demo', organizationId: 'org', enabledProviders: ['sms'] },
        {
          configId: 'strict',
          organizationId: 'org-2',
          enabledProviders: ['sms'],
          otpRateLimits: { resendAfterSeconds: 60 },
        },
      ],
    })
    await ok(sendSms(proxy))
    await ok(sendSms(proxy))
    await ok(call(proxy, 'otp_init', SMS, { configId: 'strict' }))
    const refused = await call(proxy, 'otp_init', SMS, { configId: 'strict' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('60')
  })

  it('lets a cross-origin page read Retry-After', async () => {
    const { proxy } = setup()
    await ok(sendSms(proxy))
    const refused = await call(proxy, 'otp_init', SMS, { origin: 'http://app.test' })
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(refused.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After')
  })
})

describe('otpRateLimits options', () => {
  it('fills in what is left out from the defaults', () => {
    expect(resolveOtpRateLimits({ resendAfterSeconds: 0 }, 'otpRateLimits', DEFAULT_OTP_RATE_LIMITS)).toEqual({
      ...DEFAULT_OTP_RATE_LIMITS,
      resendAfterSeconds: 0,
    })
    expect(resolveOtpRateLimits({ perContact: false }, 'otpRateLimits', DEFAULT_OTP_RATE_LIMITS).perContact).toBeNull()
    expect(resolveOtpRateLimits(false, 'otpRateLimits', DEFAULT_OTP_RATE_LIMITS)).toEqual({
      resendAfterSeconds: 0,
      perContact: null,
    })
  })

  it.each([
    [
      { resendAfterSeconds: -1 },
      /^tenants\[0\]\.otpRateLimits\.resendAfterSeconds: expected a whole number of seconds/,
    ],
    [
      { perContact: { max: 0, windowSeconds: 60 } },
      /^tenants\[0\]\.otpRateLimits\.perContact: expected false or \{max, windowSeconds\}/,
    ],
    [
      { perUserIdentifier: false },
      "tenants[0].otpRateLimits.perUserIdentifier: no longer an option: production's otp_init takes no userIdentifier to count by (keep perContact)",
    ],
    [{ perPhone: 3 }, 'tenants[0].otpRateLimits.perPhone: unknown option (expected resendAfterSeconds or perContact)'],
    [true, /^tenants\[0\]\.otpRateLimits: expected false or an object/],
  ])('refuses a tenant with otpRateLimits %j, naming the option', (otpRateLimits, message) => {
    expect(() => resolveTenants([{ configId: 'a', organizationId: 'o', otpRateLimits }])).toThrow(message)
  })
})
