'use client'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { chunks } from '../chunks'
import type { CompleteOtpReturnType, OtpChallenge, OtpOptions } from '../core'
import type { KitError } from '../core/errors'
import type { OtpFlow } from '../core/otp/createOtpFlow'
import { OTP_FLOW_IDLE, type OtpFlowChallenge, type OtpFlowSnapshot, type OtpRetryFor } from '../core/otp/otpFlowSnapshot'
import { asKitError } from './asKitError'
import { prefetchWhenIdle } from './prefetchWhenIdle'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface UseOtpFlowParameters {
  /** Seconds before another code may be requested while the last one is still usable (default 30). */
  resendCooldownSeconds?: number
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
}

const subscribeToNothing = () => () => undefined
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
  const { kit, flowStorage, otpOptions } = useAuthProxyContext(hookName)
  // The hook's template over the provider's; `start` may choose another.
  const { resendCooldownSeconds, emailCustomization = otpOptions?.emailCustomization } = parameters
  // A new flow when a setting changes (it is read at creation); an object rebuilt in each render is not a change.
  const settingsKey = JSON.stringify([resendCooldownSeconds ?? null, emailCustomization ?? null])
  const settings = { kit, otpType, storage: flowStorage, resendCooldownSeconds, emailCustomization }
  const latest = useRef(settings)
  latest.current = settings

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

  const withFlow = useCallback(
    (run: (flow: OtpFlow<C>) => void) => {
      setLoadError(null)
      const ready = holder.current.flow
      if (ready) return run(ready)
      chunks.otpFlow.load().then(
        (module) => {
          const created = obtain(module)
          if (created) run(created)
        },
        (error: unknown) => {
          if (holder.current.mounted) setLoadError(asKitError(error))
        },
      )
    },
    [obtain],
  )
  const start = useCallback((contact: string, options?: OtpOptions) => withFlow((flow) => void flow.start(contact, options)), [withFlow])
  const verify = useCallback((code: string) => withFlow((flow) => void flow.verify(code)), [withFlow])
  const resend = useCallback(() => withFlow((flow) => void flow.resend()), [withFlow])
  const reset = useCallback(() => withFlow((flow) => flow.reset()), [withFlow])

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
      verify,
      resend,
      reset,
    }),
    [snapshot, firstStep, flow, loadError, start, verify, resend, reset],
  )
}
