// Writes src/components/phone/nationalPlans.ts: for each country the kit lists, the trunk prefixes dialled
// before its national numbers at home and where an area code may be left out, taken from libphonenumber-js's
// metadata (how many digits a number has is numberLengths.ts's) (a devDependency: the browser keeps this small table, not the 32 KB library).
// `npx tsx scripts/nationalPlans.ts` after changing the country list or updating libphonenumber-js;
// nationalPlans.test.ts fails while the table is stale.
import { resolve } from 'node:path'
import { Metadata, type CountryCode, type NumberingPlan } from 'libphonenumber-js'
import { COUNTRY_DIAL_CODES } from '../src/components/phone/countryDialCodes'
import { countryTableSource, writeWhenRun } from './countryTable'

export const NATIONAL_PLANS_FILE = resolve(import.meta.dirname, '..', 'src/components/phone/nationalPlans.ts')

// Present at runtime on every numbering plan, missing from libphonenumber-js's declarations.
interface FullNumberingPlan extends NumberingPlan {
  nationalPrefix(): string | undefined
  nationalPrefixForParsing(): string | undefined
  nationalPrefixTransformRule(): string | undefined
}

/**
 * A local number dialled without its area code, as `/`, its length (base 36), its first digits as a
 * character class, `>`, and the area code to put before it: the metadata's `([3-8]\d{6})$` rewritten to
 * `242$1` in the Bahamas is `/73-8>242`. Empty where the country has none.
 */
function localRule(plan: FullNumberingPlan): string {
  const local = /^\((?:\[([\d-]+)\]|(\d))\\d\{(\d+)\}\)\$(?:\||$)/.exec(plan.nationalPrefixForParsing() ?? '')
  const area = /^(\d+)\$1$/.exec(plan.nationalPrefixTransformRule() ?? '')
  if (local === null || area === null) return ''
  return `/${(Number(local[3]) + 1).toString(36)}${local[1] ?? local[2]}>${area[1]}`
}

/**
 * The trunk prefixes: those the metadata's prefix-for-parsing accepts when it is a plain alternation of
 * digits (Belarus: `0|80?` is 80, 8 and 0), else the one prefix it formats with. Patterns with groups
 * also carry carrier codes or area-code rewrites (Argentina, Brazil, Colombia); the kit takes their
 * trunk prefix only, and e164.ts handles Argentina's mobile "15" itself.
 */
function trunkPrefixes(plan: FullNumberingPlan): string[] {
  const prefix = plan.nationalPrefix() || undefined
  const parsing = plan.nationalPrefixForParsing() || undefined
  if (parsing !== undefined && /^[\d|?[\]]+$/.test(parsing)) {
    const pattern = new RegExp(`^(?:${parsing})$`)
    const candidates = Array.from({ length: 110 }, (_, index) =>
      index < 10 ? String(index) : String(index - 10).padStart(2, '0'),
    )
    const accepted = candidates.filter((digits) => pattern.test(digits))
    return accepted.sort((a, b) => b.length - a.length || a.localeCompare(b))
  }
  return prefix === undefined ? [] : [prefix]
}

/** The table's source text. */
export function nationalPlansSource(): string {
  const metadata = new Metadata()
  const tokens = COUNTRY_DIAL_CODES.map(({ code }) => {
    metadata.selectNumberingPlan(code as CountryCode)
    const plan = metadata.numberingPlan as FullNumberingPlan | undefined
    if (plan === undefined) throw new Error(`libphonenumber-js has no numbering plan for ${code}`)
    // '-' for a country with neither, so that no entry is empty.
    return `${trunkPrefixes(plan).join(',')}${localRule(plan)}` || '-'
  })
  return countryTableSource({
    script: 'nationalPlans.ts',
    describe: `// One entry per country, in COUNTRY_DIAL_CODES order: the trunk prefixes dialled before a national number
// at home, longest first, then where one may leave the area code out: /, the local number's length, its
// first digits, >, the area code; '-' for neither.`,
    name: 'NATIONAL_PLANS',
    tokens,
    perLine: 20,
  })
}

writeWhenRun(import.meta.url, NATIONAL_PLANS_FILE, nationalPlansSource)
