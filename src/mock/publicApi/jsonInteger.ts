/**
 * An integer as JSON carries it: a number (only a safe integer: a JSON number past 2^53 has lost digits
 * before anyone reads it, which is why viem writes bigints as decimal strings), a decimal string, or a
 * 0x hex string. Undefined for anything else.
 */
export function jsonInteger(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && /^(-?\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value)
  return undefined
}
