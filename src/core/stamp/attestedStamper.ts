import type { KeyStore, Stamper } from '../contracts'
import { base64urlEncode, toHex, utf8 } from '../encoding'

/** The two attestations production's AttestedStamper knows: a verification token, or an OIDC token. */
export type AttestedStampScheme = 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN' | 'STAMP_ATTESTED_SCHEME_P256_OIDC'

/**
 * Stamps with a held key that is no credential of the account yet, vouched for by a token the proxy
 * issued (X-Stamp-Attested, as @turnkey/core 2.7 and later log in): the verification token whose
 * `public_key` it is, or the OIDC token whose nonce is its hash. The header is unpadded base64url of
 * `{"publicKeyAttestation", "scheme", "publicKey", "signature"}`, the signature ECDSA P-256 / SHA-256
 * over the exact body, DER, hex, as in X-Stamp.
 */
export function attestedStamper(
  kit: { keyStore: KeyStore },
  publicKey: string,
  scheme: AttestedStampScheme,
  publicKeyAttestation: string,
): Stamper {
  return async (body) => {
    const signature = toHex(await kit.keyStore.signDer(publicKey, utf8(body)))
    return {
      stampHeaderName: 'X-Stamp-Attested',
      stampHeaderValue: base64urlEncode(JSON.stringify({ publicKeyAttestation, scheme, publicKey, signature })),
    }
  }
}
