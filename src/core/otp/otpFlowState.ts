// What an OTP flow store knows, and every way it changes, each a named transition from one state to the
// next (no clock, no key store, no storage: createOtpFlow does those around them), and the snapshot the
// store shows, derived from a state and the time.
import type { KitError } from '../errors'
import type { CompleteOtpReturnType } from './completeOtp'
import { otpChallengeExpiresAt } from './otpChallenge'
import type { OtpFlowChallenge, OtpFlowSnapshot, OtpRetryFor } from './otpFlowSnapshot'

type Activity = 'idle' | 'pending' | 'success' | 'error'

/** What the flow knows; the snapshot is this plus what the clock says about it. */
export interface OtpFlowState<C extends OtpFlowChallenge = OtpFlowChallenge> {
  challenge: C | undefined
  result: CompleteOtpReturnType | undefined
  sending: Activity
  /** The last send was a resend (same key). */
  resending: boolean
  sendError: KitError | null
  verifying: Activity
  verifyError: KitError | null
  /** When a rate limit ends (kit.now() ms), as the proxy said; or a send's cooldown after a lost answer. */
  retryAt: number | undefined
  /** What retryAt holds back. */
  retryFor: OtpRetryFor | null
  /** The last send failed with no answer: the code may have been sent all the same. */
  maybeSent: boolean
  /** The key of that send, kept for the next start (no challenge holds it). */
  spareKey: string | undefined
  /** The code (normalized) the proxy refused for this challenge (OTP_CODE_INVALID): not sent again. */
  refusedCode: string | undefined
  /** A code still usable that the person stepped back from (back()): a start to its contact returns to it. */
  parked: ParkedOtp | undefined
}

/** What a code stepped back from keeps: its challenge, and the code already refused for it. */
export interface ParkedOtp {
  readonly challenge: OtpFlowChallenge
  readonly refusedCode: string | undefined
}

/** No send's outcome, no verify's, no countdown: what a new start or send begins from. */
const FRESH_ATTEMPT = {
  sending: 'idle',
  resending: false,
  sendError: null,
  verifying: 'idle',
  verifyError: null,
  retryAt: undefined,
  retryFor: null,
  maybeSent: false,
  refusedCode: undefined,
} as const

/** Nothing sent, nothing verified: where a flow starts, and where reset() brings it back. */
export const OTP_FLOW_START: OtpFlowState<never> = {
  challenge: undefined,
  result: undefined,
  ...FRESH_ATTEMPT,
  spareKey: undefined,
  parked: undefined,
}

/** A code is asked for: a first one (`restart`: the last sign-in's result is dropped) or a resend. */
export function codeRequested(state: OtpFlowState, resending: boolean, restart: boolean): OtpFlowState {
  return { ...state, ...(restart ? { result: undefined } : {}), ...FRESH_ATTEMPT, sending: 'pending', resending }
}

/** The code is on its way: its challenge is the one on show, and no spare key is needed any more. */
export function codeSent(state: OtpFlowState, challenge: OtpFlowChallenge): OtpFlowState {
  return { ...state, challenge, sending: 'success', spareKey: undefined, parked: undefined }
}

/**
 * Back to the first step, keeping the code on show while it can still be used (`usable`): the same
 * contact's start returns to it rather than ask for another (which the proxy would rate-limit, and which
 * would make the code in the inbox useless). A dead code's key is kept for the next start instead; a code
 * parked earlier stays parked.
 */
export function steppedBack(state: OtpFlowState, usable: boolean): OtpFlowState {
  const { challenge, refusedCode, spareKey, parked } = state
  if (challenge === undefined) return { ...OTP_FLOW_START, spareKey, parked }
  if (usable) return { ...OTP_FLOW_START, spareKey, parked: { challenge, refusedCode } }
  return { ...OTP_FLOW_START, spareKey: spareKey ?? challenge.publicKey, parked }
}

/** The code stepped back from is on show again, as it was left (its refused code included), with nothing sent. */
export function parkedResumed(state: OtpFlowState, parked: ParkedOtp): OtpFlowState {
  return { ...state, result: undefined, ...FRESH_ATTEMPT, ...parked, parked: undefined }
}

/** A parked code that can no longer be used: forgotten (its key is the caller's to reuse or delete). */
export function parkedDropped(state: OtpFlowState): OtpFlowState {
  return { ...state, parked: undefined }
}

/**
 * Asking for a code failed, with the countdown it calls for (`retryAt`), set with the error so that the
 * alert and its countdown appear together; `spareKey` is the key to keep for the next start, if any.
 */
export function codeNotSent(
  state: OtpFlowState,
  failure: KitError,
  retryAt: number | undefined,
  maybeSent: boolean,
  spareKey: string | undefined,
): OtpFlowState {
  return {
    ...state,
    sending: 'error',
    sendError: failure,
    retryAt,
    retryFor: retryAt === undefined ? null : 'send',
    maybeSent,
    spareKey,
  }
}

/** A contact refused before anything is sent or the config is asked for: the contact's field shows why. */
export function contactRefused(state: OtpFlowState, error: KitError): OtpFlowState {
  return { ...state, result: undefined, ...FRESH_ATTEMPT, sending: 'error', sendError: error }
}

/** A try forgets the last send's outcome (its error, "new code sent"). */
const FORGET_SEND = { sending: 'idle', resending: false, sendError: null, maybeSent: false } as const

/** A code refused before it is sent (OTP_CODE_FORMAT): the code's field shows why. */
export function codeRefused(state: OtpFlowState, error: KitError): OtpFlowState {
  return { ...state, ...FORGET_SEND, verifying: 'error', verifyError: error }
}

/** The code is being verified, and the sign-in run. */
export function verifyStarted(state: OtpFlowState): OtpFlowState {
  return { ...state, ...FORGET_SEND, verifying: 'pending', verifyError: null }
}

/** The sign-in got a step further (the code accepted, signup sent, the account known): kept for a retry. */
export function signInProgressed(state: OtpFlowState, challenge: OtpFlowChallenge): OtpFlowState {
  return { ...state, challenge }
}

/** Signed in: the flow is done, and its challenge spent. */
export function signedIn(state: OtpFlowState, result: CompleteOtpReturnType): OtpFlowState {
  return { ...state, result, challenge: undefined, verifying: 'success' }
}

/**
 * The sign-in failed; a rate limit on trying codes holds "Verify" back as one on sending holds "Resend".
 * A code the proxy refused as wrong (`code`) is kept, so that it is not sent again: each try costs one of
 * the code's few attempts.
 */
export function verifyFailed(state: OtpFlowState, failure: KitError, now: number, code: string): OtpFlowState {
  const limit =
    failure.retryAfterSeconds === undefined
      ? {}
      : { retryAt: now + failure.retryAfterSeconds * 1000, retryFor: 'verify' as const }
  const refusedCode = failure.code === 'OTP_CODE_INVALID' ? code : state.refusedCode
  return { ...state, verifying: 'error', verifyError: failure, ...limit, refusedCode }
}

/** What the flow shows of `state` at `now`, with sends `cooldownMs` apart. */
export function otpFlowSnapshotOf(state: OtpFlowState, now: number, cooldownMs: number): OtpFlowSnapshot {
  const { challenge, result, retryAt } = state
  const error = state.sendError ?? state.verifyError
  // A verified challenge lives as long as its verification token, no longer as long as its code.
  const expiresAt = challenge === undefined ? 0 : otpChallengeExpiresAt(challenge)
  const isExpired = challenge !== undefined && now >= expiresAt
  const needsNewCode = isExpired || error?.code === 'OTP_EXPIRED' || error?.code === 'OTP_ATTEMPTS_EXCEEDED'
  const resendSecondsLeft = challenge ? Math.max(0, Math.ceil((challenge.sentAt + cooldownMs - now) / 1000)) : 0
  const retrySecondsLeft = retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000))
  const isSending = state.sending === 'pending'
  const isVerifying = state.verifying === 'pending'
  const retryFor = retryAt === undefined ? null : state.retryFor
  return {
    step: result ? 'done' : challenge ? 'code' : 'contact',
    challenge,
    result,
    isSending,
    isResending: isSending && state.resending,
    hasResent: state.sending === 'success' && state.resending,
    isVerifying,
    error,
    resendSecondsLeft,
    // The cooldown spares the inbox while a code is on its way; a dead code has nothing to wait for.
    canResend:
      challenge !== undefined &&
      !isSending &&
      !(retryFor === 'send' && retrySecondsLeft > 0) &&
      (resendSecondsLeft === 0 || needsNewCode),
    // A dead code (expired, or out of tries) is not tried again: only a new code helps.
    canVerify:
      challenge !== undefined && !isVerifying && !needsNewCode && !(retryFor === 'verify' && retrySecondsLeft > 0),
    expiresInSeconds: challenge ? Math.max(0, Math.ceil((expiresAt - now) / 1000)) : 0,
    needsNewCode,
    retrySecondsLeft,
    retryFor,
    maybeSent: state.maybeSent,
    refusedCode: state.refusedCode,
  }
}
