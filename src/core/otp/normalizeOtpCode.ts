import { assertInteger, invalidArgument } from '../assert'

/** Crockford base32: no I, L, O, U, so that a code read aloud or copied by hand is unambiguous. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const DIGITS = '0123456789'

export interface NormalizeOtpCodeOptions {
  /** Characters the code has. */
  length: number
  /** Crockford base32 when true, digits only when false. */
  alphanumeric: boolean
}

export interface NormalizedOtpCode {
  /** Uppercased, look-alikes mapped, separators and foreign characters dropped, at most `length` long. */
  code: string
  /** `code` has exactly `length` characters. */
  complete: boolean
  /** Nothing but separators had to be dropped: every character typed belongs to the code. */
  valid: boolean
}

// What people type for what they see: O for 0, I or L for 1 (Crockford's own decoding rules).
const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' }

/**
 * Cleans what a person typed or pasted into an OTP code: `ab-12 3o` → `AB1230`. Use it on every
 * keystroke (it is cheap) and before verifying; `valid: false` means a character was not part of the
 * alphabet (it was dropped) or the input was too long, so the code is probably not what was sent.
 */
export function normalizeOtpCode(input: string, options: NormalizeOtpCodeOptions): NormalizedOtpCode {
  if (typeof input !== 'string') throw invalidArgument('normalizeOtpCode(input)', 'a string', input)
  if (typeof options !== 'object' || options === null) {
    throw invalidArgument('normalizeOtpCode(options)', '{ length, alphanumeric }', options)
  }
  assertInteger(options.length, 'normalizeOtpCode({ length })', 1, 64)
  if (typeof options.alphanumeric !== 'boolean') {
    throw invalidArgument('normalizeOtpCode({ alphanumeric })', 'a boolean', options.alphanumeric)
  }
  const alphabet = options.alphanumeric ? CROCKFORD_ALPHABET : DIGITS
  let code = ''
  let valid = true
  for (const raw of input.toUpperCase()) {
    // Separators people add or paste (spaces of any kind, dashes of any kind) carry no meaning.
    if (/[\s\p{Pd}]/u.test(raw)) continue
    const character = LOOK_ALIKES[raw] ?? raw
    if (!alphabet.includes(character)) {
      valid = false
      continue
    }
    if (code.length === options.length) {
      valid = false
      continue
    }
    code += character
  }
  return { code, complete: code.length === options.length, valid }
}
