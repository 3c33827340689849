import { p256 } from '@noble/curves/nist.js'
import { afterEach, describe, expect, it } from 'vitest'
import { testKitOptions } from '../test/testKitOptions'
import { createKit, type Kit } from '../createKit'
import { fromHex, utf8 } from '../encoding'
import { KitError } from '../errors'
import { fakeFetch, json, type FakeAnswer, type FakeFetch, type RecordedCall } from '../test/fakeFetch'
import { sessionToken, signJwt } from '../test/tokens'
import type { ClientSignature } from '../types'
import { completeOtp } from './completeOtp'
import { loginWithOtp } from './loginWithOtp'
import { startOtp } from './startOtp'
import { cancelSmsOtp, completeSmsOtp, loginWithSmsOtp, startSmsOtp } from './smsOtp'

const NOW = Date.UTC(2030, 5, 1, 12)
const PHONE = '+447700900123'
const TOKEN_ID = 'vt-sms-1'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

function proxy(
  overrides: Record<string, FakeAnswer | FakeAnswer[]> = {},
  existingOrganization?: string,
): FakeFetch & { tokens: string[] } {
  const tokens: string[] = []
  const fake = fakeFetch({
    // What a tenant that sets nothing answers: a first code asks for it (its format).
    wallet_kit_config: json({ organizationId: 'org-parent' }),
    otp_init: json({ otpId: 'otp-sms' }),
    otp_verify: async (call: RecordedCall) => {
      const { publicKey } = call.body as { publicKey: string }
      const token = await signJwt({
        id: TOKEN_ID,
        contact: PHONE,
        verification_type: 'OTP_TYPE_SMS',
        public_key: publicKey,
        exp: NOW / 1000 + 600,
      })
      tokens.push(token)
      return json({ verificationToken: token })
    },
    account: json(existingOrganization === undefined ? {} : { organizationId: existingOrganization }),
    signup: json({ organizationId: 'org-sms', userId: 'user-sms' }),
    otp_login: async (call: RecordedCall) => {
      const { publicKey, organizationId } = call.body as { publicKey: string; organizationId: string }
      return json({
        session: await sessionToken({
          exp: NOW / 1000 + 900,
          public_key: publicKey,
          organization_id: organizationId,
          user_id: 'user-sms',
        }),
      })
    },
    ...overrides,
  })
  return Object.assign(fake, { tokens })
}

function kitOn(fake: FakeFetch): Kit {
  // The scripted answers are the seed's endpoints (testKitOptions says why).
  const kit = createKit(testKitOptions(fake.fetch, () => NOW))
  kits.push(kit)
  return kit
}

async function caught(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}

describe('SMS sign-in, given a new user', () => {
  it('looks the account up by PHONE_NUMBER and signs up with userPhoneNumber, signed by the challenge key', async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    const challenge = await startSmsOtp(kit, { phoneNumber: '+44 7700 900-123' })
    expect(challenge).toEqual({
      otpId: 'otp-sms',
      otpType: 'OTP_TYPE_SMS',
      contact: PHONE,
      phoneNumber: PHONE,
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      otpLength: 6,
      alphanumeric: true,
      sentAt: NOW,
      expiresAt: NOW + 300_000,
    })
    const { isNewUser, session } = await completeSmsOtp(kit, { challenge, code: 'ab12cd' })

    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'signup', 'otp_login'])
    const [, init, , account, signup] = fake.calls
    expect(init?.body).toEqual({ otpType: 'OTP_TYPE_SMS', contact: PHONE })
    expect(account?.body).toEqual({ filterType: 'PHONE_NUMBER', filterValue: PHONE, verificationToken: fake.tokens[0] })
    const signupBody = signup?.body as { userPhoneNumber: string; userEmail?: string; clientSignature: ClientSignature }
    expect(signupBody.userPhoneNumber).toBe(PHONE)
    expect(signupBody.userEmail).toBeUndefined()
    expect(signupBody.clientSignature.message).toBe(
      `{"signup":{"apiKeys":[],"authenticators":[],"oauthProviders":[],"phoneNumber":"${PHONE}"},"tokenId":"${TOKEN_ID}","type":"USAGE_TYPE_SIGNUP"}`,
    )
    const { signature, message } = signupBody.clientSignature
    expect(p256.verify(fromHex(signature), utf8(message), fromHex(challenge.publicKey), { lowS: false })).toBe(true)
    expect(isNewUser).toBe(true)
    expect(session).toMatchObject({ publicKey: challenge.publicKey, organizationId: 'org-sms' })
    // Who signed in: the number the code went to, in E.164, kept beside the session.
    expect(session.identity).toEqual({ method: 'sms', contact: PHONE })
  })
})

describe('SMS sign-in, given a returning user', () => {
  it('skips signup and logs into the known organization', async () => {
    const fake = proxy({}, 'org-known')
    const kit = kitOn(fake)
    const challenge = await loginWithSmsOtp.start(kit, { phoneNumber: PHONE })
    const result = await loginWithSmsOtp.complete(kit, { challenge, code: 'AB12CD' })
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'otp_login'])
    expect(result).toMatchObject({ isNewUser: false, session: { organizationId: 'org-known' } })
  })
})

describe('startSmsOtp', () => {
  it.each(['07700 900123', '+44 77', '+0447700900123', 'call me', ''])(
    'refuses %j with INVALID_PHONE before any call or key',
    async (phoneNumber) => {
      const fake = proxy()
      const kit = kitOn(fake)
      const error = await caught(startSmsOtp(kit, { phoneNumber }))
      expect(error.code).toBe('INVALID_PHONE')
      expect(error.message).toContain('is not a phone number in E.164 form, like +447700900123')
      expect(error.userMessage).toBe('Enter a valid phone number with its country code.')
      expect(fake.calls).toHaveLength(0)
      expect(await kit.keyStore.list()).toEqual([])
    },
  )

  it("sends exactly production's otp_init body, {otpType, contact}, and no email template", async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    const challenge = await startSmsOtp(kit, {
      phoneNumber: PHONE,
      config: { otpLength: '8', otpAlphanumeric: false },
      // Not in the SMS type, but an app's shared defaults may carry it: a template is an email's.
      ...({ emailCustomization: { templateId: 'login' } } as object),
    })
    expect(fake.calls[0]?.body).toStrictEqual({ otpType: 'OTP_TYPE_SMS', contact: PHONE })
    expect(challenge).toMatchObject({ otpLength: 8, alphanumeric: false })
  })

  it('given a rate limit, passes on when to retry and deletes the key it made', async () => {
    const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '23s' }
    const kit = kitOn(
      proxy({ otp_init: json({ code: 8, message: 'otp_init: too many codes', details: [retryInfo] }, 429) }),
    )
    const error = await caught(startSmsOtp(kit, { phoneNumber: PHONE }))
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 23, status: 429 })
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('refuses the SMS options that moved to the tenant, saying where, before any call', async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    const moved = { smsCustomization: { template: 'Demo code: {{.OtpCode}}' } } as object
    await expect(startSmsOtp(kit, { phoneNumber: PHONE, ...moved })).rejects.toThrow(
      "startSmsOtp({ smsCustomization }): production's otp_init takes no such option: the SMS text (mock tenant: smsTemplate) is the tenant's configuration, set in the proxy's dashboard",
    )
    await expect(
      startSmsOtp(kit, { phoneNumber: PHONE, ...({ userIdentifier: 'ip-hash' } as object) }),
    ).rejects.toThrow(/startSmsOtp\(\{ userIdentifier \}\): production's otp_init takes no such option/)
    await expect(startSmsOtp(kit, null as never)).rejects.toThrow(/startSmsOtp\(parameters\): expected an object/)
    expect(fake.calls).toHaveLength(0)
  })

  it('cancelSmsOtp deletes the abandoned key', async () => {
    const kit = kitOn(proxy())
    const challenge = await startSmsOtp(kit, { phoneNumber: PHONE })
    await cancelSmsOtp(kit, challenge)
    expect(await kit.keyStore.list()).toEqual([])
  })
})

describe('startOtp, shared by both channels', () => {
  it('sends an email its template id and nothing else, checked', async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    await loginWithOtp.start(kit, {
      otpType: 'OTP_TYPE_EMAIL',
      contact: 'ada@example.com',
      emailCustomization: { templateId: 't-1' },
    })
    expect(fake.calls[1]?.body).toStrictEqual({
      otpType: 'OTP_TYPE_EMAIL',
      contact: 'ada@example.com',
      emailCustomization: { templateId: 't-1' },
    })
    await expect(
      startOtp(kit, {
        otpType: 'OTP_TYPE_EMAIL',
        contact: 'ada@example.com',
        emailCustomization: { templateId: 7 as never },
      }),
    ).rejects.toThrow(/startOtp\(\{ emailCustomization.templateId \}\): expected a non-empty string, got 7/)
    await expect(startOtp(kit, { otpType: 'OTP_TYPE_FAX' as never, contact: '1' })).rejects.toThrow(
      /startOtp\(\{ otpType \}\)/,
    )
    // The config (asked for by the first code) and that code: the refused calls sent nothing.
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init'])
  })

  it('completes an SMS challenge through the shared completeOtp too', async () => {
    const fake = proxy({}, 'org-known')
    const kit = kitOn(fake)
    const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_SMS', contact: PHONE })
    await completeOtp(kit, { challenge, code: 'AB12CD' })
    expect(fake.calls[3]?.body).toMatchObject({ filterType: 'PHONE_NUMBER', filterValue: PHONE })
  })
})
