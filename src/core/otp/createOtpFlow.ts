// Sign-in by a one-time code (email or SMS) as a store: the steps, the resend cooldown, the code's
// expiry, the countdown after a rate limit, and the challenge kept across reloads of the tab. React
// binds to it (useEmailOtp, useSmsOtp); anything else can subscribe the same way.
import { assertObject, invalidArgument } from '../assert'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import { assertKit } from '../flows/assertKit'
import { cancelEmailOtp, completeEmailOtp, startEmailOtp } from '../flows/emailOtp'
import { checkOtpCode, checkOtpContact, type CompleteOtpReturnType, type OtpCodeConfig, type OtpOptions } from '../flows/otp'
import { cancelSmsOtp, completeSmsOtp, startSmsOtp } from '../flows/smsOtp'
import type { ReadableStore } from '../contracts'
import { createStore } from '../store'
import type { EmailCustomization } from '../types'
import type { OtpFlowChallenge, OtpFlowSnapshot } from './otpFlowSnapshot'
import { loadPendingOtp, savePendingOtp, type FlowStorage } from './pendingOtp'

export { OTP_FLOW_IDLE, type OtpFlowChallenge, type OtpFlowSnapshot, type OtpFlowStep } from './otpFlowSnapshot'

export interface CreateOtpFlowOptions<T extends OtpFlowChallenge['otpType'] = OtpFlowChallenge['otpType']> {
  otpType: T
  /** Seconds before another code may be asked for while the last one is still usable (default 30). */
  resendCooldownSeconds?: number
  /** Where the challenge on its way is kept across reloads (sessionStorage); null or left out: nowhere. */
  storage?: FlowStorage | null
  /** The email template of every code of this flow (the app's default); `start`'s options override it. */
  emailCustomization?: EmailCustomization
}

export interface OtpFlow<C extends OtpFlowChallenge = OtpFlowChallenge> extends ReadableStore<OtpFlowSnapshot<C>> {
  /**
   * Sends a code to `contact` (an email address, or a phone number in E.164). A malformed contact is
   * refused at once (INVALID_EMAIL, INVALID_PHONE) with nothing sent. The latest start or resend wins.
   */
  start(contact: string, options?: OtpOptions): Promise<void>
  /** Checks the code's format at once (OTP_CODE_FORMAT), then signs in. Ignored without a challenge or while verifying. */
  verify(code: string): Promise<void>
  /** A new code to the same contact, for the same key and in the same format; ignored unless `canResend`. */
  resend(): Promise<void>
  /** Back to the first step; the abandoned challenge's key is deleted. */
  reset(): void
  /** Stops the countdown timer and drops every listener. What is under way still ends (and is stored). */
  destroy(): void
}

const DEFAULT_RESEND_COOLDOWN_SECONDS = 30
const TICK_MS = 1000

type Activity = 'idle' | 'pending' | 'success' | 'error'

/** What the flow knows; the snapshot is this plus what the clock says about it. */
interface State<C extends OtpFlowChallenge> {
  challenge: C | undefined
  result: CompleteOtpReturnType | undefined
  sending: Activity
  /** The last send was a resend (same key). */
  resending: boolean
  sendError: KitError | null
  verifying: Activity
  verifyError: KitError | null
  /** When a rate limit ends (kit.now() ms), as the proxy said. */
  retryAt: number | undefined
}

/** Nothing sent, nothing verified: where a flow starts, and where reset() brings it back. */
const START: State<never> = {
  challenge: undefined,
  result: undefined,
  sending: 'idle',
  resending: false,
  sendError: null,
  verifying: 'idle',
  verifyError: null,
  retryAt: undefined,
}

export function createOtpFlow<T extends OtpFlowChallenge['otpType']>(
  kit: Kit,
  options: CreateOtpFlowOptions<T>,
): OtpFlow<Extract<OtpFlowChallenge, { otpType: T }>>
export function createOtpFlow(kit: Kit, options: CreateOtpFlowOptions): OtpFlow {
  assertKit(kit, 'createOtpFlow(kit)')
  assertObject(options, 'createOtpFlow(options)')
  const { otpType, resendCooldownSeconds = DEFAULT_RESEND_COOLDOWN_SECONDS, storage = null, emailCustomization } = options
  if (otpType !== 'OTP_TYPE_EMAIL' && otpType !== 'OTP_TYPE_SMS') {
    throw invalidArgument('createOtpFlow({ otpType })', 'OTP_TYPE_EMAIL or OTP_TYPE_SMS', otpType)
  }
  if (!(typeof resendCooldownSeconds === 'number' && resendCooldownSeconds >= 0)) {
    throw invalidArgument('createOtpFlow({ resendCooldownSeconds })', 'a number of seconds, 0 or more', resendCooldownSeconds)
  }
  // Developer messages name the channel's own actions, which the flow runs.
  const startLabel = otpType === 'OTP_TYPE_EMAIL' ? 'startEmailOtp' : 'startSmsOtp'
  const configId = kit.client.configId
  const cooldownMs = resendCooldownSeconds * 1000
  const defaults: OtpOptions = emailCustomization === undefined ? {} : { emailCustomization }

  let state: State<OtpFlowChallenge> = {
    ...START,
    // The one thing done at creation: a code on its way before a reload brings the flow back to it.
    challenge: loadPendingOtp<OtpFlowChallenge>(storage, configId, otpType, kit.now()),
  }
  // Only the latest start/resend and the latest verify report; a reset makes both stale.
  let sendRun = 0
  let verifyRun = 0
  // The options of the code on show, for its resends.
  let lastOptions: OtpOptions = defaults
  let listeners = 0
  let timer: ReturnType<typeof setInterval> | undefined
  let destroyed = false

  const derive = (): OtpFlowSnapshot => {
    const now = kit.now()
    const { challenge, result, retryAt } = state
    const error = state.sendError ?? state.verifyError
    const isExpired = challenge !== undefined && now >= challenge.expiresAt
    const needsNewCode = isExpired || error?.code === 'OTP_EXPIRED' || error?.code === 'OTP_ATTEMPTS_EXCEEDED'
    const resendSecondsLeft = challenge ? Math.max(0, Math.ceil((challenge.sentAt + cooldownMs - now) / 1000)) : 0
    const retrySecondsLeft = retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000))
    const isSending = state.sending === 'pending'
    return {
      step: result ? 'done' : challenge ? 'code' : 'contact',
      challenge,
      result,
      isSending,
      isResending: isSending && state.resending,
      hasResent: state.sending === 'success' && state.resending,
      isVerifying: state.verifying === 'pending',
      error,
      resendSecondsLeft,
      // The cooldown spares the inbox while a code is on its way; a dead code has nothing to wait for.
      canResend: challenge !== undefined && !isSending && retrySecondsLeft === 0 && (resendSecondsLeft === 0 || needsNewCode),
      expiresInSeconds: challenge ? Math.max(0, Math.ceil((challenge.expiresAt - now) / 1000)) : 0,
      needsNewCode,
      retrySecondsLeft,
    }
  }

  const store = createStore<OtpFlowSnapshot>(Object.freeze(derive()))

  /** Something on show counts down: the code's expiry and cooldown, or a rate limit. */
  const counting = (): boolean => {
    const snapshot = store.getSnapshot()
    return (snapshot.challenge !== undefined && snapshot.result === undefined && snapshot.expiresInSeconds > 0) || snapshot.retrySecondsLeft > 0
  }

  const syncTimer = () => {
    const wanted = listeners > 0 && counting()
    if (wanted && timer === undefined) timer = setInterval(refresh, TICK_MS)
    else if (!wanted && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }

  /** A new snapshot when what it says changed (by a transition or by the clock); the same object otherwise. */
  function refresh(): void {
    const next = derive()
    const previous = store.getSnapshot()
    const changed = (Object.keys(next) as Array<keyof OtpFlowSnapshot>).some((field) => !Object.is(next[field], previous[field]))
    // A dead code is no reason to come back to the code step after a reload.
    if (next.needsNewCode && !previous.needsNewCode) savePendingOtp(storage, configId, otpType, undefined)
    if (changed) store.setState(Object.freeze(next))
    syncTimer()
  }

  const update = (patch: Partial<State<OtpFlowChallenge>>) => {
    if ('challenge' in patch && patch.challenge !== state.challenge) savePendingOtp(storage, configId, otpType, patch.challenge)
    state = { ...state, ...patch }
    refresh()
  }

  const send = async (
    contact: string,
    publicKey: string | undefined,
    callOptions: OtpOptions,
    config: OtpCodeConfig | undefined,
    patch: Partial<State<OtpFlowChallenge>> = {},
  ) => {
    const run = ++sendRun
    update({ ...patch, sending: 'pending', resending: publicKey !== undefined, sendError: null, verifying: 'idle', verifyError: null, retryAt: undefined })
    // A new send makes the verify under way (of the code it replaces) irrelevant.
    ++verifyRun
    try {
      // A first code takes the tenant's format (startOtp reads kit.config when `config` is left out);
      // a resend keeps its challenge's, which the code step already shows.
      const challenge =
        otpType === 'OTP_TYPE_EMAIL'
          ? await startEmailOtp(kit, { ...callOptions, email: contact, publicKey, config })
          : // An SMS ignores the email's template but gets the rest: an option that moved to the tenant fails as for an email.
            await startSmsOtp(kit, { ...callOptions, phoneNumber: contact, publicKey, config })
      if (run !== sendRun) return
      lastOptions = callOptions
      update({ challenge, sending: 'success' })
    } catch (error) {
      if (run !== sendRun) return
      const failure = asKitError(error)
      // Set with the error, so that the alert and its countdown appear together.
      const retryAt = failure.retryAfterSeconds === undefined ? undefined : kit.now() + failure.retryAfterSeconds * 1000
      update({ sending: 'error', sendError: failure, retryAt })
    }
  }

  const getSnapshot = (): OtpFlowSnapshot => {
    // Nobody subscribed means no timer: the clock is read when asked (a subscriber gets the ticks).
    if (listeners === 0 && !destroyed) refresh()
    return store.getSnapshot()
  }

  const start = async (contact: string, callOptions: OtpOptions = {}): Promise<void> => {
    let checked: string
    try {
      checked = checkOtpContact(otpType, contact, startLabel)
    } catch (error) {
      // Refused before anything is sent or the config is asked for: the contact's field shows why.
      ++sendRun
      ++verifyRun
      update({ result: undefined, sending: 'error', resending: false, sendError: asKitError(error), verifying: 'idle', verifyError: null, retryAt: undefined })
      return
    }
    await send(checked, undefined, mergeOptions(defaults, callOptions), undefined, { result: undefined })
  }

  const resend = async (): Promise<void> => {
    const { challenge, canResend } = getSnapshot()
    if (!challenge || !canResend) return
    // The same options as the code it replaces, and its format.
    await send(challenge.contact, challenge.publicKey, lastOptions, {
      otpLength: String(challenge.otpLength),
      otpAlphanumeric: challenge.alphanumeric,
    })
  }

  const verify = async (code: string): Promise<void> => {
    const { challenge } = state
    if (!challenge || state.verifying === 'pending') return
    const run = ++verifyRun
    // A try forgets the last send's outcome (its error, "new code sent"), and a resend under way.
    ++sendRun
    const forgetSend = { sending: 'idle', resending: false, sendError: null } as const
    try {
      checkOtpCode(challenge, code, otpType === 'OTP_TYPE_EMAIL' ? 'completeEmailOtp' : 'completeSmsOtp')
    } catch (error) {
      update({ ...forgetSend, verifying: 'error', verifyError: asKitError(error) })
      return
    }
    update({ ...forgetSend, verifying: 'pending', verifyError: null })
    try {
      const result =
        challenge.otpType === 'OTP_TYPE_EMAIL' ? await completeEmailOtp(kit, { challenge, code }) : await completeSmsOtp(kit, { challenge, code })
      if (run !== verifyRun) return
      update({ result, challenge: undefined, verifying: 'success' })
    } catch (error) {
      if (run !== verifyRun) return
      update({ verifying: 'error', verifyError: asKitError(error) })
    }
  }

  const reset = (): void => {
    const { challenge } = state
    // An abandoned challenge's key would never sign anything: delete it rather than leave it behind.
    if (challenge) {
      const cancelling = challenge.otpType === 'OTP_TYPE_EMAIL' ? cancelEmailOtp(kit, challenge) : cancelSmsOtp(kit, challenge)
      cancelling.catch(() => undefined)
    }
    ++sendRun
    ++verifyRun
    lastOptions = defaults
    update(START)
  }

  return {
    getSnapshot,
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener)
      if (destroyed) return unsubscribe
      listeners += 1
      let subscribed = true
      refresh()
      return () => {
        unsubscribe()
        if (!subscribed || destroyed) return
        subscribed = false
        listeners -= 1
        syncTimer()
      }
    },
    start,
    verify,
    resend,
    reset,
    destroy() {
      destroyed = true
      listeners = 0
      store.clear()
      syncTimer()
    },
  }
}

/** Field by field, the call's over the flow's defaults; an undefined field hides nothing. */
function mergeOptions(defaults: OtpOptions, call: OtpOptions): OtpOptions {
  if (typeof call !== 'object' || call === null) return defaults
  const given = Object.fromEntries(Object.entries(call).filter(([, value]) => value !== undefined))
  return { ...defaults, ...given }
}

/** Core throws KitError only; anything else (a bug, an injected fetch's own rejection) gets a code and copy. */
function asKitError(error: unknown): KitError {
  if (error instanceof KitError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new KitError('PROXY_ERROR', `Unexpected error: ${message}`, { cause: error })
}
