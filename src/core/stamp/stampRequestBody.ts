import { invalidArgument } from '../assert'
import { base64urlEncode, toHex, utf8 } from '../encoding'
import type { KeyStore } from '../contracts'
import { assertCompressedPublicKey } from '../keys/p256'

export const API_KEY_STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256'

/**
 * The X-Stamp header value for `body` signed by the held key `publicKey`: unpadded base64url of
 * `{"publicKey":"…","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"…"}`, where the signature is
 * ECDSA P-256 / SHA-256 over the UTF-8 bytes of `body`, DER, lowercase hex. Sign the exact text you
 * send: re-serializing the body afterwards would break the stamp.
 */
export async function stampRequestBody(kit: { keyStore: KeyStore }, publicKey: string, body: string): Promise<string> {
  if (typeof kit !== 'object' || kit === null || typeof kit.keyStore?.signDer !== 'function') {
    throw invalidArgument('stampRequestBody(kit)', 'a kit (createKit)', kit)
  }
  assertCompressedPublicKey(publicKey, 'stampRequestBody(publicKey)')
  if (typeof body !== 'string') throw invalidArgument('stampRequestBody(body)', 'the request body text', body)
  const signature = toHex(await kit.keyStore.signDer(publicKey, utf8(body)))
  // Key order is fixed by the object literal; the API parses the JSON, but a stable text is easier to test.
  return base64urlEncode(JSON.stringify({ publicKey, scheme: API_KEY_STAMP_SCHEME, signature }))
}
