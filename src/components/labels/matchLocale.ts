import type { LocaleName } from '../../appearance/Locale'
import { LOCALE_NAMES } from '../locales/localeNames'

/**
 * The language `locale="auto"` shows: the first of the person's languages (`navigator.languages`, in
 * their order of preference) that the kit ships, by its language: the kit ships one variant of each
 * ('pt-PT' reads Brazilian Portuguese, 'de-AT' German, 'en-GB' English); English when none is.
 */
export function matchLocale(preferred: readonly string[]): LocaleName {
  for (const tag of preferred) {
    try {
      // With its likely script: zh-SG is zh-Hans-SG, zh-HK and zh-TW are zh-Hant-….
      const { language, script } = new Intl.Locale(tag).maximize()
      // A reader of Traditional characters is better served by their next language, or English, than by
      // the other script.
      const name = LOCALE_NAMES.find((name) => name.split('-')[0] === language)
      if (name && (language !== 'zh' || script === 'Hans')) return name
    } catch {
      // A tag the browser would not send (an app's own list may hold anything): the next one.
    }
  }
  return 'en'
}
