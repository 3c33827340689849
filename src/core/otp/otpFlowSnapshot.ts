// What an OTP flow store shows, and its idle snapshot: apart from the flow's code, so that a hook can
// show the idle state (and a server render can) before the flow's chunk is here.
import type { KitError } from '../errors'
import type { EmailOtpChallenge } from './emailOtp'
import type { CompleteOtpReturnType } from './completeOtp'
import type { SmsOtpChallenge } from './smsOtp'

export type OtpFlowChallenge = EmailOtpChallenge | SmsOtpChallenge

/** The challenge of one channel's flow: EmailOtpChallenge for OTP_TYPE_EMAIL, SmsOtpChallenge for OTP_TYPE_SMS. */
export type OtpFlowChallengeFor<T extends OtpFlowChallenge['otpType']> = Extract<OtpFlowChallenge, { otpType: T }>

export type OtpFlowStep = 'contact' | 'code' | 'done'

/** What a countdown holds back: asking for a code ('send': start or resend) or trying one ('verify'). */
export type OtpRetryFor = 'send' | 'verify'

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
  /**
   * `verify` would run: a challenge whose code can still be used (not `needsNewCode`), no verify under
   * way, and no rate limit on verifying counting down.
   */
  readonly canVerify: boolean
  /** Seconds the code has left by the kit's count (the proxy has the last word: OTP_EXPIRED). */
  readonly expiresInSeconds: number
  /** The code can no longer be used (expired, or too many wrong tries): only a new code helps. */
  readonly needsNewCode: boolean
  /**
   * After a RATE_LIMITED answer that said when to try again: the seconds left until then; after a send
   * whose answer was lost (`maybeSent`): the resend cooldown. 0 otherwise.
   */
  readonly retrySecondsLeft: number
  /** What the last wait (retrySecondsLeft) holds or held back, as long as its error shows; null when there was none. */
  readonly retryFor: OtpRetryFor | null
  /**
   * The last send failed with no answer (`error` PROXY_UNAVAILABLE or PROXY_TIMEOUT, no status): the
   * code may be on its way all the same, and the proxy may refuse another until retrySecondsLeft ends.
   * The next start uses the same key.
   */
  readonly maybeSent: boolean
  /**
   * The code (normalized) the proxy refused as wrong for this challenge: `verify` with it again sends
   * nothing (each try costs one of the code's attempts); another code, or a new challenge, clears it.
   */
  readonly refusedCode: string | undefined
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
  canVerify: false,
  expiresInSeconds: 0,
  needsNewCode: false,
  retrySecondsLeft: 0,
  retryFor: null,
  maybeSent: false,
  refusedCode: undefined,
})
