import { p256 } from '@noble/curves/nist.js'
import { hexToBytes } from '@noble/hashes/utils.js'
import { base64url } from 'jose'
import { MockError } from '../http'
import { compressedP256Hex, describe, isHex, isJsonObject, type JsonObject } from '../validate'
import { canonicalP256Signature } from './canonicalSignature'

export const API_KEY_STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256'
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

/** A key's signature over a request, once it verified. */
export interface KeySignature {
  /** The signing key, compressed lowercase hex; whose key it is, is the caller's question. */
  publicKey: string
  /** The signature as canonicalP256Signature writes it: the same for each encoding of it. */
  signature: string
}

/**
 * Reads an X-Stamp header — base64url of `{publicKey, scheme, signature}` — and checks that its
 * signature (ECDSA P-256/SHA-256, DER, hex) verifies over the exact body by `publicKey`. Every failure
 * is 16.
 */
export function readApiKeyStamp(header: string, body: Uint8Array): KeySignature {
  const stamp = decodeStampHeader('X-Stamp', header, '{publicKey, scheme, signature}')
  const { scheme } = stamp
  if (scheme !== API_KEY_STAMP_SCHEME) {
    throw new MockError(16, `X-Stamp: scheme: expected ${API_KEY_STAMP_SCHEME}, got ${describeScheme(scheme)}`)
  }
  return verifyKeySignature('X-Stamp', stamp, body)
}

/** The JSON object a stamp header carries as base64url; every failure is 16, naming the header. */
export function decodeStampHeader(headerName: string, header: string, expected: string): JsonObject {
  const fail = (what: string): never => {
    throw new MockError(16, `${headerName}: ${what}`)
  }
  if (!BASE64URL.test(header)) fail(`not base64url; expected base64url of ${expected}`)
  let stamp: unknown
  try {
    stamp = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url.decode(header.replace(/=+$/, ''))))
  } catch {
    fail(`does not decode to JSON; expected base64url of ${expected}`)
  }
  if (!isJsonObject(stamp)) return fail(`expected a JSON object ${expected}, got ${describe(stamp)}`)
  return stamp
}

/**
 * Checks a stamp's `publicKey` (P-256, hex) and that its `signature` (ECDSA P-256/SHA-256, DER, hex)
 * verifies over the exact body by that key.
 */
export function verifyKeySignature(headerName: string, stamp: JsonObject, body: Uint8Array): KeySignature {
  const fail = (what: string): never => {
    throw new MockError(16, `${headerName}: ${what}`)
  }
  const { publicKey, signature } = stamp
  const key = typeof publicKey === 'string' && isHex(publicKey) ? compressedP256Hex(publicKey) : undefined
  if (key === undefined) return fail('publicKey: expected a P-256 public key as hex (66 characters compressed)')
  if (typeof signature !== 'string' || signature === '' || !isHex(signature)) {
    return fail('signature: expected a DER-encoded ECDSA signature as hex')
  }
  const der = hexToBytes(signature)
  const canonical = canonicalP256Signature(der)
  if (canonical === undefined || !verifiesOverBody(der, body, hexToBytes(key))) {
    return fail(
      'signature does not verify: expected ECDSA P-256/SHA-256 over the exact request body by publicKey, DER hex',
    )
  }
  return { publicKey: key, signature: canonical }
}

export function describeScheme(scheme: unknown): string {
  return typeof scheme === 'string' ? `"${scheme}"` : scheme === undefined ? 'nothing' : describe(scheme)
}

function verifiesOverBody(signature: Uint8Array, body: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    // lowS: false because WebCrypto does not normalize S: half of a browser's valid signatures are high-S.
    return p256.verify(signature, body, publicKey, { prehash: true, lowS: false, format: 'der' })
  } catch {
    // Malformed DER throws rather than answering false.
    return false
  }
}
