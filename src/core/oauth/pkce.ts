// PKCE (RFC 7636) with the S256 method only: `plain` would hand the verifier to anyone who sees the
// authorize URL, which is the very thing PKCE exists to prevent.
import { sha256 } from '@noble/hashes/sha2.js'
import { randomBytes } from '@noble/hashes/utils.js'
import { invalidArgument } from '../assert'
import { base64urlEncode } from '../encoding'

// RFC 7636 section 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~].
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** A fresh code verifier: 32 random bytes, base64url without padding (43 characters). */
export function generateCodeVerifier(): string {
  return base64urlEncode(randomBytes(32))
}

/** `base64url(sha256(ascii(verifier)))`, the S256 code challenge sent in the authorize URL. */
export function calculateCodeChallenge(verifier: string): string {
  if (typeof verifier !== 'string' || !CODE_VERIFIER.test(verifier)) {
    throw invalidArgument('calculateCodeChallenge(verifier)', 'a PKCE code verifier (43-128 characters A-Z a-z 0-9 - . _ ~)', verifier)
  }
  // The alphabet is ASCII, so its UTF-8 bytes are its ASCII bytes.
  return base64urlEncode(sha256(new TextEncoder().encode(verifier)))
}
