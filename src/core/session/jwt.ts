// The client cannot verify the proxy's signature on these tokens (it has no key for it, and does not
// need one: the proxy checks its own tokens when they come back). It decodes them to learn what they
// are bound to, and refuses any token missing a claim the kit relies on.
import type { JWTPayload } from 'jose'
import { decodeJwtPayload } from '../encoding'
import type { KitErrorCode } from '../errors'
import { KitError } from '../errors'
import { isCompressedPublicKey } from '../keys/compressedPublicKey'
import type { SessionClaims, VerificationTokenClaims } from '../types'

type Check = (value: unknown) => boolean
const isNonEmptyString: Check = (value) => typeof value === 'string' && value !== ''
const isExp: Check = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0

function decode(token: unknown, kind: string, code: KitErrorCode, claims: Record<string, [Check, string]>): JWTPayload {
  if (typeof token !== 'string' || token === '') {
    const got = typeof token === 'string' ? 'an empty string' : typeof token
    throw new KitError(code, `${kind}: expected a JWT string, got ${got}`)
  }
  let payload: JWTPayload
  try {
    payload = decodeJwtPayload(token) as JWTPayload
  } catch (cause) {
    throw new KitError(code, `${kind}: not a JWT (${cause instanceof Error ? cause.message : String(cause)})`, {
      cause,
    })
  }
  for (const [claim, [check, expected]] of Object.entries(claims)) {
    if (!check(payload[claim])) {
      const problem = payload[claim] === undefined ? 'has no' : 'has an invalid'
      throw new KitError(code, `${kind} ${problem} "${claim}" claim (expected ${expected})`)
    }
  }
  return payload
}

/** Decodes a session JWT and checks the claims the kit uses. KitError SESSION_INVALID naming the claim. */
export function decodeSessionToken(token: string): SessionClaims {
  const payload = decode(token, 'session token', 'SESSION_INVALID', {
    exp: [isExp, 'a time in seconds'],
    public_key: [isCompressedPublicKey, 'a compressed P-256 key in hex'],
    user_id: [isNonEmptyString, 'a string'],
    organization_id: [isNonEmptyString, 'a string'],
    session_type: [isNonEmptyString, 'a string such as SESSION_TYPE_READ_WRITE'],
  })
  return payload as JWTPayload & SessionClaims
}

/**
 * Decodes a verification token (from otp_verify): the flow needs its `id` for client signatures.
 * A malformed one is the proxy's fault, hence PROXY_BAD_RESPONSE.
 */
export function decodeVerificationToken(
  token: string,
): Omit<VerificationTokenClaims, 'exp'> & { exp: number | string } {
  const payload = decode(token, 'verification token', 'PROXY_BAD_RESPONSE', {
    id: [isNonEmptyString, 'a string'],
    // Seconds (otp_verify's), or a decimal string of milliseconds (otp_verify_v2's, production's current).
    exp: [(value) => isExp(value) || (typeof value === 'string' && /^\d{1,16}$/.test(value)), 'a time'],
    contact: [isNonEmptyString, 'a string'],
    verification_type: [isNonEmptyString, 'OTP_TYPE_EMAIL or OTP_TYPE_SMS'],
    public_key: [isCompressedPublicKey, 'a compressed P-256 key in hex'],
  })
  return payload as unknown as Omit<VerificationTokenClaims, 'exp'> & { exp: number | string }
}
