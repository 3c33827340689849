'use client'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { lazyOtpFlow } from '../lazyOtpFlow'
import type { CompleteOtpReturnType, OtpChallenge, OtpOptions, OtpResendOptions, OtpStartOptions } from '../core'
import { KitError } from '../core/errors'
import {
  OTP_FLOW_IDLE,
  type OtpFlowChallenge,
  type OtpFlowChallengeFor,
  type OtpFlowSnapshot,
  type OtpRetryFor,
} from '../core/otp/otpFlowSnapshot'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface UseOtpFlowParameters {
  /** Seconds before another code may be requested while the last one is still usable (default 30). */
  resendCooldownSeconds?: number | undefined
  /** Signed in (step 'done'); called once per sign-in, after the session is stored. */
  onSuccess?: ((result: CompleteOtpReturnType) => void) | undefined
  /** A send, resend or verify failed (after the provider's onError); once per failure. */
  onError?: ((error: KitError) => void) | undefined
}

export interface UseOtpReturnType<C extends OtpChallenge, Step extends string> {
  /** The first step is named after the contact ('email', 'phone'); then 'code', then 'done'. */
  step: Step | 'code' | 'done'
  /** The code request in progress (step 'code'), kept across reloads of the tab. */
  challenge: C | undefined
  /** The sign-in that finished the flow (step 'done'). */
  result: CompleteOtpReturnType | undefined
  /**
   * A code of the wrong format is refused at once (OTP_CODE_FORMAT), with nothing sent. After a
   * failure that followed the code's acceptance (`challenge.verificationToken`), resumes without it.
   */
  verify(code: string): void
  /**
   * Sends a new code to the same contact, for the same key. On a captcha tenant, pass a fresh
   * `captchaToken` (the start's was spent), else CAPTCHA_REQUIRED. Anything else given (the click's
   * event of `onClick={resend}`) is ignored.
   */
  resend(options?: OtpResendOptions | object): void
  /** `resend` as a promise: resolves with the new challenge, rejects with a KitError. */
  resendAsync(options?: OtpResendOptions | object): Promise<C>
  /**
   * `verify` as a promise: resolves with the sign-in once the session is stored, rejects with a KitError
   * (the one `error` shows; ABORTED when nothing was tried: no code on its way, or a wait holds Verify back).
   */
  verifyAsync(code: string): Promise<CompleteOtpReturnType>
  /** Back to the first step, forgetting the code on its way (its key is deleted). */
  reset(): void
  /**
   * Back to the first step to change the contact ("Use a different email"), keeping the code on its
   * way while it can be used: `start` with the same contact shows it again with nothing sent; another
   * contact gets a new code.
   */
  back(): void
  /** A code is being requested (first or new one). */
  isSending: boolean
  /** A new code for the same challenge is being requested. */
  isResending: boolean
  /** A new code was sent since the flow started. */
  hasResent: boolean
  isVerifying: boolean
  /** The last failure of start, resend or verify; cleared when another one starts. */
  error: KitError | null
  resendSecondsLeft: number
  canResend: boolean
  /**
   * `verify` would run: false while verifying, once the code is dead (`needsNewCode`), and while a rate
   * limit on trying codes counts down.
   */
  canVerify: boolean
  expiresInSeconds: number
  /** The code can no longer be used (expired, or too many wrong tries): only a new code helps. */
  needsNewCode: boolean
  /**
   * After a RATE_LIMITED answer that said when to try again: the seconds left until then, counting
   * down; after a send whose answer was lost (`maybeSent`), the resend cooldown (0 otherwise). Asking
   * again sooner is refused again.
   */
  retrySecondsLeft: number
  /** What that wait holds back: sending a code or trying one; null when there was none. */
  retryFor: OtpRetryFor | null
  /** The last send got no answer: the code may be on its way all the same (say so, and wait retrySecondsLeft). */
  maybeSent: boolean
  /** The code (normalized) the proxy refused as wrong: `verify` with it again sends nothing. */
  refusedCode: string | undefined
}

export type UseOtpFlowReturnType<C extends OtpFlowChallenge, Step extends string> = UseOtpReturnType<C, Step> & {
  start(contact: string, options?: OtpStartOptions): void
  startAsync(contact: string, options?: OtpStartOptions): Promise<C>
}

// The verbs' outcome is in the state; their promise forms are the ones that reject.
const ignore = () => undefined
// A server render shows the first step: the flow is the browser's.
const idleSnapshot = () => OTP_FLOW_IDLE

/** The challenge a send left on show, or the send's failure. */
function challengeOf<C extends OtpFlowChallenge>(snapshot: OtpFlowSnapshot<C>, hookName: string): C {
  const { challenge, error } = snapshot
  if (error) throw error
  if (challenge) return challenge
  throw new KitError(
    'ABORTED',
    `${hookName}: no code was sent (a newer start, a reset, the component unmounted, or resend() while it may not: see canResend)`,
  )
}

/**
 * One OTP flow store per hook instance (lazyOtpFlow: core's createOtpFlow, standing in for itself
 * until its code is here), read with useSyncExternalStore; the hook adds the callbacks and the promise forms.
 */
export function useOtpFlowStore<T extends OtpFlowChallenge['otpType'], Step extends string>(
  hookName: string,
  otpType: T,
  firstStep: Step,
  parameters: UseOtpFlowParameters & OtpOptions,
): UseOtpFlowReturnType<OtpFlowChallengeFor<T>, Step> {
  const { kit, flowStorage, otpOptions, events } = useAuthProxyContext(hookName)
  // The hook's template over the provider's; `start` may choose another.
  const { resendCooldownSeconds, emailCustomization = otpOptions?.emailCustomization } = parameters
  // A new flow when a setting changes (it is read at creation); an object rebuilt in each render is not a change.
  const [template, setTemplate] = useState(emailCustomization)
  if (JSON.stringify(template) !== JSON.stringify(emailCustomization)) setTemplate(emailCustomization)
  // Made in render, which is safe: the store touches nothing (storage, network, timers) until it is used.
  const flow = useMemo(
    () => lazyOtpFlow(kit, { otpType, storage: flowStorage, resendCooldownSeconds, emailCustomization: template }),
    [kit, otpType, flowStorage, resendCooldownSeconds, template],
  )
  useEffect(() => () => flow.destroy(), [flow])

  // The latest callbacks, read when the flow changes: an inline function restarts nothing.
  const callbacks = useRef(parameters)
  callbacks.current = parameters
  // The flow's outcomes, heard once each: a new error (a failure to load its code included) or a new sign-in.
  useEffect(() => {
    let { error, result } = flow.getSnapshot()
    return flow.subscribe(() => {
      const next = flow.getSnapshot()
      if (next.error && next.error !== error) {
        events.error(next.error)
        callbacks.current.onError?.(next.error)
      }
      if (next.result && next.result !== result) callbacks.current.onSuccess?.(next.result)
      error = next.error
      result = next.result
    })
  }, [flow, events])

  // The flow keeps its failures in its state; the promise forms read the outcome there.
  const startAsync = useCallback(
    async (contact: string, options?: OtpStartOptions) => {
      await flow.start(contact, options)
      return challengeOf(flow.getSnapshot(), hookName)
    },
    [flow, hookName],
  )
  const resendAsync = useCallback(
    async (options?: OtpResendOptions | object) => {
      // An event (`onClick={resend}`) has no captchaToken: the flow reads none from it.
      await flow.resend(options as OtpResendOptions | undefined)
      return challengeOf(flow.getSnapshot(), hookName)
    },
    [flow, hookName],
  )
  const verifyAsync = useCallback(
    async (code: string) => {
      await flow.verify(code)
      const { result, error } = flow.getSnapshot()
      if (result) return result
      throw (
        error ??
        new KitError(
          'ABORTED',
          `${hookName}: verify(code) did nothing (no code on its way, already verifying, a dead code or a wait holds it back: see canVerify; the code was refused already: see refusedCode; or the component unmounted)`,
        )
      )
    },
    [flow, hookName],
  )
  const start = useCallback(
    (contact: string, options?: OtpStartOptions) => void startAsync(contact, options).catch(ignore),
    [startAsync],
  )
  const verify = useCallback((code: string) => void verifyAsync(code).catch(ignore), [verifyAsync])
  const resend = useCallback((options?: OtpResendOptions) => void resendAsync(options).catch(ignore), [resendAsync])

  const snapshot = useSyncExternalStore(flow.subscribe, flow.getSnapshot, idleSnapshot)
  return useMemo(
    () => ({
      ...snapshot,
      step: snapshot.step === 'contact' ? firstStep : snapshot.step,
      start,
      startAsync,
      verify,
      verifyAsync,
      resend,
      resendAsync,
      reset: flow.reset,
      back: flow.back,
    }),
    [snapshot, firstStep, flow, start, startAsync, verify, verifyAsync, resend, resendAsync],
  )
}
