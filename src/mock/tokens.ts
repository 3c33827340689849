// The mock's token authority: one ES256 key generated at start signs every JWT it issues, and its
// public half is published as a JWKS so that tests and a cautious client can verify them.
import {
  SignJWT,
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose'
import type { OidcTokenClaims, OtpType, SessionClaims, VerificationTokenClaims } from '../core/types'
import { MockError } from './http'

export const VERIFICATION_TOKEN_LIFETIME_SECONDS = 600
export const OIDC_TOKEN_LIFETIME_SECONDS = 600
const OTP_TYPES: readonly string[] = ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']

interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicKey: CryptoKey
  jwk: JWK
}

export interface TokenAuthority {
  ready: Promise<void>
  jwks(): Promise<JSONWebKeySet>
  /** Claims plus `iat`; the header names the key (`kid`). */
  sign(claims: VerificationTokenClaims | (SessionClaims & { jti: string }) | MockOidcTokenClaims): Promise<string>
  /**
   * Checks the signature (by this mock's key), `exp` against the injected clock and the claim types.
   * `field` names the request field in error messages. Every failure is 16 UNAUTHENTICATED.
   */
  verifyVerificationToken(token: string, field: string): Promise<VerificationTokenClaims>
  /** The same checks for an OIDC token; its audience and issuer are the caller's to judge. */
  verifyOidcToken(token: string, field: string): Promise<MockOidcTokenClaims>
}

/** The mock's OIDC tokens carry a `jti`, so that oauth_login can refuse a replayed one. */
export type MockOidcTokenClaims = OidcTokenClaims & { jti: string }

export function createTokenAuthority(now: () => number): TokenAuthority {
  const keyPromise: Promise<SigningKey> = (async () => {
    // jose generates the private key non-extractable by default: nothing can export it.
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    const exported = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(exported)
    return { kid, privateKey, publicKey, jwk: { ...exported, kid, alg: 'ES256', use: 'sig' } }
  })()

  const nowSeconds = () => Math.floor(now() / 1000)

  /** `renew` tells the caller how to get a fresh token when this one expired. */
  async function verifiedPayload(token: string, field: string, renew: string): Promise<Record<string, unknown>> {
    const key = await keyPromise
    try {
      // jose reads the clock itself unless given one: the injected clock decides expiry here too.
      const verified = await jwtVerify(token, key.publicKey, {
        algorithms: ['ES256'],
        currentDate: new Date(now()),
        requiredClaims: ['exp'],
      })
      return verified.payload
    } catch (error) {
      throw new MockError(16, `${field}: ${describeJoseError(error, renew)}`)
    }
  }

  return {
    ready: keyPromise.then(() => undefined),

    async jwks() {
      const key = await keyPromise
      return { keys: [key.jwk] }
    },

    async sign(claims) {
      const key = await keyPromise
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
        .setIssuedAt(nowSeconds())
        .sign(key.privateKey)
    },

    async verifyVerificationToken(token, field) {
      const payload = await verifiedPayload(token, field, 'verify a new code')
      const { id, contact, verification_type: verificationType, public_key: publicKey, exp } = payload
      if (
        typeof id !== 'string' ||
        typeof contact !== 'string' ||
        typeof verificationType !== 'string' ||
        !OTP_TYPES.includes(verificationType) ||
        (publicKey !== undefined && typeof publicKey !== 'string') ||
        typeof exp !== 'number'
      ) {
        throw new MockError(16, `${field}: not a verification token (claims id, contact, verification_type expected)`)
      }
      return {
        id,
        contact,
        verification_type: verificationType as OtpType,
        public_key: publicKey ?? '',
        exp,
      }
    },

    async verifyOidcToken(token, field) {
      const payload = await verifiedPayload(token, field, 'sign in with the provider again')
      const { iss, sub, aud, exp, nonce, email, jti } = payload
      if (
        typeof iss !== 'string' ||
        typeof sub !== 'string' ||
        typeof aud !== 'string' ||
        typeof exp !== 'number' ||
        typeof nonce !== 'string' ||
        typeof jti !== 'string' ||
        (email !== undefined && typeof email !== 'string')
      ) {
        throw new MockError(16, `${field}: not an OIDC token (claims iss, sub, aud, nonce, jti expected)`)
      }
      const claims: MockOidcTokenClaims = { iss, sub, aud, exp, nonce, jti }
      if (email !== undefined) claims.email = email
      return claims
    },
  }
}

function describeJoseError(error: unknown, renew: string): string {
  if (error instanceof joseErrors.JWTExpired) return `expired; ${renew}`
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'signature does not verify with this proxy\'s key (a token from another issuer or altered)'
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'signed with another algorithm than ES256'
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim check failed (${error.message})`
  if (error instanceof joseErrors.JOSEError) return `not a valid JWT (${error.message})`
  return 'not a valid JWT'
}
