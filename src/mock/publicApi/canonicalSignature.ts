import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@noble/hashes/utils.js'

const ORDER = p256.Point.Fn.ORDER

/**
 * An ECDSA P-256 signature (DER) as what it means, the same for every way of writing it: r, then the low
 * one of s and n − s (both verify: a signature's high-S twin is a second valid encoding of one act of
 * signing), each 32 bytes of hex. Undefined for bytes that are not a DER signature (a passkey of another
 * algorithm: its signature is then taken as its bytes).
 *
 * Production accepts high-S signatures, and must: its own browser stamper signs with WebCrypto, which does
 * not normalise S, and sends what it gets (`@turnkey/api-key-stamper`, webcrypto). So the twin is refused
 * as a replay when the signature was seen, never as malformed.
 */
export function canonicalP256Signature(der: Uint8Array): string | undefined {
  let signature: { r: bigint; s: bigint }
  try {
    signature = p256.Signature.fromBytes(der, 'der')
  } catch {
    return undefined
  }
  const low = signature.s > ORDER / 2n ? ORDER - signature.s : signature.s
  return `${scalarHex(signature.r)}${scalarHex(low)}`
}

function scalarHex(value: bigint): string {
  return value.toString(16).padStart(64, '0')
}

/** Bytes as lowercase hex, for a signature that is not ECDSA P-256. */
export const signatureBytesHex = bytesToHex
