import type { OtpLoginResponse } from '../../core/types'
import { readClientSignature, verifyClientSignature } from '../clientSignature'
import { MockError } from '../http'
import { issueSession } from '../sessions'
import { findUserByContact } from '../state'
import { assertNotRedeemed, checkVerificationToken } from '../verificationTokens'
import type { EndpointContext } from './context'

/** Redeems a verification token (once, for USAGE_TYPE_LOGIN) for a session bound to `publicKey`. */
export async function otpLogin(context: EndpointContext): Promise<OtpLoginResponse> {
  const { tenant, body, state, tokens } = context
  const verificationToken = body.nonEmptyString('verificationToken')
  const publicKey = body.compressedP256PublicKey('publicKey')
  const invalidateExisting = body.optionalBoolean('invalidateExisting') ?? false
  const organizationId = body.optionalString('organizationId')
  const clientSignature = readClientSignature(body)

  const { claims, record } = await checkVerificationToken(tokens, state, tenant, verificationToken)
  assertNotRedeemed(record, 'USAGE_TYPE_LOGIN')
  verifyClientSignature({
    signature: clientSignature,
    claims,
    usage: 'USAGE_TYPE_LOGIN',
    // The request's value as sent: the client signed what it sent.
    expected: { publicKey: body.value('publicKey') },
  })
  const user = findUserByContact(state, tenant, claims.contact, claims.verification_type)
  if (user === undefined) {
    throw new MockError(
      5,
      `verificationToken: no account for ${claims.contact}; sign up first (signup with this token)`,
    )
  }
  if (organizationId !== undefined && organizationId !== user.organizationId) {
    throw new MockError(
      5,
      `organizationId: the account for ${claims.contact} is not in organization "${organizationId}"`,
    )
  }

  return issueSession(context, {
    user,
    publicKey,
    invalidateExisting,
    redeem: () => {
      // Signing awaited: a concurrent login may have redeemed the token meanwhile.
      assertNotRedeemed(record, 'USAGE_TYPE_LOGIN')
      record.usedFor.push('USAGE_TYPE_LOGIN')
    },
  })
}

/**
 * POST /v1/otp_login_v2, as @turnkey/core 2.0 to 2.5 log in (2.7 and later use the public API's
 * stamp_login with an attested stamp): otp_login, with production's client signature required in its
 * object form, for a token of either generation.
 */
export function otpLoginV2(context: EndpointContext): Promise<OtpLoginResponse> {
  const { body } = context
  const value = body.value('clientSignature')
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MockError(
      3,
      `${body.name('clientSignature')}: required by otp_login_v2, as {publicKey, scheme, message, signature}`,
    )
  }
  return otpLogin(context)
}
