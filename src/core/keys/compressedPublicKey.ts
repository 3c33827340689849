// The wire form of a client key, checked everywhere a key is named (and by the session decoder on
// every page load, hence its own small module).
import { invalidArgument } from '../assert'

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
