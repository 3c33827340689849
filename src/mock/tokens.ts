// The mock's token authority: one ES256 key generated at start signs the JWTs the proxy issues
// (verification tokens, the OIDC tokens of X and Discord), and a notarizer key signs sessions the way
// production's does (notarizer.ts); both public halves are published as a JWKS so that tests and a
// backend can verify them. Google, Apple and Facebook each sign their
// own id_tokens with their own RS256 key, as the real ones do, published under /__mock/oauth/<provider>/.
import {
  SignJWT,
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose'
import type { OidcTokenClaims, OtpType, SessionClaims, VerificationTokenClaims } from '../core/types'
import type { Enclave } from './enclave'
import { MockError } from './http'
import { createNotarizer } from './notarizer'
import {
  MOCK_PROXY_OIDC_ISSUER,
  OIDC_PROVIDERS,
  OIDC_PROVIDER_ISSUERS,
  oidcProviderForIssuer,
  type OidcProvider,
} from './oauthProviders'

export const VERIFICATION_TOKEN_LIFETIME_SECONDS = 600
export const OIDC_TOKEN_LIFETIME_SECONDS = 600
const OTP_TYPES: readonly string[] = ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']

/** What the real providers sign with; the proxy's own tokens are ES256 (WIRE.md). */
const PROVIDER_ALGORITHM = 'RS256'
const PROXY_ALGORITHM = 'ES256'

const PROVIDER_LABELS: Readonly<Record<OidcProvider, string>> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
}

interface SigningKey {
  alg: string
  kid: string
  privateKey: CryptoKey
  publicKey: CryptoKey
  jwk: JWK
}

export interface TokenAuthority {
  ready: Promise<void>
  /**
   * The proxy's public keys (`/.well-known/jwks.json`): the token key (its thumbprint as `kid`), then the
   * session notarizer's (`kid` SESSION_NOTARIZER_KID).
   */
  jwks(): Promise<JSONWebKeySet>
  /** Signs with the proxy's key: claims plus `iat`; the header names the key (`kid`). */
  sign(claims: VerificationTokenClaims | MockOidcTokenClaims): Promise<string>
  /**
   * A session JWT: claims plus `iat`, signed by the notarizer as production's sessions are (no `kid`; not
   * plain ES256, see notarizer.ts).
   */
  signSession(claims: SessionClaims & { jti: string }): string
  /** The notarizer's public key, uncompressed P-256 hex: what @turnkey/crypto's verifySessionJwtSignature takes. */
  readonly notarizerPublicKey: string
  /** `provider`'s public keys (`/__mock/oauth/<provider>/jwks.json`). */
  providerJwks(provider: OidcProvider): Promise<JSONWebKeySet>
  /** Signs an id_token as `provider` does, with its own key: claims plus `iat`, the header names the key. */
  signIdToken(provider: OidcProvider, claims: MockOidcTokenClaims): Promise<string>
  /**
   * Checks the signature, `exp` against the injected clock and the claim types, for either generation: a
   * token otp_verify issued (this mock's key, named by `kid`; `exp` in seconds) or one otp_verify_v2
   * issued (the enclave's key, no `kid`; `exp` a string of milliseconds; `organization_id`). The claims
   * come back in the first form. `field` names the request field in error messages. Every failure is 16
   * UNAUTHENTICATED.
   */
  verifyVerificationToken(token: string, field: string): Promise<VerificationTokenClaims>
  /**
   * Checks an OIDC token against the keys of the issuer it names (a provider's own, or the proxy's for
   * X and Discord), its expiry and its claim types. Its audience and nonce are the caller's to judge.
   */
  verifyOidcToken(token: string, field: string): Promise<MockOidcTokenClaims>
}

/**
 * Every OIDC token the mock makes carries a `jti` (as Google's and Facebook's do), so that oauth_login
 * can refuse a replayed one, and `email_verified` beside `email`, as the providers send it.
 */
export type MockOidcTokenClaims = OidcTokenClaims & { jti: string; email_verified?: boolean | undefined }

async function generateSigningKey(alg: string): Promise<SigningKey> {
  // jose generates the private key non-extractable by default: nothing can export it.
  const { privateKey, publicKey } = await generateKeyPair(alg)
  const exported = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(exported)
  return { alg, kid, privateKey, publicKey, jwk: { ...exported, kid, alg, use: 'sig' } }
}

/**
 * Google's key is the same for every proxy that trusts it: each provider's key is made once per process,
 * the first time any instance needs it, and shared by every mock in that process. An RSA key takes a
 * noticeable while to generate (0.1 to 0.8 s); a test suite starting hundreds of mocks paid it for each.
 */
const providerKeys = new Map<OidcProvider, Promise<SigningKey>>()
function providerKey(provider: OidcProvider): Promise<SigningKey> {
  let key = providerKeys.get(provider)
  if (key === undefined) {
    key = generateSigningKey(PROVIDER_ALGORITHM)
    providerKeys.set(provider, key)
  }
  return key
}

/** `enclave` verifies the current generation's tokens (otp_verify_v2); without one, only otp_verify's verify. */
export function createTokenAuthority(now: () => number, enclave?: Enclave): TokenAuthority {
  const keyPromise = generateSigningKey(PROXY_ALGORITHM)
  const notarizer = createNotarizer()

  const nowSeconds = () => Math.floor(now() / 1000)

  function signWith(key: SigningKey, claims: object): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: key.alg, typ: 'JWT', kid: key.kid })
      .setIssuedAt(nowSeconds())
      .sign(key.privateKey)
  }

  /**
   * `keyName` says whose key failed to verify; `renew` tells the caller how to get a fresh token when
   * this one expired.
   */
  async function verifiedPayload(
    token: string,
    key: SigningKey,
    field: string,
    keyName: string,
    renew: string,
  ): Promise<Record<string, unknown>> {
    try {
      // jose reads the clock itself unless given one: the injected clock decides expiry here too.
      const verified = await jwtVerify(token, key.publicKey, {
        algorithms: [key.alg],
        currentDate: new Date(now()),
        requiredClaims: ['exp'],
      })
      return verified.payload
    } catch (error) {
      throw new MockError(16, `${field}: ${describeJoseError(error, key.alg, keyName, renew)}`)
    }
  }

  return {
    ready: keyPromise.then(() => undefined),

    async jwks() {
      const key = await keyPromise
      return { keys: [key.jwk, notarizer.jwk] }
    },

    async sign(claims) {
      return signWith(await keyPromise, claims)
    },

    signSession(claims) {
      return notarizer.sign({ ...claims, iat: nowSeconds() })
    },

    notarizerPublicKey: notarizer.publicKey,

    async providerJwks(provider) {
      const key = await providerKey(provider)
      return { keys: [key.jwk] }
    },

    async signIdToken(provider, claims) {
      return signWith(await providerKey(provider), claims)
    },

    async verifyVerificationToken(token, field) {
      // A session names no key either, like the enclave's tokens: say what it is rather than that the
      // enclave's key does not verify it.
      if (isSessionToken(token)) {
        throw new MockError(16, `${field}: not a verification token (a session token; verify a code to get one)`)
      }
      if (enclave !== undefined && isEnclaveToken(token)) {
        const claims = await enclave.verifyToken(token, field)
        const expiresAt = Number(claims.exp)
        if (!Number.isSafeInteger(expiresAt)) {
          throw new MockError(16, `${field}: claim exp is not a time in milliseconds ("${claims.exp}")`)
        }
        if (expiresAt <= now()) throw new MockError(16, `${field}: expired; verify a new code`)
        if (!OTP_TYPES.includes(claims.verification_type)) {
          throw new MockError(
            16,
            `${field}: not a verification token (verification_type "${claims.verification_type}")`,
          )
        }
        return {
          id: claims.id,
          contact: claims.contact,
          verification_type: claims.verification_type as OtpType,
          public_key: claims.public_key,
          exp: Math.floor(expiresAt / 1000),
        }
      }
      const payload = await verifiedPayload(token, await keyPromise, field, "this proxy's key", 'verify a new code')
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
      // The issuer the token claims picks the key it must verify with; a token claiming Google's issuer
      // but signed by Facebook's key (or the proxy's, or anyone's) fails that signature check.
      let claimedIssuer: unknown
      try {
        claimedIssuer = decodeJwt(token).iss
      } catch (error) {
        throw new MockError(
          16,
          `${field}: not a valid JWT (${error instanceof Error ? error.message : 'not decodable'})`,
        )
      }
      if (typeof claimedIssuer !== 'string') {
        throw new MockError(16, `${field}: not an OIDC token (claims iss, sub, aud, nonce, jti expected)`)
      }
      const provider = oidcProviderForIssuer(claimedIssuer)
      if (provider === undefined && claimedIssuer !== MOCK_PROXY_OIDC_ISSUER) {
        const trusted = [...OIDC_PROVIDERS.map((name) => OIDC_PROVIDER_ISSUERS[name]), MOCK_PROXY_OIDC_ISSUER]
        throw new MockError(
          16,
          `${field}: issuer "${claimedIssuer}" is not one this proxy trusts (${trusted.join(', ')})`,
        )
      }
      const payload =
        provider === undefined
          ? await verifiedPayload(token, await keyPromise, field, "this proxy's key", 'sign in with the provider again')
          : await verifiedPayload(
              token,
              await providerKey(provider),
              field,
              `the key of issuer ${claimedIssuer} (${PROVIDER_LABELS[provider]})`,
              'sign in with the provider again',
            )
      const { iss, sub, aud, exp, nonce, email, email_verified: emailVerified, jti } = payload
      if (
        typeof iss !== 'string' ||
        typeof sub !== 'string' ||
        typeof aud !== 'string' ||
        typeof exp !== 'number' ||
        typeof nonce !== 'string' ||
        typeof jti !== 'string' ||
        (email !== undefined && typeof email !== 'string') ||
        (emailVerified !== undefined && typeof emailVerified !== 'boolean')
      ) {
        throw new MockError(16, `${field}: not an OIDC token (claims iss, sub, aud, nonce, jti expected)`)
      }
      const claims: MockOidcTokenClaims = { iss, sub, aud, exp, nonce, jti }
      if (email !== undefined) claims.email = email
      if (emailVerified !== undefined) claims.email_verified = emailVerified
      return claims
    },
  }
}

function isSessionToken(token: string): boolean {
  try {
    return decodeJwt(token).session_type !== undefined
  } catch {
    return false
  }
}

/** The enclave's tokens name no key (production's header is {"typ":"JWT","alg":"ES256"}); this mock's own do. */
function isEnclaveToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).kid === undefined
  } catch {
    // Not a JWT at all: the first generation's check says so in its words.
    return false
  }
}

function describeJoseError(error: unknown, alg: string, keyName: string, renew: string): string {
  if (error instanceof joseErrors.JWTExpired) return `expired; ${renew}`
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return `signature does not verify with ${keyName}; signed by another key, or altered`
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return `signature does not verify with ${keyName}: signed with another algorithm than its ${alg}`
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim check failed (${error.message})`
  if (error instanceof joseErrors.JOSEError) return `not a valid JWT (${error.message})`
  return 'not a valid JWT'
}
