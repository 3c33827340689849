// How completeOtp names otp_verify's refusals (a rate limit, which says when to retry, apart from a
// code burnt by wrong guesses), and how it rides out a transient failure of its account lookup.
import { afterEach, describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../createKit'
import { KitError } from '../errors'
import { fakeFetch, grpcError, json, type FakeAnswer, type FakeFetch, type RecordedCall } from '../test/fakeFetch'
import { testKitOptions } from '../test/testKitOptions'
import { sessionToken, signJwt } from '../test/tokens'
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

describe('completeOtp: the account lookup', () => {
  const EMAIL = 'ada@example.com'

  function signingInKit(account: FakeAnswer[]): { kit: Kit; fake: FakeFetch } {
    const fake = fakeFetch({
      wallet_kit_config: json({ organizationId: 'org-parent' }),
      otp_init: json({ otpId: 'otp-1' }),
      otp_verify: async (call: RecordedCall) => {
        const { publicKey } = call.body as { publicKey: string }
        const claims = { id: 'vt-1', contact: EMAIL, verification_type: 'OTP_TYPE_EMAIL', public_key: publicKey, exp: NOW / 1000 + 600 }
        return json({ verificationToken: await signJwt(claims) })
      },
      account,
      otp_login: async (call: RecordedCall) => {
        const { publicKey, organizationId } = call.body as { publicKey: string; organizationId: string }
        const claims = { exp: NOW / 1000 + 900, public_key: publicKey, organization_id: organizationId, user_id: 'user-ada' }
        return json({ session: await sessionToken(claims) })
      },
    })
    const kit = createKit(testKitOptions(fake.fetch, () => NOW))
    kits.push(kit)
    return { kit, fake }
  }

  it('signs in when the first lookup meets a 503 and the retry answers', async () => {
    const { kit, fake } = signingInKit([grpcError(14, 'unavailable', 503), json({ organizationId: 'org-ada' })])
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const { isNewUser } = await completeOtp(kit, { challenge, code: 'AB12CD' })
    expect(isNewUser).toBe(false)
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'account', 'otp_login'])
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('fails with the second failure when the retry fails too, without signing in', async () => {
    const { kit, fake } = signingInKit([new TypeError('offline'), new TypeError('still offline'), json({})])
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const error = await completeOtp(kit, { challenge, code: 'AB12CD' }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ code: 'PROXY_UNAVAILABLE', message: 'account: request failed (still offline)' })
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'account'])
    expect(kit.session.getSnapshot().status).not.toBe('signedIn')
  })
})
