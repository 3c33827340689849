// Writes src/components/phone/exampleNumbers.ts: for each country the kit lists, libphonenumber-js's
// example mobile number, grouped as its international format writes it after the calling code (a
// devDependency: the browser keeps this table, not the 32 KB library). One table gives the phone field its
// example and every number shown its grouping (e164.ts).
// `npx tsx scripts/exampleNumbers.ts` after changing the country list or updating libphonenumber-js;
// exampleNumbers.test.ts fails while the table is stale.
import { resolve } from 'node:path'
import { getExampleNumber, type CountryCode } from 'libphonenumber-js'
import examples from 'libphonenumber-js/examples.mobile.json'
import { COUNTRY_DIAL_CODES } from '../src/components/phone/countryDialCodes'
import { countryTableSource, writeWhenRun } from './countryTable'

export const EXAMPLE_NUMBERS_FILE = resolve(import.meta.dirname, '..', 'src/components/phone/exampleNumbers.ts')

/** The table's source text. */
export function exampleNumbersSource(): string {
  const tokens = COUNTRY_DIAL_CODES.map(({ code }) => {
    const example = getExampleNumber(code as CountryCode, examples)
    if (example === undefined) throw new Error(`libphonenumber-js has no example number for ${code}`)
    // "+44 7400 123456": what follows the calling code, its groups joined by '-' (a space parts entries).
    const [, ...groups] = example.formatInternational().split(' ')
    if (!groups.every((group) => /^\d+$/.test(group)))
      throw new Error(`${code}: ${example.formatInternational()} is not digits in groups`)
    return groups.join('-')
  })
  return countryTableSource({
    script: 'exampleNumbers.ts',
    describe: `// One entry per country, in COUNTRY_DIAL_CODES order: its example mobile number after the calling code,
// in the groups its international format writes (a North American one with its area code), joined by '-'.`,
    name: 'EXAMPLE_NUMBERS',
    tokens,
    perLine: 12,
  })
}

writeWhenRun(import.meta.url, EXAMPLE_NUMBERS_FILE, exampleNumbersSource)
