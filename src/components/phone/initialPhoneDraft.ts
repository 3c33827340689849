import type { OtpChallenge } from '../../core'
import { defaultCountryCode } from './countries'
import { draftOfE164, type PhoneDraft } from './e164'

/** The number of a code on its way (after a reload), else an empty number in the reader's country. */
export function initialPhoneDraft(challenge: OtpChallenge | undefined, languages: readonly string[]): PhoneDraft {
  const country = defaultCountryCode(languages)
  return challenge === undefined ? { country, number: '' } : draftOfE164(challenge.contact, country)
}
