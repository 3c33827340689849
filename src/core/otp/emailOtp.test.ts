import { p256 } from '@noble/curves/nist.js'
import type { ProxyTInitOtpBody, v1ProxyEmailCustomizationParams } from '@turnkey/sdk-types'
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import { createKit, type Kit, type KitOptions } from '../createKit'
import { fromHex, utf8 } from '../encoding'
import { KitError } from '../errors'
import { fakeFetch, grpcError, hang, json, type FakeAnswer, type FakeFetch, type RecordedCall } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { testKitOptions } from '../test/testKitOptions'
import { sessionToken, signJwt } from '../test/tokens'
import type { ClientSignature, EmailCustomization, OtpInitRequest } from '../types'
import { cancelEmailOtp, completeEmailOtp, loginWithEmailOtp, startEmailOtp } from './emailOtp'
import { ASSUMED_OTP_LIFETIME_SECONDS } from './otpChallenge'
import { logout } from '../session/logout'

const NOW = Date.UTC(2030, 5, 1, 12)
const EMAIL = 'ada@example.com'
const ORG = 'org-ada'
const TOKEN_ID = 'vt-0001'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

/** The proxy's side of the flow, scripted: a fresh verification token and session for whatever key is sent. */
function proxy(
  overrides: Record<string, FakeAnswer | FakeAnswer[]> = {},
  { existingOrganization }: { existingOrganization?: string } = {},
): FakeFetch & { verificationTokens: string[] } {
  const verificationTokens: string[] = []
  const fake = fakeFetch({
    // What a tenant that sets nothing answers: a first code asks for it (its format).
    wallet_kit_config: json({ organizationId: 'org-parent' }),
    otp_init: json({ otpId: 'otp-1' }),
    otp_verify: async (call: RecordedCall) => {
      const { publicKey } = call.body as { publicKey: string }
      const verificationToken = await signJwt({
        id: TOKEN_ID,
        contact: EMAIL,
        verification_type: 'OTP_TYPE_EMAIL',
        public_key: publicKey,
        exp: NOW / 1000 + 600,
      })
      verificationTokens.push(verificationToken)
      return json({ verificationToken })
    },
    account: json(existingOrganization === undefined ? {} : { organizationId: existingOrganization }),
    signup: json({ organizationId: ORG, userId: 'user-ada' }),
    otp_login: async (call: RecordedCall) => {
      const { publicKey, organizationId } = call.body as { publicKey: string; organizationId: string }
      const session = await sessionToken({
        exp: NOW / 1000 + 900,
        public_key: publicKey,
        organization_id: organizationId,
        user_id: 'user-ada',
      })
      return json({ session })
    },
    ...overrides,
  })
  return Object.assign(fake, { verificationTokens })
}

function kitOn(fake: FakeFetch, options: Partial<KitOptions> = {}): Kit {
  const kit = createKit({
    ...testKitOptions(fake.fetch, () => NOW),
    ...options,
  })
  kits.push(kit)
  return kit
}

function verifies(signature: ClientSignature, publicKey: string): boolean {
  return p256.verify(fromHex(signature.signature), utf8(signature.message), fromHex(publicKey), { lowS: false })
}

async function caught(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}

describe('given a new user', () => {
  it('runs otp_init, otp_verify, account, signup, otp_login, in that order and nothing else, then stores the session', async () => {
    const fake = proxy()
    const kit = kitOn(fake)

    const challenge = await startEmailOtp(kit, { email: EMAIL })
    const { session, isNewUser } = await completeEmailOtp(kit, { challenge, code: 'ab 12-cd' })

    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'signup', 'otp_login'])
    const [, init, verify, account, signup, login] = fake.calls
    const publicKey = challenge.publicKey

    expect(init?.body).toEqual({ otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    expect(verify?.body).toEqual({ otpId: 'otp-1', otpCode: 'AB12CD', publicKey })
    expect(fake.verificationTokens).toHaveLength(1)
    const verificationToken = fake.verificationTokens[0]
    expect(account?.body).toEqual({ filterType: 'EMAIL', filterValue: EMAIL, verificationToken })

    const signupBody = signup?.body as Record<string, unknown> & { clientSignature: ClientSignature }
    expect(signupBody).toEqual({
      userEmail: EMAIL,
      verificationToken,
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      clientSignature: {
        publicKey,
        scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
        message: `{"signup":{"apiKeys":[],"authenticators":[],"oauthProviders":[],"email":"${EMAIL}"},"tokenId":"${TOKEN_ID}","type":"USAGE_TYPE_SIGNUP"}`,
        signature: expect.stringMatching(/^[0-9a-f]{128}$/),
      },
    })
    expect(verifies(signupBody.clientSignature, publicKey)).toBe(true)

    const loginBody = login?.body as Record<string, unknown> & { clientSignature: ClientSignature }
    expect(loginBody).toEqual({
      verificationToken,
      publicKey,
      organizationId: ORG,
      clientSignature: {
        publicKey,
        scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
        message: `{"login":{"publicKey":"${publicKey}"},"tokenId":"${TOKEN_ID}","type":"USAGE_TYPE_LOGIN"}`,
        signature: expect.stringMatching(/^[0-9a-f]{128}$/),
      },
    })
    expect(verifies(loginBody.clientSignature, publicKey)).toBe(true)

    expect(isNewUser).toBe(true)
    expect(session).toMatchObject({ publicKey, organizationId: ORG, userId: 'user-ada', expiresAt: NOW + 900_000 })
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session })
    for (const call of fake.calls) {
      expect(call.method).toBe('POST')
      expect(call.headers['x-auth-proxy-config-id']).toBe('demo')
    }
  })
})

describe('who signed in, and the wallet', () => {
  it('keeps the email the code went to as the session identity, here and after a reload', async () => {
    const fake = proxy()
    const storage = fakeStorage()
    const kit = kitOn(fake, { storage })
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    const { session } = await completeEmailOtp(kit, { challenge, code: 'AB12CD' })
    expect(session.identity).toEqual({ method: 'email', contact: EMAIL })

    const reloaded = kitOn(fake, { storage, keyStore: kit.keyStore })
    await reloaded.session.ready
    expect(reloaded.session.getSnapshot().session?.identity).toEqual({ method: 'email', contact: EMAIL })
  })

  it("sends the app's wallet with the signup, outside the signed usage message", async () => {
    const fake = proxy()
    const wallet = {
      walletName: 'Main',
      accounts: [
        {
          curve: 'CURVE_SECP256K1' as const,
          pathFormat: 'PATH_FORMAT_BIP32' as const,
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM' as const,
        },
        {
          curve: 'CURVE_ED25519' as const,
          pathFormat: 'PATH_FORMAT_BIP32' as const,
          path: "m/44'/501'/0'/0'",
          addressFormat: 'ADDRESS_FORMAT_SOLANA' as const,
        },
      ],
    }
    const kit = kitOn(fake, { wallet })
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    await completeEmailOtp(kit, { challenge, code: 'AB12CD' })
    const signupBody = fake.calls[4]?.body as Record<string, unknown> & { clientSignature: ClientSignature }
    expect(signupBody.wallet).toEqual(wallet)
    expect(signupBody.clientSignature.message).toBe(
      `{"signup":{"apiKeys":[],"authenticators":[],"oauthProviders":[],"email":"${EMAIL}"},"tokenId":"${TOKEN_ID}","type":"USAGE_TYPE_SIGNUP"}`,
    )
  })
})

describe('given a returning user', () => {
  it('skips signup and logs into the known organization', async () => {
    const fake = proxy({}, { existingOrganization: 'org-existing' })
    const kit = kitOn(fake)

    const challenge = await loginWithEmailOtp.start(kit, { email: EMAIL })
    const result = await loginWithEmailOtp.complete(kit, { challenge, code: 'AB12CD' })

    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'otp_login'])
    expect(fake.calls[4]?.body).toMatchObject({ publicKey: challenge.publicKey, organizationId: 'org-existing' })
    expect(
      verifies((fake.calls[4]?.body as { clientSignature: ClientSignature }).clientSignature, challenge.publicKey),
    ).toBe(true)
    expect(result.isNewUser).toBe(false)
    expect(result.session.organizationId).toBe('org-existing')
  })
})

describe('startEmailOtp', () => {
  it('refuses an invalid email with INVALID_EMAIL before any call or key', async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    const error = await caught(startEmailOtp(kit, { email: 'ada@example' }))
    expect(error.code).toBe('INVALID_EMAIL')
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('trims the email and returns the challenge with defaults and expiry from kit.now()', async () => {
    const kit = kitOn(proxy())
    const challenge = await startEmailOtp(kit, { email: `  ${EMAIL} ` })
    expect(challenge).toEqual({
      otpId: 'otp-1',
      otpType: 'OTP_TYPE_EMAIL',
      contact: EMAIL,
      email: EMAIL,
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      otpLength: 6,
      alphanumeric: true,
      sentAt: NOW,
      expiresAt: NOW + 300_000,
    })
    expect(await kit.keyStore.has(challenge.publicKey)).toBe(true)
  })

  it("types its otp_init body as production's ProxyTInitOtpBody, and its template choice as production's", () => {
    expectTypeOf<OtpInitRequest>().toExtend<ProxyTInitOtpBody>()
    expectTypeOf<EmailCustomization>().toEqualTypeOf<v1ProxyEmailCustomizationParams>()
    expectTypeOf<keyof OtpInitRequest>().toEqualTypeOf<keyof ProxyTInitOtpBody>()
  })

  it("sends exactly production's otp_init body: {otpType, contact}", async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    await startEmailOtp(kit, { email: EMAIL })
    expect(fake.calls[1]?.body).toStrictEqual({ otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
  })

  it('adds emailCustomization with the templateId the app picks, and nothing else', async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    await startEmailOtp(kit, { email: EMAIL, emailCustomization: { templateId: 'login-v2' } })
    expect(fake.calls[1]?.body).toStrictEqual({
      otpType: 'OTP_TYPE_EMAIL',
      contact: EMAIL,
      emailCustomization: { templateId: 'login-v2' },
    })
    // An emailCustomization without a template says nothing, so nothing is sent for it.
    await startEmailOtp(kit, { email: EMAIL, emailCustomization: {} })
    expect(fake.calls[2]?.body).toStrictEqual({ otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
  })

  it("takes the code's format from the tenant's config, and sends none of it", async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    const challenge = await startEmailOtp(kit, { email: EMAIL, config: { otpLength: '8', otpAlphanumeric: false } })
    expect(fake.calls[0]?.body).toStrictEqual({ otpType: 'OTP_TYPE_EMAIL', contact: EMAIL })
    expect(challenge).toMatchObject({
      otpLength: 8,
      alphanumeric: false,
      expiresAt: NOW + ASSUMED_OTP_LIFETIME_SECONDS * 1000,
    })
    // A production config may leave either field out: WIRE.md's defaults.
    expect(await startEmailOtp(kit, { email: EMAIL, config: {} })).toMatchObject({ otpLength: 6, alphanumeric: true })
  })

  it("then checks a code against the tenant's format before the network", async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    const challenge = await startEmailOtp(kit, { email: EMAIL, config: { otpLength: '8', otpAlphanumeric: false } })
    const error = await caught(completeEmailOtp(kit, { challenge, code: 'ABC123' }))
    expect(error.code).toBe('OTP_CODE_FORMAT')
    expect(error.message).toContain('the code must be 8 digits')
    expect(fake.calls).toHaveLength(1)
  })

  it.each([
    [
      { otpLength: 8 },
      "startEmailOtp({ otpLength }): production's otp_init takes no such option: the code's length (wallet_kit_config otpLength: pass config) is the tenant's configuration",
    ],
    [
      { alphanumeric: false },
      "startEmailOtp({ alphanumeric }): production's otp_init takes no such option: the code's alphabet",
    ],
    [
      { expirationSeconds: 120 },
      "startEmailOtp({ expirationSeconds }): production's otp_init takes no such option: the code's lifetime (mock tenant: otpExpirationSeconds)",
    ],
    [{ sendFromEmailAddress: 'noreply@app.test' }, 'startEmailOtp({ sendFromEmailAddress }): production'],
    [
      { replyToEmailAddress: 'help@app.test' },
      "the reply-to address (mock tenant: emailReplyToAddress) is the tenant's configuration, set in the proxy's dashboard",
    ],
    [{ userIdentifier: 'ip-1' }, 'startEmailOtp({ userIdentifier }): production'],
    [
      { emailCustomization: { appName: 'Demo', templateId: 't' } },
      "startEmailOtp({ emailCustomization.appName }): production's otp_init takes no such option: the app name (mock tenant: appName)",
    ],
    [{ emailCustomization: { logoUrl: 'https://app.test/logo.png' } }, 'startEmailOtp({ emailCustomization.logoUrl })'],
    [
      { emailCustomization: { colour: 'blue' } },
      "startEmailOtp({ emailCustomization.colour }): emailCustomization takes only templateId, as production's otp_init does",
    ],
    [
      { emailCustomization: { templateId: '' } },
      'startEmailOtp({ emailCustomization.templateId }): expected a non-empty string, got ""',
    ],
    [{ emailCustomization: 'login' }, 'startEmailOtp({ emailCustomization }): expected an object, got "login"'],
    [
      { config: { otpLength: 8 } },
      'startEmailOtp({ config.otpLength }): expected a decimal string from "1" to "64", as wallet_kit_config gives it, got 8',
    ],
    [{ config: { otpLength: '0' } }, 'startEmailOtp({ config.otpLength }): expected a decimal string'],
    [
      { config: { otpAlphanumeric: 'no' } },
      'startEmailOtp({ config.otpAlphanumeric }): expected a boolean, as wallet_kit_config gives it, got "no"',
    ],
  ])('refuses %j before any call or key, naming it (an option that moved says where to)', async (options, message) => {
    const fake = proxy()
    const kit = kitOn(fake)
    const error = await caught(startEmailOtp(kit, { email: EMAIL, ...(options as object) }))
    expect(error.code).toBe('CONFIG_INVALID')
    expect(error.message).toContain(message)
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('reuses the previous challenge key on resend instead of making another', async () => {
    const kit = kitOn(proxy())
    const first = await startEmailOtp(kit, { email: EMAIL })
    const resent = await startEmailOtp(kit, { email: 'other@example.com', publicKey: first.publicKey })
    expect(resent.publicKey).toBe(first.publicKey)
    expect(await kit.keyStore.list()).toEqual([first.publicKey])
  })

  it('makes a new key when the given one is not held', async () => {
    const kit = kitOn(proxy())
    const absent = `02${'77'.repeat(32)}`
    const challenge = await startEmailOtp(kit, { email: EMAIL, publicKey: absent })
    expect(challenge.publicKey).not.toBe(absent)
    expect(await kit.keyStore.has(challenge.publicKey)).toBe(true)
  })

  it('deletes the key it made when otp_init fails, and passes the error on', async () => {
    const kit = kitOn(proxy({ otp_init: grpcError(8, 'too many codes for this contact', 429) }))
    const error = await caught(startEmailOtp(kit, { email: EMAIL }))
    expect(error.code).toBe('RATE_LIMITED')
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('keeps a reused key when otp_init fails', async () => {
    const fake = proxy({ otp_init: [json({ otpId: 'otp-1' }), new TypeError('Failed to fetch')] })
    const kit = kitOn(fake)
    const first = await startEmailOtp(kit, { email: EMAIL })
    const error = await caught(startEmailOtp(kit, { email: EMAIL, publicKey: first.publicKey }))
    expect(error.code).toBe('PROXY_UNAVAILABLE')
    expect(await kit.keyStore.list()).toEqual([first.publicKey])
  })

  it('refuses bad options with labelled errors before any call', async () => {
    const fake = proxy()
    const kit = kitOn(fake)
    await expect(startEmailOtp(kit, { email: EMAIL, config: { otpLength: '' } })).rejects.toThrow(
      /startEmailOtp\(\{ config.otpLength \}\)/,
    )
    await expect(startEmailOtp(kit, { email: EMAIL, publicKey: 'xyz' })).rejects.toThrow(
      /startEmailOtp\(\{ publicKey \}\)/,
    )
    await expect(startEmailOtp({} as Kit, { email: EMAIL })).rejects.toThrow(/startEmailOtp\(kit\): expected a kit/)
    expect(fake.calls).toHaveLength(0)
  })

  it('is ABORTED when the caller aborts', async () => {
    const kit = kitOn(proxy({ otp_init: hang }))
    const controller = new AbortController()
    const pending = caught(startEmailOtp(kit, { email: EMAIL, signal: controller.signal }))
    setTimeout(() => controller.abort(), 0)
    expect((await pending).code).toBe('ABORTED')
    expect(await kit.keyStore.list()).toEqual([])
  })
})

describe('completeEmailOtp', () => {
  it.each([
    ['an incomplete code', 'AB12'],
    ['a code with characters outside the alphabet', 'AB12C!'],
    ['a code that is too long', 'AB12CDE'],
  ])('refuses %s with OTP_CODE_FORMAT before the network', async (_what, code) => {
    const fake = proxy()
    const kit = kitOn(fake)
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    const error = await caught(completeEmailOtp(kit, { challenge, code }))
    expect(error.code).toBe('OTP_CODE_FORMAT')
    expect(error.message).toContain('6 letters and digits')
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init'])
  })

  it.each([
    [3, 400, 'otpCode: wrong code, 4 attempts left', 'OTP_CODE_INVALID'],
    [8, 429, 'too many wrong codes; request a new code', 'OTP_ATTEMPTS_EXCEEDED'],
    [9, 400, 'otp expired', 'OTP_EXPIRED'],
    [5, 404, 'otpId: no such otp', 'OTP_EXPIRED'],
  ] as const)(
    'maps otp_verify gRPC %i to %s, keeping the proxy message, and keeps the key for a retry',
    async (grpc, status, message, code) => {
      const fake = proxy({ otp_verify: grpcError(grpc, message, status) })
      const kit = kitOn(fake)
      const challenge = await startEmailOtp(kit, { email: EMAIL })

      const error = await caught(completeEmailOtp(kit, { challenge, code: 'AB12CD' }))

      expect(error.code).toBe(code)
      expect(error.message).toBe(`otp_verify: ${message} (HTTP ${status})`)
      expect(error.status).toBe(status)
      expect(error.proxy).toEqual({ code: grpc, message, details: [] })
      expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify'])
      expect(await kit.keyStore.has(challenge.publicKey)).toBe(true)
      expect(kit.session.getSnapshot().status).not.toBe('signedIn')
    },
  )

  it('passes other otp_verify errors on unchanged', async () => {
    const kit = kitOn(proxy({ otp_verify: grpcError(16, 'nope', 401) }))
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    expect((await caught(completeEmailOtp(kit, { challenge, code: 'AB12CD' }))).code).toBe('UNAUTHENTICATED')
  })

  it('stops at a failing signup: no login, no session', async () => {
    const fake = proxy({ signup: grpcError(16, 'signup: verification token already used', 401) })
    const kit = kitOn(fake)
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    expect((await caught(completeEmailOtp(kit, { challenge, code: 'AB12CD' }))).code).toBe('UNAUTHENTICATED')
    expect(fake.endpoints()).toEqual(['wallet_kit_config', 'otp_init', 'otp_verify', 'account', 'signup'])
    await kit.session.ready
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('refuses a session from otp_login bound to another key (SESSION_KEY_MISMATCH)', async () => {
    const other = `02${'99'.repeat(32)}`
    const kit = kitOn(
      proxy(
        { otp_login: json({ session: await sessionToken({ exp: NOW / 1000 + 900, public_key: other }) }) },
        { existingOrganization: ORG },
      ),
    )
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    expect((await caught(completeEmailOtp(kit, { challenge, code: 'AB12CD' }))).code).toBe('SESSION_KEY_MISMATCH')
  })

  it('refuses a challenge that is not one', async () => {
    const kit = kitOn(proxy())
    await expect(completeEmailOtp(kit, { challenge: {} as never, code: 'AB12CD' })).rejects.toThrow(
      /completeEmailOtp\(\{ challenge \}\): expected the challenge returned by startEmailOtp/,
    )
  })
})

describe('cancelEmailOtp', () => {
  it('deletes an abandoned challenge key', async () => {
    const kit = kitOn(proxy())
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    await cancelEmailOtp(kit, challenge)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('never deletes the key of the current session', async () => {
    const kit = kitOn(proxy({}, { existingOrganization: ORG }))
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    await completeEmailOtp(kit, { challenge, code: 'AB12CD' })
    await cancelEmailOtp(kit, challenge)
    expect(await kit.keyStore.has(challenge.publicKey)).toBe(true)
  })
})

describe('logout', () => {
  it('signs out and deletes the session key', async () => {
    const kit = kitOn(proxy({}, { existingOrganization: ORG }))
    const challenge = await startEmailOtp(kit, { email: EMAIL })
    await completeEmailOtp(kit, { challenge, code: 'AB12CD' })

    await logout(kit)

    expect(kit.session.getSnapshot().status).toBe('signedOut')
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('refuses something that is not a kit', async () => {
    await expect(logout(null as unknown as Kit)).rejects.toThrow(/logout\(kit\): expected a kit/)
  })
})
