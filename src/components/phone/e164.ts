// A phone number as a person types it (a country chosen, a national number) to E.164 and back. Light by
// design: calling codes and trunk prefixes, not each country's numbering plan; the proxy's check and
// the code that must arrive are the real proof that a number is right.
import { isE164PhoneNumber, normalizePhoneNumber } from '../../react'
import { COUNTRY_DIAL_CODES, type CountryDialCode } from './countryDialCodes'

export interface PhoneDraft {
  /** ISO 3166-1 alpha-2 of the chosen country. */
  country: string
  /** As typed: a national number, or an international one starting with + (or 00). */
  number: string
}

// Where a leading 0 is part of the number itself rather than a trunk prefix to drop.
const KEEPS_LEADING_ZERO = new Set(['IT', 'VA', 'SM', 'CI', 'CG', 'GA'])

/** The E.164 form of a draft, or undefined when it cannot be one. */
export function toE164(draft: PhoneDraft): string | undefined {
  // "+44 (0)20 …": the bracketed trunk 0 is written for national callers only.
  const typed = normalizePhoneNumber(draft.number.replace(/\(0\)/, '')) ?? ''
  let e164: string
  if (typed.startsWith('+')) e164 = typed
  else if (typed.startsWith('00')) e164 = `+${typed.slice(2)}`
  else {
    const country = COUNTRY_DIAL_CODES.find((candidate) => candidate.code === draft.country)
    if (country === undefined || !/^\d+$/.test(typed)) return undefined
    e164 = `+${internationalDigits(country, typed)}`
  }
  if (!isE164PhoneNumber(e164)) return undefined
  // North American numbers are always 10 digits after the 1.
  if (e164.startsWith('+1') && e164.length !== 12) return undefined
  return e164
}

function internationalDigits({ code, dialCode }: CountryDialCode, digits: string): string {
  if (dialCode.startsWith('1')) {
    // North America: 1 is the trunk prefix, the area code may be left out where a country has one.
    if (digits.length === 11 && digits.startsWith('1')) return digits
    if (digits.length === 10) return `1${digits}`
    return dialCode.length > 1 && digits.length === 7 ? `${dialCode}${digits}` : `1${digits}`
  }
  // Russia and Kazakhstan dial 8 before the national number.
  if (dialCode === '7' && digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`
  if (digits.startsWith('0') && !KEEPS_LEADING_ZERO.has(code)) return `${dialCode}${digits.replace(/^0/, '')}`
  return `${dialCode}${digits}`
}

/** The country an E.164 number belongs to by its longest calling code (shared codes: the first listed). */
export function countryOfE164(e164: string): CountryDialCode | undefined {
  let best: CountryDialCode | undefined
  for (const country of COUNTRY_DIAL_CODES) {
    if (e164.startsWith(`+${country.dialCode}`) && country.dialCode.length > (best?.dialCode.length ?? 0)) best = country
  }
  return best
}

/** A number to read: the calling code apart (`+44 7700900123`), North American ones grouped (`+1 415 555 0123`). */
export function formatE164(e164: string): string {
  if (/^\+1\d{10}$/.test(e164)) return `+1 ${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`
  const country = countryOfE164(e164)
  if (country === undefined) return e164
  return `+${country.dialCode} ${e164.slice(country.dialCode.length + 1)}`
}

/** A draft that gives `e164` back: its country, and the number after the calling code. */
export function draftOfE164(e164: string, fallbackCountry: string): PhoneDraft {
  const country = countryOfE164(e164)
  return country === undefined
    ? { country: fallbackCountry, number: e164 }
    : { country: country.code, number: e164.slice(country.dialCode.length + 1) }
}
