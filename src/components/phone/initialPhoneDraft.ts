import { defaultCountryCode } from './countries'
import { draftOfE164, type PhoneDraft } from './e164'

/** The number a code was sent to (restored after a reload), else an empty number in the reader's country. */
export function initialPhoneDraft(sentTo: string | undefined, languages: readonly string[]): PhoneDraft {
  const country = defaultCountryCode(languages)
  return sentTo === undefined ? { country, number: '' } : draftOfE164(sentTo, country)
}
