// Email one-time codes: the OTP actions (startOtp, completeOtp, cancelOtp) with an email address as the contact.
import { assertObject } from '../assert'
import { assertKit } from '../assertKit'
import type { Kit } from '../createKit'
import { cancelOtp } from './cancelOtp'
import type { OtpCodeConfig } from './checkOtpInput'
import { completeOtp, type CompleteOtpParameters, type CompleteOtpReturnType } from './completeOtp'
import type { OtpChallenge } from './otpChallenge'
import { checkOtpStart, sendOtp, type EmailOtpOptions } from './startOtp'

export interface StartEmailOtpParameters extends EmailOtpOptions {
  email: string
  /**
   * A key from an earlier challenge to use again (resend, or a corrected email), so that restarting
   * does not leave a key behind. Ignored when the key store does not hold it.
   */
  publicKey?: string | undefined
  /** The code's length and alphabet (see startOtp); left out, the tenant's (`kit.config.ensure()`). Nothing of it is sent. */
  config?: OtpCodeConfig | undefined
  /** The captcha widget's token, on a tenant with a Turnstile site key (see startOtp). */
  captchaToken?: string | undefined
  signal?: AbortSignal | undefined
}

/** A code on its way to `email`; hand it back to completeEmailOtp with the code. */
export interface EmailOtpChallenge extends OtpChallenge<'OTP_TYPE_EMAIL'> {
  /** The same as `contact`. */
  email: string
}
export type StartEmailOtpReturnType = EmailOtpChallenge
export type CompleteEmailOtpParameters = CompleteOtpParameters<EmailOtpChallenge>
export type CompleteEmailOtpReturnType = CompleteOtpReturnType

/**
 * Sends a one-time code to `email`: checks the address (INVALID_EMAIL, before any network call), makes
 * a key (or reuses `publicKey`), calls otp_init with `{otpType: OTP_TYPE_EMAIL, contact}` and the
 * `emailCustomization: {templateId}` when given. If otp_init fails, a key made here is deleted again.
 *
 * No key is left behind as long as the caller, on every restart (resend, different email), passes the
 * previous challenge's `publicKey`, and calls cancelEmailOtp(kit, challenge) when the sign-in is abandoned
 * (startOtp lists every case, among them a lost otp_init answer and an aborted start).
 */
export async function startEmailOtp(kit: Kit, parameters: StartEmailOtpParameters): Promise<EmailOtpChallenge> {
  const label = 'startEmailOtp'
  assertKit(kit, `${label}(kit)`)
  assertObject(parameters, `${label}(parameters)`)
  const { email, ...rest } = parameters
  const start = checkOtpStart(kit, { ...rest, otpType: 'OTP_TYPE_EMAIL', contact: email }, label)
  return emailOtpChallenge(await sendOtp(kit, start, label))
}

/** A challenge of startOtp's for an email, as startEmailOtp returns it (and createOtpFlow shows and stores it). */
export function emailOtpChallenge(challenge: OtpChallenge): EmailOtpChallenge {
  return { ...challenge, otpType: 'OTP_TYPE_EMAIL', email: challenge.contact }
}

/**
 * Verifies the code and signs in: otp_verify → account → (signup when there is no account) →
 * otp_login → kit.session.set. The code is checked first (OTP_CODE_FORMAT, no network call).
 *
 * Errors worth a specific screen: OTP_CODE_INVALID (try again; the message says how many attempts are
 * left), OTP_ATTEMPTS_EXCEEDED and OTP_EXPIRED (request a new code, reusing challenge.publicKey).
 *
 * A failure after the code was accepted is resumable: keep the challenge `onProgress` reports and call
 * again with it (see completeOtp), rather than with the code, which is spent.
 */
export function completeEmailOtp(
  kit: Kit,
  parameters: CompleteEmailOtpParameters,
): Promise<CompleteEmailOtpReturnType> {
  return completeOtp(kit, parameters, 'completeEmailOtp')
}

/**
 * Abandons a challenge (the person closed the dialog): deletes its key unless the current session
 * is bound to it. Safe to call more than once.
 */
export function cancelEmailOtp(kit: Kit, challenge: EmailOtpChallenge): Promise<void> {
  return cancelOtp(kit, challenge, 'cancelEmailOtp')
}

/** wagmi-style grouping of the two steps. */
export const loginWithEmailOtp = { start: startEmailOtp, complete: completeEmailOtp, cancel: cancelEmailOtp } as const
