'use client'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { chunks } from '../chunks'
import type { CompleteOtpReturnType, OtpChallenge, OtpOptions } from '../core'
import { KitError } from '../core/errors'
import type { OtpFlow } from '../core/otp/createOtpFlow'
import {
  OTP_FLOW_IDLE,
  type OtpFlowChallenge,
  type OtpFlowSnapshot,
  type OtpRetryFor,
} from '../core/otp/otpFlowSnapshot'
import { asKitError } from './asKitError'
import { prefetchWhenIdle } from './prefetchWhenIdle'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface UseOtpFlowParameters {
  /** Seconds before another code may be requested while the last one is still usable (default 30). */
  resendCooldownSeconds?: number
  /** Signed in (step 'done'); called once per sign-in, after the session is stored. */
  onSuccess?(result: CompleteOtpReturnType): void
  /** A send, resend or verify failed (after the provider's onError); once per failure. */
  onError?(error: KitError): void
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
  /** Sends a new code to the same contact, for the same key. */
  resend(): void
  /** `resend` as a promise: resolves with the new challenge, rejects with a KitError. */
  resendAsync(): Promise<C>
  /**
   * `verify` as a promise: resolves with the sign-in once the session is stored, rejects with a KitError
   * (the one `error` shows; ABORTED when nothing was tried: no code on its way, or a wait holds Verify back).
   */
  verifyAsync(code: string): Promise<CompleteOtpReturnType>
  reset(): void
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
  /** `verify` would run: false while verifying, and while a rate limit on trying codes counts down. */
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
}

export type UseOtpFlowReturnType<C extends OtpFlowChallenge, Step extends string> = UseOtpReturnType<C, Step> & {
  start(contact: string, options?: OtpOptions): void
  startAsync(contact: string, options?: OtpOptions): Promise<C>
}

const subscribeToNothing = () => () => undefined
// The verbs' outcome is in the state; their promise forms are the ones that reject.
const ignore = () => undefined

/** The challenge a send left on show, or the send's failure. */
function challengeOf<C extends OtpFlowChallenge>(flow: OtpFlow<C>, hookName: string): C {
  const { challenge, error } = flow.getSnapshot()
  if (error) throw error
  if (challenge) return challenge
  throw new KitError(
    'ABORTED',
    `${hookName}: no code was sent (a newer start, a reset, or resend() while it may not: see canResend)`,
  )
}
const idleSnapshot = () => OTP_FLOW_IDLE

/**
 * One OTP flow store (core's createOtpFlow) per hook instance, read with useSyncExternalStore. The
 * flow's code is a chunk, prefetched when the browser is idle after mount; until it is here the hook
 * shows the idle snapshot (as on the server), and a verb loads it, then acts.
 */
export function useOtpFlowStore<C extends OtpFlowChallenge, Step extends string>(
  hookName: string,
  otpType: C['otpType'],
  firstStep: Step,
  parameters: UseOtpFlowParameters & OtpOptions,
): UseOtpFlowReturnType<C, Step> {
  const { kit, flowStorage, otpOptions, events } = useAuthProxyContext(hookName)
  // The hook's template over the provider's; `start` may choose another.
  const { resendCooldownSeconds, emailCustomization = otpOptions?.emailCustomization } = parameters
  // A new flow when a setting changes (it is read at creation); an object rebuilt in each render is not a change.
  const settingsKey = JSON.stringify([resendCooldownSeconds ?? null, emailCustomization ?? null])
  const settings = { kit, otpType, storage: flowStorage, resendCooldownSeconds, emailCustomization }
  const latest = useRef(settings)
  latest.current = settings
  // The latest callbacks, read when the flow changes: an inline function restarts nothing.
  const callbacks = useRef(parameters)
  callbacks.current = parameters

  const [flow, setFlow] = useState<OtpFlow<C> | null>(null)
  // A verb whose chunk failed to load: the flow cannot show it, having never existed.
  const [loadError, setLoadError] = useState<KitError | null>(null)
  const holder = useRef<{ flow: OtpFlow<C> | null; mounted: boolean }>({ flow: null, mounted: false })

  /** The flow of this instance, made once its code is here (outside render: it reads the storage). */
  const obtain = useCallback((module: typeof import('../core/otp/createOtpFlow')): OtpFlow<C> | null => {
    const current = holder.current
    if (!current.mounted) return null
    if (current.flow === null) {
      current.flow = module.createOtpFlow(latest.current.kit, latest.current) as unknown as OtpFlow<C>
      setFlow(current.flow)
    }
    return current.flow
  }, [])

  useEffect(() => {
    const current = holder.current
    current.mounted = true
    const fromChunk = () => {
      const chunk = chunks.otpFlow.getSnapshot()
      if (chunk.status === 'loaded') obtain(chunk.module)
    }
    fromChunk()
    const unsubscribe = chunks.otpFlow.subscribe(fromChunk)
    const cancelPrefetch = prefetchWhenIdle(chunks.otpFlow)
    return () => {
      current.mounted = false
      unsubscribe()
      cancelPrefetch()
      current.flow?.destroy()
      current.flow = null
      setFlow(null)
    }
  }, [obtain, kit, otpType, flowStorage, settingsKey])

  // The flow's outcomes, heard once each: a new error or a new sign-in in its store.
  useEffect(() => {
    if (!flow) return
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

  /** Runs a verb on the flow, loading its code first; rejects with LOAD_FAILED when it cannot be. */
  const withFlow = useCallback(
    <T>(run: (flow: OtpFlow<C>) => Promise<T>): Promise<T> => {
      setLoadError(null)
      const ready = holder.current.flow
      if (ready) return run(ready)
      return chunks.otpFlow.load().then(
        (module) => {
          const created = obtain(module)
          if (!created)
            throw new KitError('ABORTED', `${hookName}: the component unmounted before the sign-in code loaded`)
          return run(created)
        },
        (error: unknown) => {
          const failure = asKitError(error)
          if (holder.current.mounted) {
            setLoadError(failure)
            events.error(failure)
            callbacks.current.onError?.(failure)
          }
          throw failure
        },
      )
    },
    [obtain, hookName, events],
  )
  // The flow keeps its failures in its state; the promise forms read the outcome there.
  const startAsync = useCallback(
    (contact: string, options?: OtpOptions) =>
      withFlow(async (flow) => {
        await flow.start(contact, options)
        return challengeOf(flow, hookName)
      }),
    [withFlow, hookName],
  )
  const resendAsync = useCallback(
    () =>
      withFlow(async (flow) => {
        await flow.resend()
        return challengeOf(flow, hookName)
      }),
    [withFlow, hookName],
  )
  const verifyAsync = useCallback(
    (code: string) =>
      withFlow(async (flow) => {
        await flow.verify(code)
        const { result, error } = flow.getSnapshot()
        if (result) return result
        throw (
          error ??
          new KitError(
            'ABORTED',
            `${hookName}: verify(code) did nothing (no code on its way, already verifying, or a wait holds it back: see canVerify)`,
          )
        )
      }),
    [withFlow, hookName],
  )
  const start = useCallback(
    (contact: string, options?: OtpOptions) => void startAsync(contact, options).catch(ignore),
    [startAsync],
  )
  const verify = useCallback((code: string) => void verifyAsync(code).catch(ignore), [verifyAsync])
  const resend = useCallback(() => void resendAsync().catch(ignore), [resendAsync])
  const reset = useCallback(() => void withFlow(async (flow) => flow.reset()).catch(ignore), [withFlow])

  const snapshot: OtpFlowSnapshot<C> = useSyncExternalStore(
    flow?.subscribe ?? subscribeToNothing,
    flow?.getSnapshot ?? idleSnapshot,
    idleSnapshot,
  )
  return useMemo(
    () => ({
      ...snapshot,
      step: snapshot.step === 'contact' ? firstStep : snapshot.step,
      error: snapshot.error ?? (flow === null ? loadError : null),
      start,
      startAsync,
      verify,
      verifyAsync,
      resend,
      resendAsync,
      reset,
    }),
    [snapshot, firstStep, flow, loadError, start, startAsync, verify, verifyAsync, resend, resendAsync, reset],
  )
}
