import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EXAMPLE_NUMBERS_FILE, exampleNumbersSource } from '../../../scripts/exampleNumbers'
import { COUNTRY_DIAL_CODES } from './countryDialCodes'
import { EXAMPLE_NUMBERS } from './exampleNumbers'

describe('the example numbers table', () => {
  it('is what scripts/exampleNumbers.ts writes from the installed libphonenumber-js (run it if this fails)', () => {
    expect(readFileSync(EXAMPLE_NUMBERS_FILE, 'utf8')).toBe(exampleNumbersSource())
  })

  it('has one entry per listed country, digits in groups', () => {
    const entries = EXAMPLE_NUMBERS.split(' ')
    expect(entries).toHaveLength(COUNTRY_DIAL_CODES.length)
    for (const entry of entries) expect(entry).toMatch(/^\d+(-\d+)*$/)
  })
})
