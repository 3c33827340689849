/**
 * A string that depends on a count, one form per plural category of the language (`{count}` in each):
 * `one` and `other` are enough for English and French; a dictionary for a language with more categories
 * (Polish `few` and `many`, Arabic `zero` and `two`) adds them, and any it leaves out reads `other`.
 */
export interface PluralLabel {
  one: string
  other: string
  zero?: string
  two?: string
  few?: string
  many?: string
}

/**
 * The form of `label` for `count` in `locale`, chosen by the language's own rules (Intl.PluralRules):
 * English says "1 attempt" but "0 attempts", French "0 essai" and "1 essai".
 */
export function pluralLabel(label: PluralLabel, locale: string, count: number): string {
  return label[pluralCategory(locale, count)] ?? label.other
}

function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  try {
    return new Intl.PluralRules(locale).select(count)
  } catch {
    // A tag Intl cannot read (an app's own dictionary may set anything): English's rule.
    return count === 1 ? 'one' : 'other'
  }
}
