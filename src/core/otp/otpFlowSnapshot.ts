// What an OTP flow store shows, and its idle snapshot: apart from the flow's code, so that a hook can
// show the idle state (and a server render can) before the flow's chunk is here.
import type { KitError } from '../errors'
import type { EmailOtpChallenge } from '../flows/emailOtp'
import type { CompleteOtpReturnType } from '../flows/otp'
import type { SmsOtpChallenge } from '../flows/smsOtp'

export type OtpFlowChallenge = EmailOtpChallenge | SmsOtpChallenge

export type OtpFlowStep = 'contact' | 'code' | 'done'

export interface OtpFlowSnapshot<C extends OtpFlowChallenge = OtpFlowChallenge> {
  /** 'contact' until a code is on its way, then 'code', then 'done' once signed in. */
  readonly step: OtpFlowStep
  /** The code on its way (step 'code'), kept across reloads when the flow has a storage. */
  readonly challenge: C | undefined
  /** The sign-in that finished the flow (step 'done'). */
  readonly result: CompleteOtpReturnType | undefined
  /** A code is being asked for (first or new one). */
  readonly isSending: boolean
  /** A new code for the same challenge is being asked for. */
  readonly isResending: boolean
  /** A new code was sent since the flow started (until the next verify or start). */
  readonly hasResent: boolean
  readonly isVerifying: boolean
  /** The last failure of start, resend or verify; cleared when another one starts. */
  readonly error: KitError | null
  /** Seconds until `resend` is allowed while the code is still usable. */
  readonly resendSecondsLeft: number
  readonly canResend: boolean
  /** Seconds the code has left by the kit's count (the proxy has the last word: OTP_EXPIRED). */
  readonly expiresInSeconds: number
  /** The code can no longer be used (expired, or too many wrong tries): only a new code helps. */
  readonly needsNewCode: boolean
  /** After a RATE_LIMITED answer that said when to try again: the seconds left until then (0 otherwise). */
  readonly retrySecondsLeft: number
}

/** The snapshot of a flow that has nothing under way: before it exists (the server's) and after a reset. */
export const OTP_FLOW_IDLE: OtpFlowSnapshot<never> = Object.freeze({
  step: 'contact',
  challenge: undefined,
  result: undefined,
  isSending: false,
  isResending: false,
  hasResent: false,
  isVerifying: false,
  error: null,
  resendSecondsLeft: 0,
  canResend: false,
  expiresInSeconds: 0,
  needsNewCode: false,
  retrySecondsLeft: 0,
})
