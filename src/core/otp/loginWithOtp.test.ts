// How completeOtp names otp_verify's refusals (a rate limit, which says when to retry, apart from a
// code burnt by wrong guesses), how it rides out a transient failure of its account lookup, and how a
// retry after a failure that follows otp_verify resumes rather than spending the code again.
import { afterEach, describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../createKit'
import { KitError } from '../errors'
import { createMockAuthProxy } from '../../mock/handler'
import { kitOnMock } from '../test/kitOnMock'
import { fakeFetch, grpcError, json, type FakeAnswer, type FakeFetch, type RecordedCall } from '../test/fakeFetch'
import { testKitOptions } from '../test/testKitOptions'
import { sessionToken, signJwt } from '../test/tokens'
import { completeOtp } from './completeOtp'
import type { OtpChallenge } from './otpChallenge'
import { otpInitMaybeSent, startOtp } from './startOtp'

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
    const page = (headers: Record<string, string>) =>
      new Response('<html>Too Many Requests</html>', { status: 429, headers })
    expect(await verifyFailure(page({ 'Retry-After': '12' }))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 12,
    })
    expect(await verifyFailure(page({}))).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: undefined })
  })
})

describe('completeOtp: a wrong code', () => {
  it.each([
    ['Invalid OTP code; 4 attempts left', 4, 'That code is not right. Check it and try again. 4 attempts left.'],
    ['Invalid OTP code; 1 attempt left', 1, 'That code is not right. Check it and try again. 1 attempt left.'],
    ['Invalid OTP code; 0 attempts left', 0, 'That code is not right. Check it and try again. 0 attempts left.'],
  ] as const)('%s: attemptsLeft %i, and the count in the English userMessage', async (message, left, userMessage) => {
    const error = await verifyFailure(grpcError(3, message, 400))
    expect(error).toMatchObject({ code: 'OTP_CODE_INVALID', attemptsLeft: left, userMessage })
  })

  it('without a count in the proxy message: attemptsLeft undefined, the plain userMessage', async () => {
    const error = await verifyFailure(grpcError(3, 'Invalid OTP code', 400))
    expect(error).toMatchObject({
      code: 'OTP_CODE_INVALID',
      attemptsLeft: undefined,
      userMessage: 'That code is not right. Check it and try again.',
    })
  })

  it('is set only on a wrong code', async () => {
    const error = await verifyFailure(grpcError(9, 'otp expired; 4 attempts left', 400))
    expect(error).toMatchObject({ code: 'OTP_EXPIRED', attemptsLeft: undefined })
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
        const claims = {
          id: 'vt-1',
          contact: EMAIL,
          verification_type: 'OTP_TYPE_EMAIL',
          public_key: publicKey,
          exp: NOW / 1000 + 600,
        }
        return json({ verificationToken: await signJwt(claims) })
      },
      account,
      otp_login: async (call: RecordedCall) => {
        const { publicKey, organizationId } = call.body as { publicKey: string; organizationId: string }
        const claims = {
          exp: NOW / 1000 + 900,
          public_key: publicKey,
          organization_id: organizationId,
          user_id: 'user-ada',
        }
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
    expect(error).toMatchObject({
      code: 'PROXY_UNAVAILABLE',
      message: expect.stringMatching(/^account: no answer from \S+\/v1\/account \(still offline\)$/),
    })
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'account'])
    expect(kit.session.getSnapshot().status).not.toBe('signedIn')
  })
})

describe('completeOtp: resuming after a failure that follows otp_verify', () => {
  const EMAIL = 'ada@example.com'
  const TOKEN_LIFETIME_SECONDS = 600

  /**
   * A proxy of fake answers that remembers whether it processed a signup, so that a lookup after it
   * finds the account: enough to tell a lost answer from a request that never arrived.
   */
  function proxyKit(
    faults: { account?: FakeAnswer[]; signup?: 'lost-after-processing' | Response; otpLogin?: FakeAnswer[] } = {},
  ) {
    const clock = { now: NOW }
    let organizationId: string | undefined
    const signup: FakeAnswer = async () => {
      organizationId = 'org-new'
      if (faults.signup === 'lost-after-processing') throw new TypeError('connection reset')
      return json({ organizationId, userId: 'user-ada' })
    }
    const fake = fakeFetch({
      wallet_kit_config: json({ organizationId: 'org-parent' }),
      otp_init: json({ otpId: 'otp-1' }),
      otp_verify: async (call: RecordedCall) => {
        const { publicKey } = call.body as { publicKey: string }
        const claims = {
          id: 'vt-1',
          contact: EMAIL,
          verification_type: 'OTP_TYPE_EMAIL',
          public_key: publicKey,
          exp: clock.now / 1000 + TOKEN_LIFETIME_SECONDS,
        }
        return json({ verificationToken: await signJwt(claims) })
      },
      account: [...(faults.account ?? []), () => json(organizationId === undefined ? {} : { organizationId })],
      signup: faults.signup instanceof Response ? [faults.signup, signup] : signup,
      otp_login: [
        ...(faults.otpLogin ?? []),
        async (call: RecordedCall) => {
          const body = call.body as { publicKey: string; organizationId: string }
          const claims = {
            exp: clock.now / 1000 + 900,
            public_key: body.publicKey,
            organization_id: body.organizationId,
            user_id: 'user-ada',
          }
          return json({ session: await sessionToken(claims) })
        },
      ],
    })
    const kit = createKit(testKitOptions(fake.fetch, () => clock.now))
    kits.push(kit)
    return { kit, fake, clock }
  }

  /** completeOtp's failure and every challenge it reported on the way. */
  async function failingTry(kit: Kit, challenge: OtpChallenge, code = 'AB12CD') {
    const reported: OtpChallenge[] = []
    const error = await completeOtp(kit, { challenge, code, onProgress: (progress) => reported.push(progress) }).then(
      () => {
        throw new Error('expected a failure')
      },
      (e: unknown) => e,
    )
    return { error, reported, last: reported.at(-1) as OtpChallenge }
  }

  it('keeps the verification token after a failed lookup; the retry skips otp_verify and signs a new user up', async () => {
    // The lookup fails twice: the client's one retry of it too.
    const { kit, fake } = proxyKit({ account: [grpcError(14, 'unavailable', 503), new TypeError('offline')] })
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const { error, reported, last } = await failingTry(kit, challenge)
    expect(error).toMatchObject({ code: 'PROXY_UNAVAILABLE' })
    expect(reported).toHaveLength(1)
    expect(last).toMatchObject({ ...challenge, verificationExpiresAt: (NOW / 1000 + TOKEN_LIFETIME_SECONDS) * 1000 })
    expect(last.verificationToken).toEqual(expect.any(String))
    // The challenge given is left as it was.
    expect(challenge.verificationToken).toBeUndefined()

    fake.calls.length = 0
    // The code is spent: any string does now.
    const { isNewUser, session } = await completeOtp(kit, { challenge: last, code: '' })
    expect(fake.endpoints()).toEqual(['account', 'signup', 'otp_login'])
    expect(isNewUser).toBe(true)
    expect(session.organizationId).toBe('org-new')
  })

  it('given a signup the proxy processed but whose answer was lost, finds the account on the retry and never signs up twice', async () => {
    const { kit, fake } = proxyKit({ signup: 'lost-after-processing' })
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const { error, last } = await failingTry(kit, challenge)
    expect(error).toMatchObject({ code: 'PROXY_UNAVAILABLE' })
    expect(last).toMatchObject({ signupSent: true })
    expect(last.organizationId).toBeUndefined()

    fake.calls.length = 0
    const { isNewUser, session } = await completeOtp(kit, { challenge: last, code: '' })
    // The lookup finds what the lost signup made; the account is still new to this person.
    expect(fake.endpoints()).toEqual(['account', 'otp_login'])
    expect(isNewUser).toBe(true)
    expect(session.organizationId).toBe('org-new')
  })

  it('given a signup refused by a gateway before it arrived, signs up on the retry (the lookup finds nothing)', async () => {
    const { kit, fake } = proxyKit({ signup: new Response('<html>Bad gateway</html>', { status: 502 }) })
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const first = await failingTry(kit, challenge)
    expect(first.error).toMatchObject({ code: 'PROXY_UNAVAILABLE', status: 502 })
    // Fake: the 502 comes before the handler, so nothing was processed; the handler runs on the retry.
    fake.calls.length = 0
    const { isNewUser } = await completeOtp(kit, { challenge: first.last, code: '' })
    expect(fake.endpoints()).toEqual(['account', 'signup', 'otp_login'])
    expect(isNewUser).toBe(true)
  })

  it('given a failed otp_login, resumes at otp_login with the organization it knows', async () => {
    const { kit, fake } = proxyKit({ otpLogin: [grpcError(14, 'unavailable', 503)] })
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const { error, reported, last } = await failingTry(kit, challenge)
    expect(error).toMatchObject({ status: 503 })
    // Verified, signup sent, the organization known: each reported before the next request.
    expect(
      reported.map(({ verificationToken, signupSent, organizationId }) => [
        !!verificationToken,
        signupSent,
        organizationId,
      ]),
    ).toEqual([
      [true, undefined, undefined],
      [true, true, undefined],
      [true, true, 'org-new'],
    ])
    fake.calls.length = 0
    const { isNewUser } = await completeOtp(kit, { challenge: last, code: '' })
    expect(fake.endpoints()).toEqual(['otp_login'])
    expect(isNewUser).toBe(true)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('once the verification token has expired, refuses the retry with OTP_EXPIRED and no request', async () => {
    const { kit, fake, clock } = proxyKit({ otpLogin: [grpcError(14, 'unavailable', 503)] })
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    const { last } = await failingTry(kit, challenge)
    clock.now += TOKEN_LIFETIME_SECONDS * 1000
    fake.calls.length = 0
    await expect(completeOtp(kit, { challenge: last, code: '' })).rejects.toMatchObject({ code: 'OTP_EXPIRED' })
    expect(fake.endpoints()).toEqual([])
  })

  it("refuses a challenge whose progress is not completeOtp's, and an onProgress that is not a function", async () => {
    const { kit } = proxyKit()
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    await expect(completeOtp(kit, { challenge: { ...challenge, verificationToken: 'vt' }, code: '' })).rejects.toThrow(
      /completeOtp\(\{ challenge \}\)/,
    )
    await expect(
      completeOtp(kit, { challenge: { ...challenge, signupSent: 'yes' as never }, code: '' }),
    ).rejects.toThrow(/completeOtp\(\{ challenge \}\)/)
    await expect(completeOtp(kit, { challenge, code: 'AB12CD', onProgress: 'log' as never })).rejects.toThrow(
      /completeOtp\(\{ onProgress \}\)/,
    )
  })
})

// The current generation logs in with stamp_login, an activity the API client sends once more, stamp and
// all, when its answer is lost (the same bytes read the same activity): the answer is lost twice here.
const LOST_LOGINS = [
  { protocol: 'v1', endpoint: 'otp_login', calls: [1] },
  { protocol: 'v2', endpoint: 'submit/stamp_login', calls: [1, 2] },
] as const

describe.each(LOST_LOGINS)('completeOtp ($protocol): a log-in that went through but whose answer was lost', (lost) => {
  it('is OTP_EXPIRED on the retry (the proxy refuses the spent token): a new code signs in, with one account', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const { kit } = kitOnMock(proxy, { otpProtocol: lost.protocol })
    kits.push(kit)
    for (const call of lost.calls)
      proxy.faults.add({ endpoint: lost.endpoint, call, fault: { kind: 'drop', after: true } })
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' })
    let progress: OtpChallenge = challenge
    const code = proxy.outbox('ada@example.com')[0]?.code ?? ''
    const first = completeOtp(kit, { challenge, code, onProgress: (next) => (progress = next) })
    await expect(first).rejects.toMatchObject({ code: 'PROXY_UNAVAILABLE' })
    // The proxy made the session; the answer never came.
    expect(Object.keys(proxy.state.sessions)).toHaveLength(1)

    await expect(completeOtp(kit, { challenge: progress, code: '' })).rejects.toMatchObject({ code: 'OTP_EXPIRED' })
    expect(kit.session.getSnapshot().session).toBeNull()

    const again = await startOtp(kit, {
      otpType: 'OTP_TYPE_EMAIL',
      contact: 'ada@example.com',
      publicKey: challenge.publicKey,
    })
    const { session, isNewUser } = await completeOtp(kit, {
      challenge: again,
      code: proxy.outbox('ada@example.com')[0]?.code ?? '',
    })
    expect(isNewUser).toBe(false)
    expect(session.publicKey).toBe(challenge.publicKey)
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
  })
})

describe('otpInitMaybeSent: when a failed otp_init may still have sent the code', () => {
  it.each([
    ['no answer (a network failure)', new KitError('PROXY_UNAVAILABLE', 'x'), true],
    ['no answer in time', new KitError('PROXY_TIMEOUT', 'x'), true],
    ['a success it could not read (a cut body)', new KitError('PROXY_BAD_RESPONSE', 'x', { status: 200 }), true],
    ['a gateway page: nothing reached the proxy', new KitError('PROXY_UNAVAILABLE', 'x', { status: 503 }), false],
    ['an error page it could not read', new KitError('PROXY_BAD_RESPONSE', 'x', { status: 500 }), false],
    ['a refusal', new KitError('RATE_LIMITED', 'x', { status: 429 }), false],
    ['not a KitError', new Error('x'), false],
  ])('%s: %s', (_name, error, maybe) => {
    expect(otpInitMaybeSent(error)).toBe(maybe)
  })
})
