import { COUNTRY_DIAL_CODES } from './countryDialCodes'

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'GB'. */
  code: string
  /** In the reader's language, e.g. 'United Kingdom'. */
  name: string
  /** Without the plus, e.g. '44'. */
  dialCode: string
}

const cache = new Map<string, Country[]>()

/**
 * Every country with its calling code, named in `locale` (Intl.DisplayNames; the code itself where a
 * browser has none) and sorted by name the way that language sorts.
 */
export function countries(locale: string | undefined): Country[] {
  const key = locale ?? ''
  const cached = cache.get(key)
  if (cached) return cached
  const names = displayNames(locale)
  const collator = collatorFor(locale)
  const list = COUNTRY_DIAL_CODES.map(({ code, dialCode }) => ({ code, dialCode, name: names?.of(code) ?? code })).sort(
    (a, b) => collator.compare(a.name, b.name),
  )
  cache.set(key, list)
  return list
}

// "Égypte" sorts among the E's in French, "Österreich" beside "Oman" in German: the language's own order.
function collatorFor(locale: string | undefined): Intl.Collator {
  try {
    return new Intl.Collator(locale)
  } catch {
    // An unknown locale tag (an app's own dictionary may set anything): the default order.
    return new Intl.Collator()
  }
}

function displayNames(locale: string | undefined): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(locale === undefined ? undefined : [locale], { type: 'region', fallback: 'code' })
  } catch {
    // An unknown locale tag, or a browser without Intl.DisplayNames (Safari before 14.1).
    return undefined
  }
}

/**
 * The country of the reader's first language with a region (`en-GB` → GB), else the US. Languages
 * without a region say nothing of where one lives (`en`, `fr`).
 */
export function defaultCountryCode(languages: readonly string[]): string {
  for (const language of languages) {
    let region: string | undefined
    try {
      region = new Intl.Locale(language).region
    } catch {
      continue
    }
    if (region !== undefined && COUNTRY_DIAL_CODES.some((country) => country.code === region)) return region
  }
  return 'US'
}
