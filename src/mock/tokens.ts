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
import type { OtpType, SessionClaims, VerificationTokenClaims } from '../core/types'
import { MockError } from './http'

export const VERIFICATION_TOKEN_LIFETIME_SECONDS = 600
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
  sign(claims: VerificationTokenClaims | (SessionClaims & { jti: string })): Promise<string>
  /**
   * Checks the signature (by this mock's key), `exp` against the injected clock and the claim types.
   * `field` names the request field in error messages. Every failure is 16 UNAUTHENTICATED.
   */
  verifyVerificationToken(token: string, field: string): Promise<VerificationTokenClaims>
}

export function createTokenAuthority(now: () => number): TokenAuthority {
  const keyPromise: Promise<SigningKey> = (async () => {
    // jose generates the private key non-extractable by default: nothing can export it.
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    const exported = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(exported)
    return { kid, privateKey, publicKey, jwk: { ...exported, kid, alg: 'ES256', use: 'sig' } }
  })()

  const nowSeconds = () => Math.floor(now() / 1000)

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
      const key = await keyPromise
      let payload: Record<string, unknown>
      try {
        // jose reads the clock itself unless given one: the injected clock decides expiry here too.
        const verified = await jwtVerify(token, key.publicKey, {
          algorithms: ['ES256'],
          currentDate: new Date(now()),
          requiredClaims: ['exp'],
        })
        payload = verified.payload
      } catch (error) {
        throw new MockError(16, `${field}: ${describeJoseError(error)}`)
      }
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
  }
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired; verify a new code'
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'signature does not verify with this proxy\'s key (a token from another issuer or altered)'
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'signed with another algorithm than ES256'
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim check failed (${error.message})`
  if (error instanceof joseErrors.JOSEError) return `not a valid JWT (${error.message})`
  return 'not a valid JWT'
}
