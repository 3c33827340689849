import { en } from '../locales/en'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'

/** A full dictionary: the locale (English by default) with the app's overrides on top. */
export function resolveLabels(locale: LoginLabels = en, labels: LoginLabelsOverride = {}): LoginLabels {
  return { ...locale, ...labels, errors: { ...locale.errors, ...labels.errors } }
}
