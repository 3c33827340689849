// P-256 encodings WebCrypto does not offer: the compressed point (the wire id of a client key) and
// DER signatures (what X-Stamp carries). The curve arithmetic is @noble/curves'.
import { p256 } from '@noble/curves/nist.js'
import { assertBytes, invalidArgument } from '../assert'
import { toHex } from '../encoding'

const COMPRESSED_PUBLIC_KEY = /^0[23][0-9a-f]{64}$/

/** True for a compressed P-256 public key in the wire form: 66 lowercase hex characters, 02/03 prefix. */
export function isCompressedPublicKey(value: unknown): value is string {
  return typeof value === 'string' && COMPRESSED_PUBLIC_KEY.test(value)
}

export function assertCompressedPublicKey(value: unknown, label: string): asserts value is string {
  if (!isCompressedPublicKey(value)) {
    throw invalidArgument(label, 'a compressed P-256 public key (66 lowercase hex characters starting 02 or 03)', value)
  }
}

/**
 * Compresses an uncompressed P-256 point (`04 ‖ X ‖ Y`, 65 bytes, what WebCrypto's raw export gives)
 * to its 33-byte form as lowercase hex. The point is checked to be on the curve.
 */
export function compressPublicKey(rawUncompressed65: Uint8Array): string {
  assertBytes(rawUncompressed65, 'compressPublicKey(rawUncompressed65)', 65)
  if (rawUncompressed65[0] !== 0x04) {
    throw invalidArgument('compressPublicKey(rawUncompressed65)', 'an uncompressed point starting with 0x04', rawUncompressed65)
  }
  let point
  try {
    point = p256.Point.fromBytes(rawUncompressed65)
  } catch {
    throw invalidArgument('compressPublicKey(rawUncompressed65)', 'a point on the P-256 curve', rawUncompressed65)
  }
  return toHex(point.toBytes(true))
}

/** Converts a raw `r ‖ s` signature (64 bytes, WebCrypto's ECDSA output) to ASN.1 DER. */
export function rawSignatureToDer(raw64: Uint8Array): Uint8Array {
  assertBytes(raw64, 'rawSignatureToDer(raw64)', 64)
  try {
    return p256.Signature.fromBytes(raw64, 'compact').toBytes('der')
  } catch {
    // r or s outside 1..n-1: not a signature any verifier would accept.
    throw invalidArgument('rawSignatureToDer(raw64)', 'r and s in the range 1..n-1 of P-256', raw64)
  }
}
