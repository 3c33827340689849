// One-time codes.

/** Crockford base32: no I, L, O or U, so that a code read aloud or retyped cannot be misread. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const DIGITS = '0123456789'

export const OTP_MIN_LENGTH = 6
export const OTP_MAX_LENGTH = 9
export const OTP_DEFAULT_EXPIRATION_SECONDS = 300
export const OTP_MAX_EXPIRATION_SECONDS = 600
/** The fifth wrong code burns the OTP. */
export const OTP_MAX_ATTEMPTS = 5

/**
 * A code of `length` characters drawn uniformly from the alphabet. A byte modulo the alphabet size would
 * favour the first `256 % size` characters (digits: 0..5), so bytes at or above the largest multiple
 * of the size are drawn again (rejection sampling).
 */
export function generateOtpCode(length: number, alphanumeric: boolean): string {
  const alphabet = alphanumeric ? CROCKFORD_ALPHABET : DIGITS
  const limit = 256 - (256 % alphabet.length)
  let code = ''
  while (code.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2))
    for (const byte of bytes) {
      if (byte >= limit) continue
      code += alphabet[byte % alphabet.length]
      if (code.length === length) break
    }
  }
  return code
}

/** Codes compare case-insensitively: `abc123` is the code `ABC123`. */
export function otpCodesMatch(expected: string, given: string): boolean {
  return expected.toUpperCase() === given.trim().toUpperCase()
}
