import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  NUMBER_LENGTHS_FILE,
  countryPrefixLengths,
  lengthsToken,
  numberLengthsSource,
  prefixLengths,
} from '../../../scripts/numberLengths'
import { COUNTRY_DIAL_CODES } from './countryDialCodes'
import { NUMBER_LENGTHS } from './numberLengths'

const summary = (pattern: string) =>
  Object.fromEntries([...prefixLengths(pattern)].map(([prefix, lengths]) => [prefix, [...lengths].sort()]))

describe('the number lengths table', () => {
  it('is what scripts/numberLengths.ts writes from the installed libphonenumber-js (run it if this fails)', () => {
    expect(readFileSync(NUMBER_LENGTHS_FILE, 'utf8')).toBe(numberLengthsSource())
  })

  it('has one entry per listed country, each a list of first digits with lengths', () => {
    const entries = NUMBER_LENGTHS.split(' ')
    expect(entries).toHaveLength(COUNTRY_DIAL_CODES.length)
    for (const entry of entries) expect(entry).toMatch(/^(\d*:[0-9a-z]+(\((\d*:[0-9a-z]+,?)+\))?,?)+$/)
  })

  it("writes Britain's numbers a text reaches: 9 or 10 digits after a 1 (10 after 11), 10 after 2, 5 or 7", () => {
    expect(lengthsToken(countryPrefixLengths('GB'))).toBe('1:9a(1:a),257:a')
  })
})

describe('prefixLengths, on the forms libphonenumber patterns take', () => {
  it('reads digits, \\d, classes with ranges and fixed repeats', () => {
    expect(summary('7[1-3]\\d{3}')).toEqual({ '71': [5], '72': [5], '73': [5] })
  })

  it('reads alternatives inside and outside groups, capturing or not', () => {
    expect(summary('(?:12|3)\\d{2}|(4)5')).toEqual({
      '12': [4],
      '30': [3],
      '31': [3],
      '32': [3],
      '33': [3],
      '34': [3],
      '35': [3],
      '36': [3],
      '37': [3],
      '38': [3],
      '39': [3],
      '45': [2],
    })
  })

  it('reads optional parts and ranges of repeats as several lengths', () => {
    expect(summary('8\\d?9{1,2}')).toEqual({
      '80': [3, 4],
      '81': [3, 4],
      '82': [3, 4],
      '83': [3, 4],
      '84': [3, 4],
      '85': [3, 4],
      '86': [3, 4],
      '87': [3, 4],
      '88': [3, 4],
      '89': [2, 3, 4],
    })
  })

  it('keeps a whole number shorter than the prefix as its own prefix', () => {
    expect(summary('1|23')).toEqual({ '1': [1], '23': [2] })
  })

  it('refuses what no numbering pattern has, naming it', () => {
    expect(() => prefixLengths('1+')).toThrow(/\+ at 1 of 1\+/)
    expect(() => prefixLengths('(12')).toThrow(/unclosed group/)
  })
})
