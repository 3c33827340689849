import { describe, expect, it } from 'vitest'
import { countries, defaultCountryCode } from './countries'
import { countryOfE164, draftOfE164, exampleNumber, formatE164, toE164 } from './e164'

describe('toE164', () => {
  it.each([
    ['GB', '07700 900123', '+447700900123'],
    ['GB', '7700 900123', '+447700900123'],
    ['GB', '+44 7700 900123', '+447700900123'],
    ['US', '+44 (0)7700 900123', '+447700900123'],
    ['US', '0044 7700 900123', '+447700900123'],
    ['US', '(415) 555-0123', '+14155550123'],
    ['US', '1 415 555 0123', '+14155550123'],
    ['CA', '604.555.0123', '+16045550123'],
    ['BB', '555 0123', '+12465550123'],
    ['JM', '876 555 0123', '+18765550123'],
    // Jamaica has two area codes (876, 658): no local number without one, as libphonenumber-js agrees.
    ['JM', '555 0123', undefined],
    ['GG', '234567', '+441481234567'],
    ['US', '555 0123', undefined],
    ['US', '+1 415 555 012', undefined],
    ['IT', '06 1234 5678', '+390612345678'],
    ['IT', '312 345 6789', '+393123456789'],
    ['FR', '06 12 34 56 78', '+33612345678'],
    ['DE', '0151 23456789', '+4915123456789'],
    ['RU', '8 912 345 67 89', '+79123456789'],
    ['RU', '8 800 123 45 67', '+78001234567'],
    ['RU', '800 123 45 67', '+78001234567'],
    ['HU', '06 20 123 4567', '+36201234567'],
    ['BY', '8 029 491-19-11', '+375294911911'],
    ['BJ', '01 95 12 34 56', '+2290195123456'],
    ['AR', '011 15-2345-6789', '+5491123456789'],
    ['AR', '351 15 123 4567', '+5493511234567'],
    ['AR', '02202 15 12 3456', '+5492202123456'],
    ['AR', '9 11 2345 6789', '+5491123456789'],
    ['ES', '0612345678', undefined],
    ['GB', '770090', undefined],
    ['GB', '+44 770090', undefined],
    ['IN', '98765 43210', '+919876543210'],
    ['GB', '', undefined],
    ['GB', '07700 9OO123', undefined],
    ['GB', '12', undefined],
    ['ZZ', '7700 900123', undefined],
  ])('reads %s %j as %j', (country, number, e164) => {
    expect(toE164({ country, number })).toBe(e164)
  })
})

describe('reading a number back', () => {
  it.each([
    ['+447700900123', 'GB', '7700900123', '+44 7700 900123'],
    ['+14155550123', 'US', '4155550123', '+1 415 555 0123'],
    ['+18765550123', 'JM', '8765550123', '+1 876 555 0123'],
    ['+79123456789', 'RU', '9123456789', '+7 912 345 67 89'],
    ['+33612345678', 'FR', '612345678', '+33 6 12 34 56 78'],
    // A length the country's mobile numbers do not have (an Estonian landline): the calling code apart.
    ['+3726001234', 'EE', '6001234', '+372 6001234'],
  ])('%s is %s %s, shown as %j, and reads back the same', (e164, country, number, shown) => {
    expect(countryOfE164(e164)?.code).toBe(country)
    expect(draftOfE164(e164, 'US')).toEqual({ country, number })
    expect(toE164(draftOfE164(e164, 'US'))).toBe(e164)
    expect(formatE164(e164)).toBe(shown)
  })
})

describe('exampleNumber', () => {
  it("is the country's example mobile number, grouped as the numbers shown are", () => {
    expect(exampleNumber('GB')).toBe('7400 123456')
    expect(exampleNumber('US')).toBe('201 555 0123')
    expect(exampleNumber('FR')).toBe('6 12 34 56 78')
    expect(exampleNumber('ZZ')).toBeUndefined()
  })
})

describe('countries', () => {
  it('names each country in the given language, sorted, with its calling code', () => {
    const english = countries('en')
    expect(english.length).toBeGreaterThan(240)
    expect(english.find((country) => country.code === 'GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      dialCode: '44',
    })
    const names = english.map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(countries('de').find((country) => country.code === 'DE')?.name).toBe('Deutschland')
    expect(new Set(english.map((country) => country.code)).size).toBe(english.length)
  })

  it("picks the country of the reader's first language with a region, else the US", () => {
    expect(defaultCountryCode(['fr', 'en-GB', 'en-US'])).toBe('GB')
    expect(defaultCountryCode(['de-AT'])).toBe('AT')
    expect(defaultCountryCode(['en', 'not a tag'])).toBe('US')
    expect(defaultCountryCode([])).toBe('US')
  })
})
