import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { CompleteOtpParameters, CompleteOtpReturnType, OtpChallenge, OtpCodeConfig, OtpOptions } from '../core'
import type { HookOtpChallenge } from '../core/flows/otpHookRuntime'
import type { KitError } from '../core/errors'
import { signInModule } from '../core/lazyModules'
import { loadPendingOtp, savePendingOtp } from './pendingOtp'
import { prefetchWhenIdle } from './prefetchWhenIdle'
import { useAction } from './useAction'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useNow } from './useNow'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

/** One channel of the shared state machine below (useEmailOtp, useSmsOtp). */
export interface OtpFlowChannel<C extends HookOtpChallenge> {
  hookName: string
  otpType: C['otpType']
}

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
  expiresInSeconds: number
  /** The code can no longer be used (expired, or too many wrong tries): only a new code helps. */
  needsNewCode: boolean
  /**
   * After a RATE_LIMITED answer that said when to try again: the seconds left until then, counting
   * down (0 otherwise). Asking again sooner is refused again.
   */
  retrySecondsLeft: number
}

interface SendVariables {
  contact: string
  publicKey: string | undefined
  /** The provider's, the hook's and the call's options, merged in the flows' code (startHookOtp). */
  layers: readonly OtpOptions[]
  /** A resend's format, its challenge's; a first code reads the tenant's config when it is sent. */
  config?: OtpCodeConfig
}

const DEFAULT_RESEND_COOLDOWN_SECONDS = 30

/**
 * OTP sign-in as a small state machine over a channel's core start / complete, shared by the email and
 * SMS hooks. The code's format is the tenant's (wallet_kit_config `otpLength`, `otpAlphanumeric`); the
 * email's template is the provider's `otpOptions`, then the hook's parameters, then `start`'s.
 */
export function useOtpFlow<C extends HookOtpChallenge, Step extends string>(
  channel: OtpFlowChannel<C>,
  firstStep: Step,
  parameters: UseOtpFlowParameters & OtpOptions,
): UseOtpReturnType<C, Step> & { start(contact: string, options?: OtpOptions): void } {
  const { kit, configId, flowStorage, otpOptions } = useAuthProxyContext(channel.hookName)
  const queryClient = useQueryClient()
  const { resendCooldownSeconds = DEFAULT_RESEND_COOLDOWN_SECONDS, ...hookOptions } = parameters
  const cooldownMs = resendCooldownSeconds * 1000
  const { otpType } = channel

  const [challenge, setChallengeState] = useState(() => loadPendingOtp<C>(flowStorage, configId, otpType, kit.now()))
  const [result, setResult] = useState<CompleteOtpReturnType>()
  // When a rate limit ends (kit.now() ms), as the proxy said.
  const [retryAt, setRetryAt] = useState<number>()
  // A plain function: useAction keeps the latest onSuccess, so it need not be stable.
  const setChallenge = (next: C | undefined) => {
    setChallengeState(next)
    savePendingOtp(flowStorage, configId, otpType, next)
  }

  // The first step makes a key and calls otp_init: its code should be here before the contact is typed.
  useEffect(() => prefetchWhenIdle(signInModule), [])

  const sending = useAction<C, SendVariables>(async (variables) => {
    // A first code takes the tenant's format (a resend keeps its challenge's): read when needed, so
    // that a form shown before the config arrives waits for it rather than sending without it.
    const config = variables.config ?? (await queryClient.ensureQueryData(walletKitConfigQueryOptions(kit)))
    try {
      return (await (await signInModule.load()).startHookOtp(kit, { ...variables, otpType, config })) as C
    } catch (error) {
      // Set before the error shows, so that the alert and its countdown appear together.
      const retryAfterSeconds = (error as Partial<KitError> | null)?.retryAfterSeconds
      if (typeof retryAfterSeconds === 'number') setRetryAt(kit.now() + retryAfterSeconds * 1000)
      throw error
    }
  }, setChallenge)
  const verifying = useAction<CompleteOtpReturnType, CompleteOtpParameters<C>>(
    async (variables) => (await signInModule.load()).completeHookOtp(kit, variables),
    (done) => {
      setResult(done)
      setChallenge(undefined)
    },
  )
  const rateLimited = retryAt !== undefined && kit.now() < retryAt
  const now = useNow(kit, (challenge !== undefined && result === undefined) || rateLimited)
  const error = sending.error ?? verifying.error
  const isExpired = challenge !== undefined && now >= challenge.expiresAt
  const needsNewCode = isExpired || error?.code === 'OTP_EXPIRED' || error?.code === 'OTP_ATTEMPTS_EXCEEDED'
  const resendSecondsLeft = challenge ? Math.max(0, Math.ceil((challenge.sentAt + cooldownMs - now) / 1000)) : 0
  const retrySecondsLeft = retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000))
  // The cooldown spares the inbox while a code is on its way; a dead code has nothing to wait for.
  const canResend =
    challenge !== undefined && !sending.isPending && retrySecondsLeft === 0 && (resendSecondsLeft === 0 || needsNewCode)

  useEffect(() => {
    // A dead code is no reason to come back to the code step after a reload.
    if (needsNewCode) savePendingOtp(flowStorage, configId, otpType, undefined)
  }, [needsNewCode, flowStorage, configId, otpType])

  const start = (contact: string, options: OtpOptions = {}) => {
    verifying.reset()
    setResult(undefined)
    setRetryAt(undefined)
    sending.run({ contact: contact.trim(), publicKey: undefined, layers: [otpOptions ?? {}, hookOptions, options] })
  }
  const resend = () => {
    if (!challenge || !canResend) return
    verifying.reset()
    // The same options as the code it replaces, and its format: the code step already shows it.
    const layers = sending.variables?.layers ?? [otpOptions ?? {}, hookOptions]
    setRetryAt(undefined)
    sending.run({
      contact: challenge.contact,
      publicKey: challenge.publicKey,
      layers,
      config: { otpLength: String(challenge.otpLength), otpAlphanumeric: challenge.alphanumeric },
    })
  }
  const verify = (code: string) => {
    if (!challenge || verifying.isPending) return
    sending.reset()
    verifying.run({ challenge, code })
  }
  const reset = () => {
    // An abandoned challenge's key would never sign anything: delete it rather than leave it behind.
    if (challenge) signInModule.load().then(({ cancelHookOtp }) => cancelHookOtp(kit, challenge)).catch(() => undefined)
    sending.reset()
    verifying.reset()
    setResult(undefined)
    setRetryAt(undefined)
    setChallenge(undefined)
  }

  return {
    step: result ? 'done' : challenge ? 'code' : firstStep,
    challenge,
    result,
    start,
    verify,
    resend,
    reset,
    isSending: sending.isPending,
    isResending: sending.isPending && sending.variables?.publicKey !== undefined,
    hasResent: sending.isSuccess && sending.variables?.publicKey !== undefined,
    isVerifying: verifying.isPending,
    error,
    resendSecondsLeft,
    canResend,
    expiresInSeconds: challenge ? Math.max(0, Math.ceil((challenge.expiresAt - now) / 1000)) : 0,
    needsNewCode,
    retrySecondsLeft,
  }
}
