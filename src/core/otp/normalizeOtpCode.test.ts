import { describe, expect, it } from 'vitest'
import { CROCKFORD_ALPHABET, normalizeOtpCode } from './normalizeOtpCode'

const ALPHANUMERIC_6 = { length: 6, alphanumeric: true }
const DIGITS_6 = { length: 6, alphanumeric: false }

describe('normalizeOtpCode (alphanumeric: Crockford base32)', () => {
  it.each([
    ['ab12cd', 'AB12CD'],
    ['AB-12 CD', 'AB12CD'],
    [' ab\t12\ncd ', 'AB12CD'],
    ['ab–12—cd', 'AB12CD'], // en and em dashes, as pasted from formatted mail
    ['oOiIlL', '001111'], // Crockford look-alikes
  ])('%j → %j, complete and valid', (input, code) => {
    expect(normalizeOtpCode(input, ALPHANUMERIC_6)).toEqual({ code, complete: true, valid: true })
  })

  it('is incomplete while typing', () => {
    expect(normalizeOtpCode('ab1', ALPHANUMERIC_6)).toEqual({ code: 'AB1', complete: false, valid: true })
    expect(normalizeOtpCode('', ALPHANUMERIC_6)).toEqual({ code: '', complete: false, valid: true })
  })

  it('drops U (not in the alphabet) and punctuation, and says so', () => {
    expect(normalizeOtpCode('AB.U12CD', ALPHANUMERIC_6)).toEqual({ code: 'AB12CD', complete: true, valid: false })
  })

  it('caps at the length and flags the overflow', () => {
    expect(normalizeOtpCode('AB12CDEF', ALPHANUMERIC_6)).toEqual({ code: 'AB12CD', complete: true, valid: false })
  })

  it('accepts every character of the alphabet', () => {
    expect(normalizeOtpCode(CROCKFORD_ALPHABET.toLowerCase(), { length: 32, alphanumeric: true }).code).toBe(
      CROCKFORD_ALPHABET,
    )
  })
})

describe('normalizeOtpCode (digits only)', () => {
  it('keeps digits and maps look-alikes to digits', () => {
    expect(normalizeOtpCode('12 34-5o', DIGITS_6)).toEqual({ code: '123450', complete: true, valid: true })
    expect(normalizeOtpCode('l2345I', DIGITS_6)).toEqual({ code: '123451', complete: true, valid: true })
  })

  it('drops letters and flags them', () => {
    expect(normalizeOtpCode('12A456', DIGITS_6)).toEqual({ code: '12456', complete: false, valid: false })
  })
})

describe('normalizeOtpCode input checks', () => {
  it('refuses bad arguments with labelled errors', () => {
    expect(() => normalizeOtpCode(123456 as unknown as string, DIGITS_6)).toThrow(
      /normalizeOtpCode\(input\): expected a string/,
    )
    expect(() => normalizeOtpCode('1', { length: 0, alphanumeric: true })).toThrow(/\{ length \}/)
    expect(() => normalizeOtpCode('1', { length: 6, alphanumeric: 'yes' as unknown as boolean })).toThrow(
      /\{ alphanumeric \}/,
    )
  })
})
