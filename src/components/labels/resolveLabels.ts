import { en } from '../locales/en'
import type { LoginLabels, LoginLabelsOverride } from '../../appearance/LoginLabels'

/**
 * A full dictionary: English, then a locale (a whole dictionary, or only some strings), then the app's
 * overrides; error messages are merged one by one.
 */
export function resolveLabels(locale: LoginLabelsOverride = {}, labels: LoginLabelsOverride = {}): LoginLabels {
  return { ...en, ...locale, ...labels, errors: { ...en.errors, ...locale.errors, ...labels.errors } }
}
