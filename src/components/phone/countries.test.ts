import { describe, expect, it } from 'vitest'
import { countries } from './countries'

const names = (locale: string) => countries(locale).map((country) => country.name)

describe('countries', () => {
  it('names every country in the language asked for', () => {
    expect(countries('fr').find((country) => country.code === 'DE')).toEqual({
      code: 'DE',
      name: 'Allemagne',
      dialCode: '49',
    })
    expect(countries('en').find((country) => country.code === 'DE')?.name).toBe('Germany')
  })

  it("sorts by the language's own order: Égypte among the E's in French, not after Z", () => {
    const french = names('fr')
    const collator = new Intl.Collator('fr')
    expect(french).toEqual([...french].sort(collator.compare))
    // The order a plain sort gives (by code point) would put it after Zimbabwe.
    expect([...french].sort().indexOf('Égypte')).toBeGreaterThan([...french].sort().indexOf('Zimbabwe'))
    const egypt = french.indexOf('Égypte')
    expect(french[egypt - 1]?.[0]).toMatch(/[DdEÉ]/)
    expect(french[egypt + 1]?.[0]).toMatch(/[EÉ]/)
    expect(egypt).toBeLessThan(french.indexOf('Espagne'))
  })

  it('still lists every country for a tag Intl cannot read', () => {
    expect(() => countries('not a tag!')).not.toThrow()
    expect(countries('not a tag!')).toHaveLength(countries('en').length)
  })
})
