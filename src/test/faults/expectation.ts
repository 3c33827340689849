// What a run must end with: the flow signed in, or a KitError with the stable code of the fault (and
// the wait it announced), by flow and step.
import type { FaultCase } from './faults'
import type { FlowDef } from './flow'

export type Expectation =
  | { success: true }
  | {
      success: false
      /** The stable codes allowed (more than one only where the kit cannot know which applies). */
      codes: string[]
      retryAfterSeconds?: number
    }

/**
 * The kit sends once more by itself after this fault at this step: the account lookup (read-only)
 * after no answer or a 503, an activity (idempotent) after a lost answer.
 */
export function isAbsorbed(step: string, fault: FaultCase): boolean {
  if (step === 'account') return fault.absorbedBy.includes('account')
  return step.startsWith('submit/') && fault.absorbedBy.includes('submit')
}

/** `shots`: how many calls in a row the fault hits; a second one reaches the kit's own second try. */
export function expectationFor(flow: FlowDef, step: string, fault: FaultCase, shots: 1 | 2 = 1): Expectation {
  if (fault.expected === 'success') return { success: true }
  if (shots === 1 && isAbsorbed(step, fault)) return { success: true }
  const { code, retryAfterSeconds } = fault.expected
  // The wait a rate limit announced stays on the error, whatever its code.
  const wait = retryAfterSeconds === undefined ? {} : { retryAfterSeconds }
  if (flow.passkeySignup === true) {
    // The account and its passkey exist once signup (signup_v2) answered: whatever fails next, the
    // person is offered to sign in with that passkey rather than to sign up again.
    if (step !== 'signup' && step !== 'signup_v2')
      return { success: false, codes: ['PASSKEY_SIGNUP_INCOMPLETE'], ...wait }
    // At signup the passkey is made already, and whether the account was is not always known (no
    // answer, an unreadable one, a gateway's page, even a 500): the transport's code, or
    // PASSKEY_SIGNUP_INCOMPLETE, whose recovery login tells.
    return { success: false, codes: [code, 'PASSKEY_SIGNUP_INCOMPLETE'], ...wait }
  }
  return { success: false, codes: [code], ...wait }
}

/**
 * OTP: after a failure past otp_verify whose request did not take effect, or at the read-only account
 * lookup, "Try again" with the code the person has must sign in (the flow kept the verification
 * token); before otp_verify took effect, the code is still unused. At sign-up too when the proxy did
 * make the account (README: "never signs up twice (an account a lost sign-up answer created is found
 * by the lookup)"): the token is still unused. Only a lost answer of otp_verify or of the login may
 * need a new code.
 */
export function mustResumeWithSameCode(step: string, fault: FaultCase): boolean {
  if (step.startsWith('otp_init')) return false
  return step === 'account' || step === 'signup' || step === 'signup_v2' || !fault.processed
}

/**
 * OTP: after a failed send, starting again once the flow's countdown (if any) is over must send a
 * code. A send whose answer was lost did send one (issue 14, Recovery 2): the proxy refuses another for
 * a while, and the flow must say so with its countdown rather than let the person be refused.
 */
export function mustRestartAtOnce(step: string): boolean {
  return step.startsWith('otp_init')
}
