// What useEmailOtp and useSmsOtp do once the flows' code is here: merging the layers of options and
// picking the channel's function. It lives in the flows' chunk, not in the hooks, so that a page's
// first load carries only the hooks' state machine.
import type { Kit } from '../createKit'
import { cancelEmailOtp, completeEmailOtp, startEmailOtp, type EmailOtpChallenge } from './emailOtp'
import type { CompleteOtpParameters, CompleteOtpReturnType, OtpCodeConfig, OtpOptions } from './otp'
import { cancelSmsOtp, completeSmsOtp, startSmsOtp, type SmsOtpChallenge } from './smsOtp'

export type HookOtpChallenge = EmailOtpChallenge | SmsOtpChallenge

export interface StartHookOtpParameters {
  otpType: HookOtpChallenge['otpType']
  contact: string
  /** The key of the code it replaces (a resend); undefined makes a new one. */
  publicKey: string | undefined
  /** From least to most specific: the provider's, the hook's, the call's. An undefined field hides nothing. */
  layers: readonly OtpOptions[]
  /** The code's format: the tenant's config for a first code; a resend keeps its own. */
  config: OtpCodeConfig | undefined
}

/**
 * Sends a code by the channel of `otpType`, with the options merged field by field. An SMS ignores the
 * email's template, but gets the rest: an option that moved to the tenant fails there as for an email.
 */
export function startHookOtp(kit: Kit, { otpType, contact, publicKey, layers, config }: StartHookOtpParameters): Promise<HookOtpChallenge> {
  const options = Object.assign({}, ...layers.map(withoutUndefined)) as OtpOptions
  return otpType === 'OTP_TYPE_EMAIL'
    ? startEmailOtp(kit, { ...options, email: contact, publicKey, config })
    : startSmsOtp(kit, { ...options, phoneNumber: contact, publicKey, config })
}

export function completeHookOtp(kit: Kit, parameters: CompleteOtpParameters<HookOtpChallenge>): Promise<CompleteOtpReturnType> {
  const { challenge } = parameters
  return challenge.otpType === 'OTP_TYPE_EMAIL' ? completeEmailOtp(kit, { ...parameters, challenge }) : completeSmsOtp(kit, { ...parameters, challenge })
}

export function cancelHookOtp(kit: Kit, challenge: HookOtpChallenge): Promise<void> {
  return challenge.otpType === 'OTP_TYPE_EMAIL' ? cancelEmailOtp(kit, challenge) : cancelSmsOtp(kit, challenge)
}

function withoutUndefined(options: OtpOptions): OtpOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
}
