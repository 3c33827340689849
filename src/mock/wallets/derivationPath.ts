import { MockError } from '../http'

/** BIP-32's first hardened index: an index at or above it is hardened. */
export const HARDENED_OFFSET = 0x8000_0000

/** BIP-32 allows depth 255; no wallet goes near it, and a bound keeps a request's work small. */
export const MAX_PATH_DEPTH = 32

export interface PathLevel {
  /** The index without the hardened offset. */
  index: number
  hardened: boolean
}

/**
 * Reads `m/44'/60'/0'/0/0` (hardened levels marked `'`, `h` or `H`) into its levels. `field` names the
 * request field in the 3 INVALID_ARGUMENT it throws for anything else.
 */
export function parseDerivationPath(path: string, field: string): PathLevel[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') {
    throw new MockError(3, `${field}: expected a BIP-32 path like m/44'/60'/0'/0/0, got "${path}"`)
  }
  const levels = parts.slice(1)
  if (levels.length > MAX_PATH_DEPTH) {
    throw new MockError(3, `${field}: "${path}" has ${levels.length} levels; at most ${MAX_PATH_DEPTH} are derived`)
  }
  return levels.map((part) => {
    const match = /^(0|[1-9]\d{0,9})(['hH]?)$/.exec(part)
    const index = match === null ? NaN : Number(match[1])
    if (match === null || index >= HARDENED_OFFSET) {
      throw new MockError(
        3,
        `${field}: "${part}" in "${path}" is not a level index (0..${HARDENED_OFFSET - 1}, ' for hardened)`,
      )
    }
    return { index, hardened: match[2] !== '' }
  })
}
