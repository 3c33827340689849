// PKCE (RFC 7636) as the authorization server checks it: only the S256 method, since `plain` would let
// whoever sees the authorize URL redeem the code.
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base64url } from 'jose'

/** 43 to 128 characters of the unreserved set (RFC 7636 section 4.1). */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/
/** base64url of a SHA-256 digest, unpadded: exactly 43 characters. */
const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function isCodeVerifier(value: string): boolean {
  return VERIFIER_PATTERN.test(value)
}

export function isS256Challenge(value: string): boolean {
  return S256_CHALLENGE_PATTERN.test(value)
}

/** `BASE64URL(SHA256(ASCII(code_verifier)))`. */
export function s256Challenge(verifier: string): string {
  return base64url.encode(sha256(utf8ToBytes(verifier)))
}
