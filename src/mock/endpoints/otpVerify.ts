import type { OtpVerifyResponse } from '../../core/types'
import { MockError } from '../http'
import { OTP_MAX_ATTEMPTS, otpCodesMatch } from '../otp'
import { VERIFICATION_TOKEN_LIFETIME_SECONDS } from '../tokens'
import type { MockOtp } from '../types'
import { isoTime, type EndpointContext } from './context'

/**
 * Checks a code and answers a verification token bound to `publicKey`. The error codes are part of the
 * contract (the kit tells the user what to do from them): a wrong code with attempts left is 3, the fifth
 * wrong code burns the OTP (8), an expired or used OTP is 9, an unknown otpId is 5. A wrong code's
 * message starts with production's "Invalid OTP code", which production's client matches on.
 */
export async function otpVerify(context: EndpointContext): Promise<OtpVerifyResponse> {
  const { body, tokens, now } = context
  const otpId = body.nonEmptyString('otpId')
  const otpCode = body.nonEmptyString('otpCode')
  const publicKey = body.compressedP256PublicKey('publicKey')

  const otp = findOtp(context, otpId, 'otp_init')
  if (otp.target !== undefined) {
    throw new MockError(
      3,
      `otpId: "${otpId}" was sent by otp_init_v2, whose code is verified encrypted (otp_verify_v2), never in plaintext`,
    )
  }
  assertUsable(otp, now())
  checkCode(otp, otpCode)

  const issuedAt = now()
  const expiresAt = issuedAt + VERIFICATION_TOKEN_LIFETIME_SECONDS * 1000
  const claims = {
    id: crypto.randomUUID(),
    contact: otp.contact,
    verification_type: otp.otpType,
    public_key: publicKey,
    exp: Math.floor(expiresAt / 1000),
  }
  return issueVerificationToken(context, otp, { id: claims.id, publicKey, expiresAt }, () => tokens.sign(claims))
}

/**
 * What otp_verify and otp_verify_v2 do once the code is right: `sign` makes the token (each generation
 * its own way), then the code is spent and the token recorded for the tenant, to be redeemed once per
 * usage. The OTP is checked again after signing: a concurrent call with the same code may have used it
 * meanwhile.
 */
export async function issueVerificationToken(
  { tenant, state, now }: EndpointContext,
  otp: MockOtp,
  token: { id: string; publicKey: string; expiresAt: number },
  sign: () => Promise<string>,
): Promise<{ verificationToken: string }> {
  const verificationToken = await sign()
  assertUsable(otp, now())
  otp.status = 'used'
  state.verificationTokens[token.id] = {
    tokenId: token.id,
    configId: tenant.configId,
    contact: otp.contact,
    verificationType: otp.otpType,
    publicKey: token.publicKey,
    expiresAt: isoTime(token.expiresAt),
    usedFor: [],
  }
  return { verificationToken }
}

/** The tenant's OTP `otpId`: another tenant's is as unknown as one that never existed (5). `init` says where to get one. */
export function findOtp({ tenant, state }: EndpointContext, otpId: string, init: 'otp_init' | 'otp_init_v2'): MockOtp {
  const otp = state.otps[otpId]
  if (otp === undefined || otp.configId !== tenant.configId) {
    throw new MockError(5, `otpId: no OTP "${otpId}" for config id "${tenant.configId}"; request a code with ${init}`)
  }
  return otp
}

/**
 * Counts a wrong code against the OTP's tries: 3 with the tries left (production's "Invalid OTP code",
 * which its client matches on), 8 when the fifth burns it.
 */
export function checkCode(otp: MockOtp, otpCode: string): void {
  if (otpCodesMatch(otp.code, otpCode)) return
  otp.failedAttempts += 1
  if (otp.failedAttempts >= OTP_MAX_ATTEMPTS) {
    otp.status = 'burnt'
    throw new MockError(8, 'otpCode: too many wrong codes; request a new code')
  }
  const left = OTP_MAX_ATTEMPTS - otp.failedAttempts
  throw new MockError(3, `Invalid OTP code; ${left} ${left === 1 ? 'attempt' : 'attempts'} left`)
}

export function assertUsable(otp: MockOtp, nowMs: number): void {
  if (otp.status === 'burnt') throw new MockError(8, 'otpCode: too many wrong codes; request a new code')
  if (otp.status === 'used') throw new MockError(9, 'otpId: this code was already used; request a new code')
  if (nowMs >= Date.parse(otp.expiresAt)) {
    throw new MockError(9, `otpId: this code expired at ${otp.expiresAt}; request a new code`)
  }
}
