// X-Stamp-Attested, the stamp of production's newer client (@turnkey/core 2.x, its AttestedStamper): a
// P-256 signature over the exact body, like X-Stamp, by a key that is no credential of the account but
// is attested by a token the proxy issued or verified: a verification token naming that key
// (`public_key`), or an OIDC token whose nonce is sha256 of it. That client logs in this way (OTP and
// OAuth) with stamp_login, instead of otp_login and oauth_login; so the token is held to what those
// endpoints hold it to, and is redeemed once, as they redeem it.
import { isoTime } from '../endpoints/context'
import { MockError } from '../http'
import { assertNotLoggedIn, checkOidcToken, oidcNonceFor } from '../oidcTokens'
import { findUserByContact, findUserByOAuthIdentity } from '../state'
import type { MockUser } from '../types'
import { assertNotRedeemed, checkVerificationToken } from '../verificationTokens'
import type { PublicApiContext } from './context'
import { decodeStampHeader, describeScheme, verifyKeySignature } from './readApiKeyStamp'
import type { VerifiedStamp } from './verifiedStamp'

export const ATTESTED_STAMP_HEADER = 'X-Stamp-Attested'
export const ATTESTED_SCHEME_VERIFICATION_TOKEN = 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN'
export const ATTESTED_SCHEME_OIDC = 'STAMP_ATTESTED_SCHEME_P256_OIDC'

const FIELD = `${ATTESTED_STAMP_HEADER}: publicKeyAttestation`

/**
 * Reads `{publicKeyAttestation, scheme, publicKey, signature}` (base64url JSON), checks the signature
 * over the body, then the attestation: signed by its issuer, unexpired, for this tenant, binding
 * `publicKey`, not yet used to log in, and naming an account in the request's organization. Every
 * failure is 16 UNAUTHENTICATED.
 */
export async function verifyAttestedStamp(context: PublicApiContext, header: string): Promise<VerifiedStamp> {
  const stamp = decodeStampHeader(ATTESTED_STAMP_HEADER, header, '{publicKeyAttestation, scheme, publicKey, signature}')
  const { scheme, publicKeyAttestation } = stamp
  if (scheme !== ATTESTED_SCHEME_VERIFICATION_TOKEN && scheme !== ATTESTED_SCHEME_OIDC) {
    throw new MockError(
      16,
      `${ATTESTED_STAMP_HEADER}: scheme: expected ${ATTESTED_SCHEME_VERIFICATION_TOKEN} or ${ATTESTED_SCHEME_OIDC}, got ${describeScheme(scheme)}`,
    )
  }
  if (typeof publicKeyAttestation !== 'string' || publicKeyAttestation === '') {
    const token = scheme === ATTESTED_SCHEME_OIDC ? 'an OIDC token' : 'a verification token'
    throw new MockError(16, `${FIELD}: expected ${token} (the JWT), as the scheme says`)
  }
  const { publicKey, signature } = verifyKeySignature(ATTESTED_STAMP_HEADER, stamp, context.bodyBytes)
  const verified =
    scheme === ATTESTED_SCHEME_OIDC
      ? await byOidcToken(context, publicKeyAttestation, publicKey)
      : await byVerificationToken(context, publicKeyAttestation, publicKey)
  return { ...verified, meaning: `${ATTESTED_STAMP_HEADER} ${publicKey} ${signature}` }
}

async function byVerificationToken(
  context: PublicApiContext,
  token: string,
  publicKey: string,
): Promise<Omit<VerifiedStamp, 'meaning'>> {
  const { tokens, state, scope } = context
  const { claims, record } = await checkVerificationToken(tokens, state, scope.tenant, token, FIELD)
  if (claims.public_key === '') {
    throw new MockError(
      16,
      `${FIELD}: the verification token names no public key; verify the code with publicKey to stamp with it`,
    )
  }
  if (claims.public_key !== publicKey) {
    throw new MockError(16, `${ATTESTED_STAMP_HEADER}: publicKey is not the public_key the verification token names`)
  }
  assertNotRedeemed(record, 'USAGE_TYPE_LOGIN', FIELD)
  const user = inScope(
    context,
    findUserByContact(state, scope.tenant, claims.contact, claims.verification_type),
    claims.contact,
  )
  return {
    user,
    kind: 'VERIFICATION_TOKEN',
    commit: () => {
      // A concurrent login may have redeemed the token during the awaits.
      assertNotRedeemed(record, 'USAGE_TYPE_LOGIN', FIELD)
      record.usedFor.push('USAGE_TYPE_LOGIN')
    },
  }
}

async function byOidcToken(
  context: PublicApiContext,
  token: string,
  publicKey: string,
): Promise<Omit<VerifiedStamp, 'meaning'>> {
  const { tokens, state, scope, now } = context
  const { claims, provider, record } = await checkOidcToken(tokens, state, scope.tenant, token, FIELD)
  if (claims.nonce !== oidcNonceFor(publicKey)) {
    throw new MockError(
      16,
      `${FIELD}: its nonce is not sha256 of the stamp's publicKey; the token was issued for another client key`,
    )
  }
  assertNotLoggedIn(record, FIELD)
  const user = inScope(
    context,
    findUserByOAuthIdentity(state, scope.tenant, claims.iss, claims.sub),
    `this ${provider} identity`,
  )
  return {
    user,
    kind: 'OIDC_TOKEN',
    commit: () => {
      assertNotLoggedIn(record, FIELD)
      record.loggedInAt = isoTime(now())
    },
  }
}

/** The account the token names, when it is one the request's organization holds. */
function inScope({ scope }: PublicApiContext, user: MockUser | undefined, whose: string): MockUser {
  if (user === undefined) {
    throw new MockError(16, `${FIELD}: no account for ${whose}; sign up first (signup_v2)`)
  }
  if (!scope.users.includes(user)) {
    throw new MockError(16, `${FIELD}: the account for ${whose} is not in organization "${scope.organizationId}"`)
  }
  return user
}
