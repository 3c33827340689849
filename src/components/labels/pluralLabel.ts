import type { PluralLabel } from '../../appearance/PluralLabel'

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
