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
export async function otpVerify({ tenant, body, state, tokens, now }: EndpointContext): Promise<OtpVerifyResponse> {
  const otpId = body.nonEmptyString('otpId')
  const otpCode = body.nonEmptyString('otpCode')
  const publicKey = body.compressedP256PublicKey('publicKey')

  const otp = state.otps[otpId]
  // Another tenant's OTP is as unknown as one that never existed.
  if (otp === undefined || otp.configId !== tenant.configId) {
    throw new MockError(5, `otpId: no OTP "${otpId}" for config id "${tenant.configId}"; request a code with otp_init`)
  }
  assertUsable(otp, now())

  if (!otpCodesMatch(otp.code, otpCode)) {
    otp.failedAttempts += 1
    if (otp.failedAttempts >= OTP_MAX_ATTEMPTS) {
      otp.status = 'burnt'
      throw new MockError(8, 'otpCode: too many wrong codes; request a new code')
    }
    const left = OTP_MAX_ATTEMPTS - otp.failedAttempts
    throw new MockError(3, `Invalid OTP code; ${left} ${left === 1 ? 'attempt' : 'attempts'} left`)
  }

  const issuedAt = now()
  const claims = {
    id: crypto.randomUUID(),
    contact: otp.contact,
    verification_type: otp.otpType,
    public_key: publicKey,
    exp: Math.floor(issuedAt / 1000) + VERIFICATION_TOKEN_LIFETIME_SECONDS,
  }
  const verificationToken = await tokens.sign(claims)
  // Signing awaited: a concurrent call with the same code may have used the OTP meanwhile.
  assertUsable(otp, now())
  otp.status = 'used'
  state.verificationTokens[claims.id] = {
    tokenId: claims.id,
    configId: tenant.configId,
    contact: otp.contact,
    verificationType: otp.otpType,
    publicKey,
    expiresAt: isoTime(claims.exp * 1000),
    usedFor: [],
  }
  return { verificationToken }
}

function assertUsable(otp: MockOtp, nowMs: number): void {
  if (otp.status === 'burnt') throw new MockError(8, 'otpCode: too many wrong codes; request a new code')
  if (otp.status === 'used') throw new MockError(9, 'otpId: this code was already used; request a new code')
  if (nowMs >= Date.parse(otp.expiresAt)) {
    throw new MockError(9, `otpId: this code expired at ${otp.expiresAt}; request a new code`)
  }
}
