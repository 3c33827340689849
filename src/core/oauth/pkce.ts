// PKCE (RFC 7636) with the S256 method only: `plain` would hand the verifier to anyone who sees the
// authorize URL, which is the very thing PKCE exists to prevent.
import { invalidArgument } from '../assert'
import { base64urlEncode, utf8 } from '../encoding'
import { sha256 } from '../sha256'

// RFC 7636 section 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~].
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** A fresh code verifier: 32 random bytes, base64url without padding (43 characters). */
export function generateCodeVerifier(): string {
  return base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
}

/** `base64url(sha256(ascii(verifier)))`, the S256 code challenge sent in the authorize URL. */
export async function calculateCodeChallenge(verifier: string): Promise<string> {
  if (typeof verifier !== 'string' || !CODE_VERIFIER.test(verifier)) {
    throw invalidArgument(
      'calculateCodeChallenge(verifier)',
      'a PKCE code verifier (43-128 characters A-Z a-z 0-9 - . _ ~)',
      verifier,
    )
  }
  // The alphabet is ASCII, so its UTF-8 bytes are its ASCII bytes.
  return base64urlEncode(await sha256(utf8(verifier)))
}
