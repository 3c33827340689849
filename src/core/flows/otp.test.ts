// How completeOtp names otp_verify's refusals: a rate limit (the answer says when to retry) apart
// from a code burnt by wrong guesses.
import { afterEach, describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../createKit'
import { KitError } from '../errors'
import { fakeFetch, grpcError, json, type FakeAnswer, type FakeFetch } from '../test/fakeFetch'
import { testKitOptions } from '../test/testKitOptions'
import { completeOtp, startOtp } from './otp'

const NOW = Date.UTC(2030, 5, 1, 12)
const RETRY_INFO = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' }

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

function kitAnswering(otpVerify: FakeAnswer): { kit: Kit; fake: FakeFetch } {
  const fake = fakeFetch({
    wallet_kit_config: json({ organizationId: 'org-parent' }),
    otp_init: json({ otpId: 'otp-1' }),
    otp_verify: otpVerify,
  })
  const kit = createKit(testKitOptions(fake.fetch, () => NOW))
  kits.push(kit)
  return { kit, fake }
}

async function verifyFailure(otpVerify: FakeAnswer, otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS' = 'OTP_TYPE_EMAIL') {
  const { kit, fake } = kitAnswering(otpVerify)
  const contact = otpType === 'OTP_TYPE_EMAIL' ? 'ada@example.com' : '+14155550123'
  const challenge = await startOtp(kit, { otpType, contact })
  const error = await completeOtp(kit, { challenge, code: 'AB12CD' }).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  // Either way the person keeps the challenge: its key stays, and nothing else was called.
  expect(await kit.keyStore.has(challenge.publicKey)).toBe(true)
  expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify'])
  return error
}

const limited = (headers: Record<string, string>, details: unknown[] = []) =>
  new Response(JSON.stringify({ code: 8, message: 'too many requests', details }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

describe('completeOtp: a 429 at otp_verify', () => {
  it.each(['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS'] as const)(
    'with Retry-After is RATE_LIMITED with retryAfterSeconds, not OTP_ATTEMPTS_EXCEEDED (%s)',
    async (otpType) => {
      const error = await verifyFailure(limited({ 'Retry-After': '30' }), otpType)
      expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 30 })
      expect(error.proxy).toEqual({ code: 8, message: 'too many requests', details: [] })
      expect(error.userMessage).toBe('Too many attempts. Please wait 30 seconds and try again.')
    },
  )

  it('with a RetryInfo detail (no header) is RATE_LIMITED too', async () => {
    const error = await verifyFailure(limited({}, [RETRY_INFO]))
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 23 })
  })

  it('without either keeps meaning too many wrong codes', async () => {
    const error = await verifyFailure(grpcError(8, 'too many wrong codes; request a new code', 429))
    expect(error).toMatchObject({ code: 'OTP_ATTEMPTS_EXCEEDED', status: 429, retryAfterSeconds: undefined })
  })

  it('from a CDN or WAF (a page, not a proxy body) is RATE_LIMITED, with retryAfterSeconds when it says', async () => {
    const page = (headers: Record<string, string>) => new Response('<html>Too Many Requests</html>', { status: 429, headers })
    expect(await verifyFailure(page({ 'Retry-After': '12' }))).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 12 })
    expect(await verifyFailure(page({}))).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: undefined })
  })
})
