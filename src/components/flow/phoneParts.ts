// The phone step's code: the form, the country list with its calling codes, and the E.164 helpers.
// One chunk, fetched when "Continue with phone" is hovered, focused or pressed (or on open where the
// phone is the only form), so a modal opened for email does not pay for it.
export { PhoneStep } from './PhoneStep'
export { initialPhoneDraft } from '../phone/initialPhoneDraft'
export { formatE164 } from '../phone/e164'
