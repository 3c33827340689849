import { afterEach, describe, expect, it, vi } from 'vitest'
import { CROCKFORD_ALPHABET, generateOtpCode, otpCodesMatch } from './otp'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('generateOtpCode', () => {
  it('draws alphanumeric codes from Crockford base32 (no I, L, O, U)', () => {
    expect(CROCKFORD_ALPHABET).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ')
    const codes = Array.from({ length: 200 }, () => generateOtpCode(9, true))
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{9}$/)
    // Letters do show up: the alphabet is not digits only.
    expect(codes.join('')).toMatch(/[A-Z]/)
  })

  it('draws digits only when alphanumeric is false', () => {
    for (let length = 6; length <= 9; length++)
      expect(generateOtpCode(length, false)).toMatch(new RegExp(`^\\d{${length}}$`))
  })

  it('rejects the bytes that would bias digits (250..255) instead of folding them', () => {
    // 255 % 10 would give '5' and favour 0..5; the generator must draw again.
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array
      bytes.fill(255)
      bytes[1] = 13
      bytes[3] = 249
      bytes[5] = 250
      return array
    })
    // Each round yields two accepted bytes (13 → 3, 249 → 9), so three rounds make a 6-character code.
    expect(generateOtpCode(6, false)).toBe('393939')
  })

  it('uses every byte for base32, where 256 is a multiple of 32', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array
      bytes.set([255, 0, 31, 32, 200, 100])
      return array
    })
    expect(generateOtpCode(6, true)).toBe('Z0Z084')
  })
})

describe('otpCodesMatch', () => {
  it('ignores case and surrounding space', () => {
    expect(otpCodesMatch('AB12CD', 'ab12cd')).toBe(true)
    expect(otpCodesMatch('AB12CD', ' AB12CD ')).toBe(true)
    expect(otpCodesMatch('AB12CD', 'AB12CE')).toBe(false)
  })
})
