// Writes src/components/phone/numberLengths.ts: for each country the kit lists, how many digits a national
// number has, by its first two digits, read from libphonenumber-js's full ("max") metadata: the patterns of
// every type of number a text can reach (fixed line, mobile, VoIP, …) together. A country's fewest-to-most digits let through a
// British mobile cut to 8 digits (Britain has numbers of 7, 9 and 10, none of 8) or a German "151" mobile
// cut to 9 (Germany has 9-digit numbers, but none starting 15): by its first digits, each is refused.
// `npx tsx scripts/numberLengths.ts` after changing the country list or updating libphonenumber-js;
// numberLengths.test.ts fails while the table is stale.
import { resolve } from 'node:path'
import { Metadata, type CountryCode, type NumberingPlan } from 'libphonenumber-js/core'
import maxMetadata from 'libphonenumber-js/metadata.max.json'
import { COUNTRY_DIAL_CODES } from '../src/components/phone/countryDialCodes'
import { countryTableSource, writeWhenRun } from './countryTable'

export const NUMBER_LENGTHS_FILE = resolve(import.meta.dirname, '..', 'src/components/phone/numberLengths.ts')

// Present at runtime on every numbering plan, missing from libphonenumber-js's declarations.
interface TypedNumberingPlan extends NumberingPlan {
  nationalNumberPattern(): string
  type(name: string): { pattern(): string } | undefined
}

/**
 * The types of number a text message can reach, or might: fixed lines stay, as a country may not tell
 * them from mobiles (the United States). Toll-free, premium-rate, shared-cost, UAN and voicemail numbers
 * receive none, and leaving them out keeps the table a quarter smaller.
 */
const NUMBER_TYPES = ['FIXED_LINE', 'MOBILE', 'VOIP', 'PERSONAL_NUMBER', 'PAGER'] as const

/**
 * What a pattern's numbers look like at their start: each prefix of `depth` digits (or a whole number
 * shorter than that) with the lengths of the numbers that start with it.
 */
export type PrefixLengths = Map<string, Set<number>>

/**
 * The prefixes and lengths of the numbers a libphonenumber pattern matches. The patterns use digits,
 * `\d`, classes with ranges, groups (capturing or not), `|`, `?` and `{n}` / `{n,m}`: a finite language,
 * walked as a summary (prefix → lengths) rather than number by number.
 */
export function prefixLengths(pattern: string, depth = 2): PrefixLengths {
  let at = 0
  const empty = (): PrefixLengths => new Map([['', new Set([0])]])
  const digits = (set: Iterable<string>): PrefixLengths => new Map([...set].map((digit) => [digit, new Set([1])]))

  function union(a: PrefixLengths, b: PrefixLengths): PrefixLengths {
    const out: PrefixLengths = new Map()
    for (const summary of [a, b])
      for (const [prefix, lengths] of summary) out.set(prefix, new Set([...(out.get(prefix) ?? []), ...lengths]))
    return out
  }

  function then(a: PrefixLengths, b: PrefixLengths): PrefixLengths {
    const out: PrefixLengths = new Map()
    const add = (prefix: string, lengths: Iterable<number>) =>
      out.set(prefix, new Set([...(out.get(prefix) ?? []), ...lengths]))
    const bLengths = [...new Set([...b.values()].flatMap((lengths) => [...lengths]))]
    for (const [head, headLengths] of a) {
      // A prefix of full depth is settled: only the lengths grow.
      if (head.length === depth) {
        add(
          head,
          [...headLengths].flatMap((length) => bLengths.map((more) => length + more)),
        )
        continue
      }
      // Shorter, it is a whole number so far: what follows completes its prefix.
      for (const [tail, tailLengths] of b) {
        const joined = head + tail
        if (joined.length < depth) add(joined, [joined.length])
        else
          add(
            joined.slice(0, depth),
            [...tailLengths].map((length) => head.length + length),
          )
      }
    }
    return out
  }

  function alternatives(): PrefixLengths {
    let summary = sequence()
    while (pattern[at] === '|') {
      at += 1
      summary = union(summary, sequence())
    }
    return summary
  }

  function sequence(): PrefixLengths {
    let summary = empty()
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') summary = then(summary, repeated(atom()))
    return summary
  }

  function atom(): PrefixLengths {
    const char = pattern[at]
    if (char === '(') {
      at += pattern.startsWith('(?:', at) ? 3 : 1
      const inner = alternatives()
      if (pattern[at] !== ')') throw new Error(`unclosed group in ${pattern}`)
      at += 1
      return inner
    }
    if (char === '[') {
      const end = pattern.indexOf(']', at)
      const body = pattern.slice(at + 1, end)
      at = end + 1
      const set = new Set<string>()
      for (const [, from, to] of body.matchAll(/(\d)(?:-(\d))?/g))
        for (let digit = Number(from); digit <= Number(to ?? from); digit++) set.add(String(digit))
      return digits(set)
    }
    if (pattern.startsWith('\\d', at)) {
      at += 2
      return digits('0123456789')
    }
    if (char !== undefined && /\d/.test(char)) {
      at += 1
      return digits(char)
    }
    throw new Error(`${char ?? 'the end'} at ${at} of ${pattern}: not in a numbering pattern`)
  }

  function repeated(summary: PrefixLengths): PrefixLengths {
    const bounds = /^(?:\?|\{(\d+)(?:,(\d+))?\})/.exec(pattern.slice(at))
    if (bounds === null) return summary
    at += bounds[0].length
    const fewest = bounds[0] === '?' ? 0 : Number(bounds[1])
    const most = bounds[0] === '?' ? 1 : Number(bounds[2] ?? bounds[1])
    let out: PrefixLengths = fewest === 0 ? empty() : new Map()
    let power = empty()
    for (let count = 1; count <= most; count++) {
      power = then(power, summary)
      if (count >= fewest) out = union(out, power)
    }
    return out
  }

  const summary = alternatives()
  if (at !== pattern.length) throw new Error(`unexpected ${pattern[at]} at ${at} of ${pattern}`)
  return summary
}

const lengthKey = (lengths: Iterable<number>): string =>
  [...lengths]
    .sort((a, b) => a - b)
    .map((length) => length.toString(36))
    .join('')

/** Digits with the same key, gathered: `23579:a`; every digit of ten is written as none (`:9`). */
function gather(byDigit: Map<string, string>): string[] {
  const groups = new Map<string, string>()
  for (const [digit, key] of [...byDigit].sort()) groups.set(key, (groups.get(key) ?? '') + digit)
  return [...groups].map(([key, digitsOfKey]) => `${digitsOfKey.length === 10 ? '' : digitsOfKey}:${key}`)
}

/**
 * One country's token: for each first digit a number can start with, the lengths (base 36) of the numbers
 * that start with it, and in brackets the second digits whose numbers have fewer lengths than that.
 * Britain's is `1:9a(1:a),257:a`: numbers starting 1 have 9 or 10 digits, those starting 11 only 10,
 * those starting 2, 5 or 7 have 10; none a text reaches starts with 0, 3, 4, 6, 8 or 9.
 */
export function lengthsToken(summary: PrefixLengths): string {
  const byFirst = new Map<string, Set<number>>()
  const bySecond = new Map<string, Map<string, Set<number>>>()
  for (const [prefix, lengths] of summary) {
    const first = prefix.charAt(0)
    if (first === '') continue
    byFirst.set(first, new Set([...(byFirst.get(first) ?? []), ...lengths]))
    if (prefix.length < 2) continue
    const seconds = bySecond.get(first) ?? new Map<string, Set<number>>()
    seconds.set(prefix.charAt(1), new Set([...(seconds.get(prefix.charAt(1)) ?? []), ...lengths]))
    bySecond.set(first, seconds)
  }
  const keys = new Map<string, string>()
  for (const [first, lengths] of byFirst) {
    const key = lengthKey(lengths)
    const narrower = new Map<string, string>()
    for (const [second, secondLengths] of bySecond.get(first) ?? [])
      if (lengthKey(secondLengths) !== key) narrower.set(second, lengthKey(secondLengths))
    keys.set(first, narrower.size === 0 ? key : `${key}(${gather(narrower).join(',')})`)
  }
  return gather(keys).join(',')
}

/** The prefixes and lengths of the numbers of a country that a text can reach, the types together. */
export function countryPrefixLengths(country: string): PrefixLengths {
  const metadata = new Metadata(maxMetadata)
  metadata.selectNumberingPlan(country as CountryCode)
  const plan = metadata.numberingPlan as TypedNumberingPlan | undefined
  if (plan === undefined) throw new Error(`libphonenumber-js has no numbering plan for ${country}`)
  const patterns = NUMBER_TYPES.flatMap((type) => plan.type(type)?.pattern() ?? [])
  // A territory without typed patterns (none today) falls back to the country's general one.
  if (patterns.length === 0) patterns.push(plan.nationalNumberPattern())
  return patterns
    .map((pattern) => prefixLengths(pattern))
    .reduce((all, one) => {
      for (const [prefix, lengths] of one) all.set(prefix, new Set([...(all.get(prefix) ?? []), ...lengths]))
      return all
    }, new Map())
}

/** The table's source text. */
export function numberLengthsSource(): string {
  return countryTableSource({
    script: 'numberLengths.ts',
    describe: `// One entry per country, in COUNTRY_DIAL_CODES order: for each first digit a national number can start with,
// the lengths (base 36) of the numbers that start with it, and in brackets the second digits whose numbers
// have fewer lengths. \`1:9a(1:a),257:a\` is Britain's; a digit not listed starts no number a text reaches.`,
    name: 'NUMBER_LENGTHS',
    tokens: COUNTRY_DIAL_CODES.map(({ code }) => lengthsToken(countryPrefixLengths(code))),
    perLine: 4,
  })
}

writeWhenRun(import.meta.url, NUMBER_LENGTHS_FILE, numberLengthsSource)
