import type { LocaleName } from '../../appearance/Locale'
import { LOCALE_NAMES } from '../locales/localeNames'

/**
 * The language `locale="auto"` shows: the first of the person's languages (`navigator.languages`, in
 * their order of preference) that the kit ships, by its exact tag, else by its language ('pt-PT' reads
 * Brazilian Portuguese, 'de-AT' German, 'en-GB' English); English when none is.
 */
export function matchLocale(preferred: readonly string[]): LocaleName {
  for (const tag of preferred) {
    const match = shipped(tag)
    if (match) return match
  }
  return 'en'
}

function shipped(tag: string): LocaleName | undefined {
  let language: Intl.Locale
  try {
    // Adds the likely script: zh-SG is zh-Hans-SG, zh-HK and zh-TW are zh-Hant-….
    language = new Intl.Locale(tag).maximize()
  } catch {
    // A tag the browser would not send (an app's own list may hold anything).
    return undefined
  }
  // A reader of Traditional characters is better served by English than by the other script.
  if (language.language === 'zh') return language.script === 'Hans' ? 'zh-CN' : undefined
  return (
    LOCALE_NAMES.find((name) => name.toLowerCase() === tag.toLowerCase()) ??
    LOCALE_NAMES.find((name) => name.split('-')[0] === language.language)
  )
}
