// A phone number as a person types it (a country chosen, a national number) to E.164 and back. Light by
// design: calling codes, trunk prefixes, the lengths of numbers by their first two digits and one example
// number per country, not each country's numbering plan (checked against libphonenumber-js in
// e164.reference.test.ts); the proxy's check and the code that must arrive are the real proof that a
// number is right.
import { isE164PhoneNumber, normalizePhoneNumber } from '../../react'
import { COUNTRY_DIAL_CODES, type CountryDialCode } from './countryDialCodes'
import { EXAMPLE_NUMBERS } from './exampleNumbers'
import { NATIONAL_PLANS } from './nationalPlans'
import { NUMBER_LENGTHS } from './numberLengths'

export interface PhoneDraft {
  /** ISO 3166-1 alpha-2 of the chosen country. */
  country: string
  /** As typed: a national number, or an international one starting with + (or 00). */
  number: string
}

interface NationalPlan {
  /** Dialled before the national number at home ('0' in most countries, '06' in Hungary), longest first. */
  trunks: string[]
  /** A local number that may be dialled without its area code, and that area code (Bahamas: 7 digits, 242). */
  local?: { pattern: RegExp; area: string } | undefined
}

const PLAN_ENTRIES = NATIONAL_PLANS.split(' ')
const LENGTH_ENTRIES = NUMBER_LENGTHS.split(' ')
const EXAMPLE_ENTRIES = EXAMPLE_NUMBERS.split(' ')

function planOf(country: CountryDialCode): NationalPlan {
  const [trunks = '', local] = (PLAN_ENTRIES[COUNTRY_DIAL_CODES.indexOf(country)] ?? '').split('/')
  const [first, area] = local?.slice(1).split('>') ?? []
  return {
    trunks: trunks.split(',').filter((trunk) => /^\d+$/.test(trunk)),
    ...(local !== undefined &&
      area !== undefined && {
        local: { pattern: new RegExp(`^[${first}]\\d{${parseInt(local.charAt(0), 36) - 1}}$`), area },
      }),
  }
}

/** Whether a group's digits (all ten when none are written) hold a number's digit. */
function holds(digits: string, digit: string): boolean {
  return digit !== '' && (digits === '' || digits.includes(digit))
}

/**
 * Whether a country has numbers of this one's length that start with its first two digits (numberLengths.ts:
 * `1:9a(1:a),257:a` is 9 or 10 digits after a 1, 10 after 11 or a 2).
 */
function isPossibleNational(country: CountryDialCode, national: string): boolean {
  const entry = LENGTH_ENTRIES[COUNTRY_DIAL_CODES.indexOf(country)] ?? ''
  // Each match is a first-digit group whole, its bracketed second digits included.
  for (const [, digits = '', lengths = '', narrower = ''] of entry.matchAll(/(\d*):(\w+)(?:\(([^)]*)\))?/g)) {
    if (!holds(digits, national.charAt(0))) continue
    const second = [...narrower.matchAll(/(\d*):(\w+)/g)].find(([, seconds = '']) => holds(seconds, national.charAt(1)))
    return (second?.[2] ?? lengths).includes(national.length.toString(36))
  }
  return false
}

/** The calling code alone: North American countries are listed with an area code (+1 876), which belongs to the national number. */
function callingCode({ dialCode }: CountryDialCode): string {
  return dialCode.startsWith('1') ? '1' : dialCode
}

/** The E.164 form of a draft, or undefined when it cannot be one. */
export function toE164(draft: PhoneDraft): string | undefined {
  // "+44 (0)20 …": the bracketed trunk 0 is written for national callers only.
  const typed = normalizePhoneNumber(draft.number.replace(/\(0\)/, '')) ?? ''
  let e164: string
  let country: CountryDialCode | undefined
  if (typed.startsWith('+') || typed.startsWith('00')) {
    e164 = `+${typed.replace(/^(\+|00)/, '')}`
    // Where countries share a calling code, the first listed: its bounds hold the others' (nationalPlans.test.ts).
    country = countryOfE164(e164)
  } else {
    country = COUNTRY_DIAL_CODES.find((candidate) => candidate.code === draft.country)
    if (country === undefined || !/^\d+$/.test(typed)) return undefined
    e164 = `+${callingCode(country)}${nationalNumber(country, typed)}`
  }
  if (!isE164PhoneNumber(e164)) return undefined
  // North American numbers are 10 digits after the 1 (libphonenumber's Canada also allows 7, for numbers
  // no one outside can dial).
  if (e164.startsWith('+1')) return e164.length === 12 ? e164 : undefined
  if (country === undefined) return e164
  // Countries that share a calling code share its numbers: a Jersey number typed with Britain chosen is
  // the same E.164, and one typed with + is read as the first listed's.
  const national = e164.slice(1 + callingCode(country).length)
  const sharing = COUNTRY_DIAL_CODES.filter((candidate) => candidate.dialCode === country.dialCode)
  return sharing.some((candidate) => isPossibleNational(candidate, national)) ? e164 : undefined
}

function nationalNumber(country: CountryDialCode, digits: string): string {
  const { trunks, local } = planOf(country)
  if (local?.pattern.test(digits)) return `${local.area}${digits}`
  // A trunk prefix only where what follows can be a number (Russia's 800 numbers start with its trunk
  // prefix 8).
  const national = (rest: string) => (country.code === 'AR' ? argentineMobile(rest) : rest)
  const trunk = trunks.find(
    (prefix) => digits.startsWith(prefix) && isPossibleNational(country, national(digits.slice(prefix.length))),
  )
  return national(digits.slice(trunk?.length ?? 0))
}

/**
 * Argentina's mobile numbers are dialled at home as area code, 15, number (011 15 2345-6789) and from
 * abroad as 9, area code, number (+54 9 11 2345-6789). The area code has 2 digits (only Buenos Aires'
 * 11), 3 or 4, and no 3-digit code ends where a "15" at the fourth digit could be mistaken for it.
 */
function argentineMobile(national: string): string {
  if (national.length !== 12) return national
  const at = [national.startsWith('11') ? 2 : -1, 3, 4].find((index) => index > 0 && national.startsWith('15', index))
  return at === undefined ? national : `9${national.slice(0, at)}${national.slice(at + 2)}`
}

/** The country an E.164 number belongs to by its longest calling code (shared codes: the first listed). */
export function countryOfE164(e164: string): CountryDialCode | undefined {
  let best: CountryDialCode | undefined
  for (const country of COUNTRY_DIAL_CODES) {
    if (e164.startsWith(`+${country.dialCode}`) && country.dialCode.length > (best?.dialCode.length ?? 0))
      best = country
  }
  return best
}

/**
 * A number to read, as libphonenumber's international format writes the country's mobile numbers: the
 * calling code apart, then the groups of the country's example (`+44 7700 900123`, `+1 415 555 0123`,
 * `+33 6 12 34 56 78`). A number of another length than the example's is shown with the calling code
 * apart only (`+372 6001234`): no grouping rather than a wrong one.
 */
export function formatE164(e164: string): string {
  const country = countryOfE164(e164)
  if (country === undefined) return e164
  const code = callingCode(country)
  const national = e164.slice(code.length + 1)
  const groups = (EXAMPLE_ENTRIES[COUNTRY_DIAL_CODES.indexOf(country)] ?? '').split('-')
  if (groups.join('').length !== national.length) return `+${code} ${national}`
  const parts: string[] = []
  let start = 0
  for (const group of groups) {
    parts.push(national.slice(start, start + group.length))
    start += group.length
  }
  return `+${code} ${parts.join(' ')}`
}

/** The phone field's example for a country (`7400 123456` in the UK): a mobile number, grouped as formatE164 shows one. */
export function exampleNumber(countryCode: string): string | undefined {
  return EXAMPLE_ENTRIES[COUNTRY_DIAL_CODES.findIndex((country) => country.code === countryCode)]?.replace(/-/g, ' ')
}

/** A draft that gives `e164` back: its country, and the number after the calling code. */
export function draftOfE164(e164: string, fallbackCountry: string): PhoneDraft {
  const country = countryOfE164(e164)
  return country === undefined
    ? { country: fallbackCountry, number: e164 }
    : { country: country.code, number: e164.slice(callingCode(country).length + 1) }
}
