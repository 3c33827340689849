// The mock's session notarizer. Production's sessions are not plain ES256 JWTs: their header says
// {"alg":"ES256","typ":"JWT"}, but Turnkey's notarizer (a Rust signer) signs sha256("header.payload") with
// ECDSA P-256/SHA-256, so the curve sees sha256(sha256(input)); the signature is raw r‖s, base64url.
// @turnkey/crypto's verifySessionJwtSignature checks exactly that, against its constant
// PRODUCTION_NOTARIZER_SIGN_PUBLIC_KEY, and a JOSE library (which hashes once) cannot. The mock signs its
// sessions the same way with a key of its own, so that a backend verifying sessions is tested on the form
// production issues.
import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base64urlnopad } from '@scure/base'
import type { JWK } from 'jose'

/**
 * The `kid` of the notarizer's key in the mock's `/.well-known/jwks.json`, beside the key (named by its
 * thumbprint) that signs verification and OIDC tokens. Production publishes no JWKS for sessions (its key
 * is a constant in its SDK); this name is the mock's, documented in the README.
 */
export const SESSION_NOTARIZER_KID = 'session-notarizer'

/** Production's session header, byte for byte: no `kid` (there is one notarizer key). */
const HEADER = base64urlnopad.encode(new TextEncoder().encode('{"alg":"ES256","typ":"JWT"}'))

export interface Notarizer {
  /** Uncompressed P-256 public key, hex (04‖X‖Y): the form verifySessionJwtSignature takes. */
  readonly publicKey: string
  /** The same key as a JWK, for the JWKS. */
  readonly jwk: JWK
  /** A session JWT over `claims`, signed as production's notarizer signs one. */
  sign(claims: object): string
}

export function createNotarizer(secretKey: Uint8Array = p256.utils.randomSecretKey()): Notarizer {
  const point = p256.getPublicKey(secretKey, false)
  return {
    publicKey: bytesToHex(point),
    jwk: {
      kty: 'EC',
      crv: 'P-256',
      x: base64urlnopad.encode(point.subarray(1, 33)),
      y: base64urlnopad.encode(point.subarray(33)),
      kid: SESSION_NOTARIZER_KID,
      use: 'sig',
      // No `alg`: this key's signatures are not ES256 as JOSE means it (one hash more), so a JOSE library
      // must not pick it to verify an ES256 token.
    },
    sign(claims) {
      const signingInput = `${HEADER}.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(claims)))}`
      // noble hashes its message once more (prehash), as the Rust signer's SigningKey::sign does.
      const signature = p256.sign(sha256(new TextEncoder().encode(signingInput)), secretKey)
      return `${signingInput}.${base64urlnopad.encode(signature)}`
    },
  }
}
