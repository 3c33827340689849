// SMS one-time codes: the OTP actions (startOtp, completeOtp, cancelOtp) with a phone number as the contact.
import { assertObject } from '../assert'
import { assertKit } from '../assertKit'
import type { Kit } from '../createKit'
import { cancelOtp } from './cancelOtp'
import type { OtpCodeConfig } from './checkOtpInput'
import { completeOtp, type CompleteOtpParameters, type CompleteOtpReturnType } from './completeOtp'
import type { OtpChallenge } from './otpChallenge'
import { checkOtpStart, sendOtp } from './startOtp'

/** What the text says (the tenant's SMS template) is the tenant's configuration: nothing to choose per call. */
export interface StartSmsOtpParameters {
  /** E.164 (`+447700900123`); spaces, dashes, dots and brackets are dropped first. */
  phoneNumber: string
  /**
   * A key from an earlier challenge to use again (resend, or a corrected number), so that restarting
   * does not leave a key behind. Ignored when the key store does not hold it.
   */
  publicKey?: string | undefined
  /** The code's length and alphabet (see startOtp); left out, the tenant's (`kit.config.ensure()`). Nothing of it is sent. */
  config?: OtpCodeConfig | undefined
  /** The captcha widget's token, on a tenant with a Turnstile site key (see startOtp). */
  captchaToken?: string | undefined
  signal?: AbortSignal | undefined
}

/** A code on its way to `phoneNumber`; hand it back to completeSmsOtp with the code. */
export interface SmsOtpChallenge extends OtpChallenge<'OTP_TYPE_SMS'> {
  /** E.164; the same as `contact`. */
  phoneNumber: string
}
export type StartSmsOtpReturnType = SmsOtpChallenge
export type CompleteSmsOtpParameters = CompleteOtpParameters<SmsOtpChallenge>
export type CompleteSmsOtpReturnType = CompleteOtpReturnType

/**
 * Texts a one-time code to `phoneNumber`: checks it is E.164 (INVALID_PHONE, before any network call),
 * makes a key (or reuses `publicKey`), calls otp_init with `{otpType: OTP_TYPE_SMS, contact}`. If
 * otp_init fails, a key made here is deleted again. A proxy that rate-limits answers RATE_LIMITED with `retryAfterSeconds`.
 * What a caller does so that no key is left behind: as startOtp says.
 */
export async function startSmsOtp(kit: Kit, parameters: StartSmsOtpParameters): Promise<SmsOtpChallenge> {
  const label = 'startSmsOtp'
  assertKit(kit, `${label}(kit)`)
  assertObject(parameters, `${label}(parameters)`)
  const { phoneNumber, ...rest } = parameters
  const start = checkOtpStart(kit, { ...rest, otpType: 'OTP_TYPE_SMS', contact: phoneNumber }, label)
  return smsOtpChallenge(await sendOtp(kit, start, label))
}

/** A challenge of startOtp's for a phone number, as startSmsOtp returns it (and createOtpFlow shows and stores it). */
export function smsOtpChallenge(challenge: OtpChallenge): SmsOtpChallenge {
  return { ...challenge, otpType: 'OTP_TYPE_SMS', phoneNumber: challenge.contact }
}

/**
 * Verifies the code and signs in: otp_verify → account by PHONE_NUMBER → (signup with userPhoneNumber
 * when there is no account) → otp_login → kit.session.set. Errors, and resuming after a failure that
 * follows the code's acceptance (`onProgress`), as completeEmailOtp's.
 */
export function completeSmsOtp(kit: Kit, parameters: CompleteSmsOtpParameters): Promise<CompleteSmsOtpReturnType> {
  return completeOtp(kit, parameters, 'completeSmsOtp')
}

/** Abandons a challenge: deletes its key unless the current session is bound to it. */
export function cancelSmsOtp(kit: Kit, challenge: SmsOtpChallenge): Promise<void> {
  return cancelOtp(kit, challenge, 'cancelSmsOtp')
}

/** wagmi-style grouping of the two steps. */
export const loginWithSmsOtp = { start: startSmsOtp, complete: completeSmsOtp, cancel: cancelSmsOtp } as const
