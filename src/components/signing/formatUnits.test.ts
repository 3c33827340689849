import { describe, expect, it } from 'vitest'
import { formatUnits } from './formatUnits'

describe('formatUnits', () => {
  it('divides by 10^decimals exactly, where a float would round', () => {
    expect(formatUnits(10n ** 18n + 1n, 18, 'en')).toBe('1.000000000000000001')
    expect(formatUnits(5n, 18, 'en')).toBe('0.000000000000000005')
    expect(formatUnits(123_456_789_012_345_678_901_234_567n, 18, 'en')).toBe('123,456,789.012345678901234567')
  })

  it('drops the fraction’s trailing zeros, and the decimal sign with a whole number', () => {
    expect(formatUnits(30_500_000_000n, 9, 'en')).toBe('30.5')
    expect(formatUnits(42n * 10n ** 9n, 9, 'en')).toBe('42')
    expect(formatUnits(0n, 18, 'en')).toBe('0')
  })

  it('writes the locale’s grouping and decimal sign', () => {
    expect(formatUnits(1_234_500_000_000_000_000_000n, 18, 'fr')).toBe('1\u202f234,5')
    expect(formatUnits(1_234_500_000_000_000_000_000n, 18, 'de')).toBe('1.234,5')
  })

  it('keeps the sign of a negative value, and reads an unknown locale tag as English', () => {
    expect(formatUnits(-1_500_000_000n, 9, 'en')).toBe('-1.5')
    expect(formatUnits(1_500n, 3, 'not a tag!')).toBe('1.5')
  })
})
