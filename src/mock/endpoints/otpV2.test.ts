// The current generation's codes against production's own crypto (@turnkey/crypto 2.12.0, what
// @turnkey/core 2.8.1 pins): its encryptOtpCodeToBundle seals the code to the mock's target, its
// verifyOtpVerificationToken accepts the mock's token, each given the mock's enclave key in place of
// production's, and without it refuses them.
import {
  PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY,
  encryptOtpCodeToBundle,
  verifyOtpVerificationToken,
} from '@turnkey/crypto'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTestClientKey, loginMessage, signupMessage, tokenIdOf } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { call, ok, setup, type Setup } from '../testing/harness'
import { DEMO_TENANT } from '../tenants'
import type { MockAuthProxy } from '../types'
import type { SignupRequest } from '../../core/types'

const EMAIL = 'ada@example.com'

async function sendCodeV2(proxy: MockAuthProxy, contact = EMAIL) {
  const answer = await ok<{ otpId: string; otpEncryptionTargetBundle: string }>(
    call(proxy, 'otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact }),
  )
  const code = proxy.outbox().find((message) => message.otpId === answer.otpId)?.code
  if (code === undefined) throw new Error('no outbox message for the otpId')
  return { ...answer, code }
}

/** As @turnkey/core 2.8.1's verifyOtp: a fresh client key, the code sealed to the bundle, otp_verify_v2. */
async function verifyV2({ proxy }: Setup, contact = EMAIL) {
  const key = await createTestClientKey()
  const { otpId, otpEncryptionTargetBundle, code } = await sendCodeV2(proxy, contact)
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    code,
    otpEncryptionTargetBundle,
    key.publicKey,
    proxy.enclaveSignerPublicKey,
  )
  const { verificationToken } = await ok<{ verificationToken: string }>(
    call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle }),
  )
  return { key, verificationToken, tokenId: tokenIdOf(verificationToken) }
}

describe('otp_init_v2', () => {
  it('sends the code and answers a bundle the enclave signs, whose target is a key of this code alone', async () => {
    const { proxy } = setup()
    const first = await sendCodeV2(proxy)
    const second = await sendCodeV2(proxy, 'grace@example.com')
    const bundle = JSON.parse(first.otpEncryptionTargetBundle) as Record<string, string>
    expect(bundle).toEqual({
      enclaveQuorumPublic: proxy.enclaveSignerPublicKey,
      dataSignature: expect.stringMatching(/^30[0-9a-f]+$/),
      data: expect.stringMatching(/^[0-9a-f]+$/),
    })
    const data = JSON.parse(Buffer.from(bundle['data'] ?? '', 'hex').toString('utf8')) as { targetPublic: string }
    expect(data.targetPublic).toMatch(/^04[0-9a-f]{128}$/)
    const other = JSON.parse(second.otpEncryptionTargetBundle) as Record<string, string>
    expect(other['data']).not.toBe(bundle['data'])
  })

  it("is refused by production's client unless it is told the mock's enclave key", async () => {
    const { proxy } = setup()
    const { otpEncryptionTargetBundle, code } = await sendCodeV2(proxy)
    const key = await createTestClientKey()
    await expect(encryptOtpCodeToBundle(code, otpEncryptionTargetBundle, key.publicKey)).rejects.toThrow(
      `expected signer key ${PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY} does not match`,
    )
  })

  it('checks the body as otp_init does, and changes nothing when it refuses', async () => {
    const { proxy } = setup()
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact: 'not an email' }),
      3,
      /^contact: /,
    )
  })

  it('uses the given enclave key, so that two mocks can share it', () => {
    const secret = '11'.repeat(32)
    const one = setup({ enclaveSecretKey: secret }).proxy
    const two = setup({ enclaveSecretKey: secret }).proxy
    expect(one.enclaveSignerPublicKey).toBe(two.enclaveSignerPublicKey)
    expect(setup().proxy.enclaveSignerPublicKey).not.toBe(setup().proxy.enclaveSignerPublicKey)
    expect(() => setup({ enclaveSecretKey: 'ff'.repeat(32) })).toThrow(/enclaveSecretKey: expected a P-256 private key/)
  })
})

describe('otp_verify_v2', () => {
  it("answers a token production's verifyOtpVerificationToken accepts, bound to the sealed key", async () => {
    const context = setup()
    const { key, verificationToken } = await verifyV2(context)
    const claims = await verifyOtpVerificationToken(verificationToken, context.proxy.enclaveSignerPublicKey)
    expect(claims).toEqual({
      id: expect.any(String),
      verification_type: 'OTP_TYPE_EMAIL',
      contact: EMAIL,
      organization_id: DEMO_TENANT.organizationId,
      public_key: key.publicKey,
      exp: String(context.clock.now() + 600_000),
    })
    expect(decodeProtectedHeader(verificationToken)).toEqual({ alg: 'ES256', typ: 'JWT' })
    // @turnkey/core decodes the payload with atob, which refuses base64url's - and _.
    expect(verificationToken.split('.')[1]).toMatch(/^[A-Za-z0-9]+$/)
    await expect(verifyOtpVerificationToken(verificationToken)).rejects.toThrow()
  })

  it('counts a wrong code against the tries, as otp_verify does, and burns the code at the fifth', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, otpEncryptionTargetBundle, code } = await sendCodeV2(proxy)
    const wrong = code === '000000' ? '111111' : '000000'
    const seal = (otpCode: string) =>
      encryptOtpCodeToBundle(otpCode, otpEncryptionTargetBundle, key.publicKey, proxy.enclaveSignerPublicKey)
    for (const left of [4, 3, 2, 1]) {
      const answer = await call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle: await seal(wrong) })
      expect(answer.body).toMatchObject({
        code: 3,
        message: `Invalid OTP code; ${left} attempt${left === 1 ? '' : 's'} left`,
      })
    }
    const fifth = await call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle: await seal(wrong) })
    expect(fifth.body).toMatchObject({ code: 8 })
    const right = await call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle: await seal(code) })
    expect(right.body).toMatchObject({ code: 8, message: 'otpCode: too many wrong codes; request a new code' })
  })

  it('refuses a replayed bundle once the code is used', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, otpEncryptionTargetBundle, code } = await sendCodeV2(proxy)
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      code,
      otpEncryptionTargetBundle,
      key.publicKey,
      proxy.enclaveSignerPublicKey,
    )
    await ok(call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle }))
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle }),
      9,
      'otpId: this code was already used; request a new code',
    )
  })

  it("refuses a bundle sealed to another code's target, and counts no try", async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const first = await sendCodeV2(proxy)
    const second = await sendCodeV2(proxy, 'grace@example.com')
    const sealedToSecond = await encryptOtpCodeToBundle(
      first.code,
      second.otpEncryptionTargetBundle,
      key.publicKey,
      proxy.enclaveSignerPublicKey,
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_verify_v2', { otpId: first.otpId, encryptedOtpBundle: sealedToSecond }),
      3,
      "encryptedOtpBundle: does not open with this code's target key (encrypted to another otpId's target, or altered)",
    )
  })

  it('refuses a bundle that is not the JSON of {encappedPublic, ciphertext}, or whose sealed key is not one', async () => {
    const { proxy } = setup()
    const { otpId, otpEncryptionTargetBundle, code } = await sendCodeV2(proxy)
    const send = (encryptedOtpBundle: string) => () => call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle })
    await expectRefused(proxy, send('{'), 3, /^encryptedOtpBundle: expected the JSON of \{encappedPublic, ciphertext\}/)
    await expectRefused(
      proxy,
      send(JSON.stringify({ encappedPublic: '02ab', ciphertext: '00'.repeat(32) })),
      3,
      /^encryptedOtpBundle\.encappedPublic: expected an uncompressed P-256 key/,
    )
    const notAKey = await encryptOtpCodeToBundle(
      code,
      otpEncryptionTargetBundle,
      'not-a-key',
      proxy.enclaveSignerPublicKey,
    )
    await expectRefused(
      proxy,
      send(notAKey),
      3,
      /^encryptedOtpBundle: the sealed public_key is not a compressed P-256 key/,
    )
  })

  it('keeps each generation to its own verify: no code otp_init_v2 sent is taken in plaintext, and back', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const v2 = await sendCodeV2(proxy)
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_verify', { otpId: v2.otpId, otpCode: v2.code, publicKey: key.publicKey }),
      3,
      `otpId: "${v2.otpId}" was sent by otp_init_v2, whose code is verified encrypted (otp_verify_v2), never in plaintext`,
    )
    const { otpId } = await ok<{ otpId: string }>(
      call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'grace@example.com' }),
    )
    const sealed = await encryptOtpCodeToBundle(
      v2.code,
      v2.otpEncryptionTargetBundle,
      key.publicKey,
      proxy.enclaveSignerPublicKey,
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_verify_v2', { otpId, encryptedOtpBundle: sealed }),
      3,
      `otpId: "${otpId}" was sent by otp_init, whose code is verified in plaintext (otp_verify); request a code with otp_init_v2`,
    )
  })
})

describe('a token of the current generation', () => {
  it('signs up (signup_v2) and logs in (otp_login_v2), each once, with the sealed key signing', async () => {
    const context = setup()
    const { proxy } = context
    const { key, verificationToken, tokenId } = await verifyV2(context)
    const request: SignupRequest = {
      userEmail: EMAIL,
      verificationToken,
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
    }
    const message = signupMessage(request, tokenId).replace('{"signup":', '{"signupV2":')
    const { organizationId } = await ok<{ organizationId: string }>(
      call(proxy, 'signup_v2', { ...request, clientSignature: await key.clientSignature(message) }),
    )
    const second = await verifyV2(context)
    const sessionKey = await createTestClientKey()
    const login = {
      verificationToken: second.verificationToken,
      publicKey: sessionKey.publicKey,
      clientSignature: await second.key.clientSignature(loginMessage(sessionKey.publicKey, second.tokenId)),
    }
    const { session } = await ok<{ session: string }>(call(proxy, 'otp_login_v2', login))
    expect(decodeJwt(session)).toMatchObject({ organization_id: organizationId, public_key: sessionKey.publicKey })
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_login_v2', login),
      16,
      'verificationToken: verification token already used (USAGE_TYPE_LOGIN); verify a new code',
    )
  })

  it('is refused by otp_login_v2 without a client signature, and once its milliseconds have passed', async () => {
    const context = setup()
    const { proxy, clock } = context
    const { verificationToken } = await verifyV2(context)
    const sessionKey = await createTestClientKey()
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_login_v2', { verificationToken, publicKey: sessionKey.publicKey }),
      3,
      'clientSignature: required by otp_login_v2, as {publicKey, scheme, message, signature}',
    )
    clock.advance(600_000)
    await expectRefused(
      proxy,
      () => call(proxy, 'account', { filterType: 'EMAIL', filterValue: EMAIL, verificationToken }),
      16,
      'verificationToken: expired; verify a new code',
    )
  })

  it("is refused when signed by another mock's enclave", async () => {
    const context = setup()
    const { verificationToken } = await verifyV2(context)
    const other = setup().proxy
    await expectRefused(
      other,
      () => call(other, 'account', { filterType: 'EMAIL', filterValue: EMAIL, verificationToken }),
      16,
      "verificationToken: signature does not verify with this proxy's enclave key; signed by another key, or altered",
    )
  })
})
