// SLIP-10 for ed25519 (https://github.com/satoshilabs/slips/blob/master/slip-0010.md): no audited
// library derives it, so it is written here over @noble/hashes' HMAC-SHA512, which is all it needs.
// ed25519 has no public derivation: SLIP-10 defines hardened children only.
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { HARDENED_OFFSET } from './derivationPath'

export interface Slip10Node {
  /** The 32-byte ed25519 private key (RFC 8032's seed). */
  privateKey: Uint8Array
  chainCode: Uint8Array
}

const MASTER_KEY = utf8ToBytes('ed25519 seed')

export function slip10Master(seed: Uint8Array): Slip10Node {
  return split(hmac(sha512, MASTER_KEY, seed))
}

/** The hardened child `index` (without the hardened offset): HMAC-SHA512(chainCode, 0x00 ‖ key ‖ ser32(index + 2^31)). */
export function slip10HardenedChild(parent: Slip10Node, index: number): Slip10Node {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new RangeError(`SLIP-10 index: expected 0..${HARDENED_OFFSET - 1}, got ${index}`)
  }
  const data = new Uint8Array(37)
  data.set(parent.privateKey, 1)
  new DataView(data.buffer).setUint32(33, index + HARDENED_OFFSET, false)
  return split(hmac(sha512, parent.chainCode, concatBytes(data)))
}

function split(digest: Uint8Array): Slip10Node {
  return { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) }
}
