import type { OtpLoginResponse } from '../../core/types'
import { readClientSignature, verifyClientSignature } from '../clientSignature'
import { MockError } from '../http'
import { findUserByContact } from '../state'
import { assertNotRedeemed, checkVerificationToken } from '../verificationTokens'
import type { MockSession } from '../types'
import { isoTime, type EndpointContext } from './context'

/** Redeems a verification token (once, for USAGE_TYPE_LOGIN) for a session bound to `publicKey`. */
export async function otpLogin({ tenant, body, state, tokens, now }: EndpointContext): Promise<OtpLoginResponse> {
  const verificationToken = body.nonEmptyString('verificationToken')
  const publicKey = body.compressedP256PublicKey('publicKey')
  const invalidateExisting = body.optionalBoolean('invalidateExisting') ?? false
  const organizationId = body.optionalString('organizationId')
  const clientSignature = readClientSignature(body)

  const { claims, record } = await checkVerificationToken(tokens, state, tenant, verificationToken)
  assertNotRedeemed(record, 'USAGE_TYPE_LOGIN')
  verifyClientSignature({
    signature: clientSignature,
    token: verificationToken,
    claims,
    usage: 'USAGE_TYPE_LOGIN',
    // The request's value as sent: the client signed what it sent.
    expected: { publicKey: body.object['publicKey'] },
  })
  const user = findUserByContact(state, tenant, claims.contact, claims.verification_type)
  if (user === undefined) {
    throw new MockError(5, `verificationToken: no account for ${claims.contact}; sign up first (signup with this token)`)
  }
  if (organizationId !== undefined && organizationId !== user.organizationId) {
    throw new MockError(5, `organizationId: the account for ${claims.contact} is not in organization "${organizationId}"`)
  }

  const issuedAt = now()
  const session: MockSession = {
    sessionId: crypto.randomUUID(),
    configId: tenant.configId,
    userId: user.userId,
    organizationId: user.organizationId,
    publicKey,
    createdAt: isoTime(issuedAt),
    expiresAt: isoTime((Math.floor(issuedAt / 1000) + tenant.sessionExpirationSeconds) * 1000),
  }
  const token = await tokens.sign({
    jti: session.sessionId,
    exp: Math.floor(issuedAt / 1000) + tenant.sessionExpirationSeconds,
    public_key: publicKey,
    session_type: 'SESSION_TYPE_READ_WRITE',
    user_id: user.userId,
    organization_id: user.organizationId,
  })
  // Signing awaited: a concurrent login may have redeemed the token meanwhile.
  assertNotRedeemed(record, 'USAGE_TYPE_LOGIN')
  record.usedFor.push('USAGE_TYPE_LOGIN')
  if (invalidateExisting) {
    for (const existing of Object.values(state.sessions)) {
      if (existing.userId === user.userId && existing.revokedAt === undefined) existing.revokedAt = isoTime(issuedAt)
    }
  }
  state.sessions[session.sessionId] = session
  return { session: token }
}
