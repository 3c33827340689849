// P-256 encodings WebCrypto does not offer: the compressed point (the wire id of a client key) and
// DER signatures (what X-Stamp carries). Both are byte shuffling plus a range check, so no curve
// library is loaded for them: the keys and signatures themselves are WebCrypto's.
import { invalidArgument } from '../assert'
import { assertBytes } from '../assertBytes'
import { toHex } from '../encoding'

export { assertCompressedPublicKey, isCompressedPublicKey } from './compressedPublicKey'

// FIPS 186-4 D.1.2.3: the field prime, the curve's b (a = -3) and the group order.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

const toBigInt = (bytes: Uint8Array) => BigInt(`0x${toHex(bytes) || '0'}`)

/**
 * Compresses an uncompressed P-256 point (`04 ‖ X ‖ Y`, 65 bytes, what WebCrypto's raw export gives)
 * to its 33-byte form as lowercase hex: `02` or `03` (the parity of Y) then X. The point is checked to
 * be on the curve (y² = x³ − 3x + b mod p), so that garbage never becomes a key id.
 */
export function compressPublicKey(rawUncompressed65: Uint8Array): string {
  const label = 'compressPublicKey(rawUncompressed65)'
  assertBytes(rawUncompressed65, label, 65)
  if (rawUncompressed65[0] !== 0x04)
    throw invalidArgument(label, 'an uncompressed point starting with 0x04', rawUncompressed65)
  const xBytes = rawUncompressed65.subarray(1, 33)
  const x = toBigInt(xBytes)
  const y = toBigInt(rawUncompressed65.subarray(33))
  if (x >= P || y >= P || (y * y - (x * x * x - 3n * x + B)) % P !== 0n) {
    throw invalidArgument(label, 'a point on the P-256 curve', rawUncompressed65)
  }
  return ((rawUncompressed65[64] as number) & 1 ? '03' : '02') + toHex(xBytes)
}

/** Converts a raw `r ‖ s` signature (64 bytes, WebCrypto's ECDSA output) to ASN.1 DER. */
export function rawSignatureToDer(raw64: Uint8Array): Uint8Array {
  const label = 'rawSignatureToDer(raw64)'
  assertBytes(raw64, label, 64)
  const integers = [raw64.subarray(0, 32), raw64.subarray(32)].map((half) => {
    const value = toBigInt(half)
    // r or s outside 1..n-1: not a signature any verifier would accept.
    if (value === 0n || value >= N) throw invalidArgument(label, 'r and s in the range 1..n-1 of P-256', raw64)
    // A minimal DER INTEGER: no leading zero bytes, then one 00 if the high bit is set (it would read as negative).
    const start = half.findIndex((byte) => byte !== 0)
    const digits = half.subarray(start)
    return (digits[0] as number) & 0x80 ? [0x02, digits.length + 1, 0, ...digits] : [0x02, digits.length, ...digits]
  })
  const body = integers.flat()
  // At most 2 × 35 bytes: the SEQUENCE length always fits the short form.
  return Uint8Array.from([0x30, body.length, ...body])
}

/**
 * Converts an ASN.1 DER ECDSA signature (`30 len 02 len r 02 len s`, short-form lengths, what the
 * enclave signs its bundles with) to raw `r ‖ s` (64 bytes), which WebCrypto verifies; null when the
 * bytes are not such a signature, with r and s in 1..n-1.
 */
export function derSignatureToRaw(der: Uint8Array): Uint8Array | null {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return null
  const raw = new Uint8Array(64)
  let offset = 2
  for (const half of [0, 32]) {
    const length = der[offset + 1] as number
    if (der[offset] !== 0x02 || length === 0 || length > 33 || offset + 2 + length > der.length) return null
    const digits = der.subarray(offset + 2, offset + 2 + length)
    // A 33rd byte may only be the 00 that keeps a high bit from reading as negative.
    const value = digits.length === 33 ? (digits[0] === 0 ? digits.subarray(1) : null) : digits
    if (value === null || toBigInt(value) === 0n || toBigInt(value) >= N) return null
    raw.set(value, half + 32 - value.length)
    offset += 2 + length
  }
  return offset === der.length ? raw : null
}
