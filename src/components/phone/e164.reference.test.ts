// The hand-written phone check against libphonenumber-js (a devDependency, never shipped: 32 KB against
// the kit's 2 KB), the way the P-256 code is checked against noble. For every country the kit lists, its
// example mobile number typed as a person types it must give libphonenumber's E.164, and a number of a
// length libphonenumber calls impossible for that country, or for numbers starting as it does, refused.
import {
  getExampleNumber,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js'
import examples from 'libphonenumber-js/examples.mobile.json'
import { isValidPhoneNumber } from 'libphonenumber-js/max'
import { describe, expect, it } from 'vitest'
import { COUNTRY_DIAL_CODES } from './countryDialCodes'
import { countryOfE164, exampleNumber, formatE164, toE164 } from './e164'

function example(country: string): PhoneNumber {
  const number = getExampleNumber(country as CountryCode, examples)
  if (number === undefined) throw new Error(`libphonenumber-js has no example number for ${country}`)
  return number
}

/** The ways people type one number: with the trunk prefix as written at home, without it, with dashes, bare, international. */
function typings(number: PhoneNumber): string[] {
  const national = number.formatNational()
  const international = number.formatInternational()
  return [
    national,
    national.replace(/ /g, '-'),
    international.slice(international.indexOf(' ') + 1),
    number.nationalNumber,
    international,
  ]
}

const countries = COUNTRY_DIAL_CODES.map(({ code }) => code)

describe('typed example numbers, against libphonenumber-js', () => {
  it('has an example for every country the kit lists', () => {
    expect(countries.length).toBeGreaterThan(240)
    for (const country of countries) expect(example(country).number).toMatch(/^\+\d+$/)
  })

  it.each(countries)('%s: each typing of the example gives its E.164', (country) => {
    const number = example(country)
    for (const typed of typings(number)) {
      // The typing itself is one libphonenumber reads as the example, so a mismatch is the kit's.
      expect(parsePhoneNumberWithError(typed, country as CountryCode).number).toBe(number.number)
      expect({ typed, e164: toE164({ country, number: typed }) }).toEqual({ typed, e164: number.number })
    }
  })
})

describe('numbers shown, against libphonenumber-js', () => {
  it.each(countries)("%s: the example reads as libphonenumber's international format", (country) => {
    const number = example(country)
    const international = number.formatInternational()
    // Where countries share a calling code, a number is grouped as the first listed groups its own (GB
    // for Jersey's +44, RU for Kazakhstan's +7): the digits are the same, the spaces may fall elsewhere.
    const shown = formatE164(number.number)
    if (countryOfE164(number.number)?.code === country) expect(shown).toBe(international)
    else expect(shown.replace(/ /g, '')).toBe(number.number)
    // The phone field's example is the same number, as typed after the calling code.
    expect(exampleNumber(country)).toBe(international.slice(international.indexOf(' ') + 1))
  })
})

describe('lengths libphonenumber-js calls impossible', () => {
  it.each(countries)('%s: too short and too long national numbers are refused', (country) => {
    const digits = example(country).nationalNumber
    const tried = [
      ...Array.from({ length: digits.length - 1 }, (_, index) => digits.slice(0, index + 1)),
      ...Array.from({ length: 8 }, (_, index) => digits + '12345678'.slice(0, index + 1)),
    ]
    let impossible = 0
    for (const typed of tried) {
      const verdict = validatePhoneNumberLength(typed, country as CountryCode)
      if (verdict !== 'TOO_SHORT' && verdict !== 'TOO_LONG') continue
      impossible += 1
      expect({ typed, verdict, e164: toE164({ country, number: typed }) }).toEqual({ typed, verdict, e164: undefined })
    }
    // Every country has some length too long (none dials 8 more digits than its example).
    expect(impossible).toBeGreaterThan(0)
  })

  it('refuses a too-short British number the old check let through', () => {
    expect(validatePhoneNumberLength('770090', 'GB')).toBe('TOO_SHORT')
    expect(toE164({ country: 'GB', number: '770090' })).toBeUndefined()
  })
})

describe('numbers cut short, against the full metadata of libphonenumber-js', () => {
  // The kit reads a number's first two digits; these two differ from a valid number only at the third
  // (Brazil's 11 9…: 11 digits for a mobile, 10 for a line, and 11 96… is neither at 10).
  const READ_AT_THE_THIRD_DIGIT = ['BG 4301234', 'BR 1196123456']

  it('refuses every example mobile cut by one or two digits that the full metadata calls invalid', () => {
    const accepted: string[] = []
    let invalid = 0
    for (const country of countries) {
      const digits = example(country).nationalNumber
      for (const typed of [digits.slice(0, -1), digits.slice(0, -2)]) {
        if (isValidPhoneNumber(typed, country as CountryCode)) continue
        invalid += 1
        if (toE164({ country, number: typed }) !== undefined) accepted.push(`${country} ${typed}`)
      }
    }
    expect(invalid).toBeGreaterThan(470)
    expect(accepted).toEqual(READ_AT_THE_THIRD_DIGIT)
  })

  it.each([
    ['GB', '74001234'],
    ['DE', '151234567'],
    ['AU', '4123456'],
  ])('refuses %s %s, a mobile of a length the country has, but not after those digits', (country, typed) => {
    expect(isValidPhoneNumber(typed, country as CountryCode)).toBe(false)
    expect(toE164({ country, number: typed })).toBeUndefined()
  })
})
