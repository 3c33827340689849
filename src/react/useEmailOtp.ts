import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import type {
  CompleteEmailOtpParameters,
  CompleteEmailOtpReturnType,
  EmailOtpChallenge,
  StartEmailOtpParameters,
} from '../core'
import type { KitError } from '../core/errors'
import { signInModule } from '../core/lazyModules'
import type { EmailCustomization } from '../core/types'
import { loadPendingEmailOtp, savePendingEmailOtp } from './pendingEmailOtp'
import { prefetchWhenIdle } from './prefetchWhenIdle'
import { useAction } from './useAction'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useNow } from './useNow'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

export type EmailOtpStep = 'email' | 'code' | 'done'

export interface UseEmailOtpParameters {
  /** Seconds before another code may be requested while the last one is still usable (default 30). */
  resendCooldownSeconds?: number
  emailCustomization?: EmailCustomization
}

export interface UseEmailOtpReturnType {
  step: EmailOtpStep
  /** The code request in progress (step 'code'), kept across reloads of the tab. */
  challenge: EmailOtpChallenge | undefined
  /** The sign-in that finished the flow (step 'done'). */
  result: CompleteEmailOtpReturnType | undefined
  start(email: string): void
  verify(code: string): void
  /** Sends a new code to the same address, for the same key. */
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
}

const DEFAULT_RESEND_COOLDOWN_SECONDS = 30

function positiveInteger(text: string | undefined): number | undefined {
  const value = Number(text)
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/**
 * Email OTP sign-in as a small state machine over core's startEmailOtp / completeEmailOtp. The flow's
 * code is loaded when the browser is first idle after the hook mounts (or on the first step).
 */
export function useEmailOtp(parameters: UseEmailOtpParameters = {}): UseEmailOtpReturnType {
  const { kit, configId, flowStorage } = useAuthProxyContext('useEmailOtp')
  const queryClient = useQueryClient()
  const cooldownMs = (parameters.resendCooldownSeconds ?? DEFAULT_RESEND_COOLDOWN_SECONDS) * 1000

  const [challenge, setChallengeState] = useState(() => loadPendingEmailOtp(flowStorage, configId, kit.now()))
  const [result, setResult] = useState<CompleteEmailOtpReturnType>()
  const setChallenge = useCallback(
    (next: EmailOtpChallenge | undefined) => {
      setChallengeState(next)
      savePendingEmailOtp(flowStorage, configId, next)
    },
    [flowStorage, configId],
  )

  // The first step makes a key and calls otp_init: its code should be here before the email is typed.
  useEffect(() => prefetchWhenIdle(signInModule), [])

  const sending = useAction<EmailOtpChallenge, StartEmailOtpParameters>(async (variables) => {
    // A first code takes the tenant's format (a resend keeps its challenge's): read when needed, so
    // that a form shown before the config arrives waits for it rather than sending without it.
    const [flow, config] = await Promise.all([
      signInModule.load(),
      variables.publicKey === undefined ? queryClient.ensureQueryData(walletKitConfigQueryOptions(kit)) : undefined,
    ])
    const format = config && { otpLength: positiveInteger(config.otpLength), alphanumeric: config.otpAlphanumeric }
    return flow.startEmailOtp(kit, { ...variables, ...format })
  }, setChallenge)
  const verifying = useAction<CompleteEmailOtpReturnType, CompleteEmailOtpParameters>(
    async (variables) => (await signInModule.load()).completeEmailOtp(kit, variables),
    (done) => {
      setResult(done)
      setChallenge(undefined)
    },
  )

  const now = useNow(kit, challenge !== undefined && result === undefined)
  const error = sending.error ?? verifying.error
  const isExpired = challenge !== undefined && now >= challenge.expiresAt
  const needsNewCode = isExpired || error?.code === 'OTP_EXPIRED' || error?.code === 'OTP_ATTEMPTS_EXCEEDED'
  const resendSecondsLeft = challenge ? Math.max(0, Math.ceil((challenge.sentAt + cooldownMs - now) / 1000)) : 0
  // The cooldown spares the inbox while a code is on its way; a dead code has nothing to wait for.
  const canResend = challenge !== undefined && !sending.isPending && (resendSecondsLeft === 0 || needsNewCode)

  useEffect(() => {
    // A dead code is no reason to come back to the code step after a reload.
    if (needsNewCode) savePendingEmailOtp(flowStorage, configId, undefined)
  }, [needsNewCode, flowStorage, configId])

  const start = (email: string) => {
    verifying.reset()
    setResult(undefined)
    sending.run({ email: email.trim(), emailCustomization: parameters.emailCustomization })
  }
  const resend = () => {
    if (!challenge || !canResend) return
    verifying.reset()
    sending.run({
      email: challenge.email,
      publicKey: challenge.publicKey,
      otpLength: challenge.otpLength,
      alphanumeric: challenge.alphanumeric,
      emailCustomization: parameters.emailCustomization,
    })
  }
  const verify = (code: string) => {
    if (!challenge || verifying.isPending) return
    sending.reset()
    verifying.run({ challenge, code })
  }
  const reset = () => {
    // An abandoned challenge's key would never sign anything: delete it rather than leave it behind.
    if (challenge) signInModule.load().then(({ cancelEmailOtp }) => cancelEmailOtp(kit, challenge)).catch(() => undefined)
    sending.reset()
    verifying.reset()
    setResult(undefined)
    setChallenge(undefined)
  }

  return {
    step: result ? 'done' : challenge ? 'code' : 'email',
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
  }
}
