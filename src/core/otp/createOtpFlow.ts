// Sign-in by a one-time code (email or SMS) as a store: the steps, the resend cooldown, the code's
// expiry, the countdown after a rate limit, and the challenge kept across reloads of the tab. React
// binds to it (useEmailOtp, useSmsOtp); anything else can subscribe the same way.
import { assertObject, invalidArgument } from '../assert'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import { assertKit } from '../assertKit'
import { cancelEmailOtp, completeEmailOtp, startEmailOtp } from './emailOtp'
import {
  checkOtpCode,
  checkOtpContact,
  isVerifiedOtpChallenge,
  otpChallengeExpiresAt,
  otpInitMaybeSent,
  type CompleteOtpReturnType,
  type OtpCodeConfig,
  type OtpOptions,
} from './loginWithOtp'
import { cancelSmsOtp, completeSmsOtp, startSmsOtp } from './smsOtp'
import type { ReadableStore } from '../contracts'
import { createStore } from '../store'
import type { EmailCustomization } from '../types'
import type { OtpFlowChallenge, OtpFlowSnapshot, OtpRetryFor } from './otpFlowSnapshot'
import { loadPendingOtp, savePendingOtp, type FlowStorage } from './pendingOtp'

export {
  OTP_FLOW_IDLE,
  type OtpFlowChallenge,
  type OtpFlowSnapshot,
  type OtpFlowStep,
  type OtpRetryFor,
} from './otpFlowSnapshot'

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
   * refused at once (INVALID_EMAIL, INVALID_PHONE) with nothing sent. The latest start or resend wins:
   * a code that arrives for an earlier one is cancelled (its key deleted). The key of the challenge on
   * show, or of a send whose answer was lost (`maybeSent`), is used again rather than a new one made.
   */
  start(contact: string, options?: OtpOptions): Promise<void>
  /**
   * Checks the code's format at once (OTP_CODE_FORMAT), then signs in. Ignored without a challenge,
   * while verifying, or while a rate limit on verifying counts down (`canVerify` false). A challenge
   * whose code was accepted before a later step failed (`challenge.verificationToken`) resumes from that
   * step, without the code (any `code` does, even ''): the code is spent, its token stands for it.
   */
  verify(code: string): Promise<void>
  /** A new code to the same contact, for the same key and in the same format; ignored unless `canResend`. */
  resend(): Promise<void>
  /** Back to the first step: a send under way is aborted, and every key the flow holds is deleted. */
  reset(): void
  /**
   * Stops the countdown timer and drops every listener. What is under way still ends (and is stored).
   * The key kept after a lost answer (`maybeSent`) is deleted: nothing stored refers to it.
   */
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
  /** When a rate limit ends (kit.now() ms), as the proxy said; or a send's cooldown after a lost answer. */
  retryAt: number | undefined
  /** What retryAt holds back. */
  retryFor: OtpRetryFor | null
  /** The last send failed with no answer: the code may have been sent all the same. */
  maybeSent: boolean
  /** The key of that send, kept for the next start (no challenge holds it). */
  spareKey: string | undefined
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
  retryFor: null,
  maybeSent: false,
  spareKey: undefined,
}

export function createOtpFlow<T extends OtpFlowChallenge['otpType']>(
  kit: Kit,
  options: CreateOtpFlowOptions<T>,
): OtpFlow<Extract<OtpFlowChallenge, { otpType: T }>>
export function createOtpFlow(kit: Kit, options: CreateOtpFlowOptions): OtpFlow {
  assertKit(kit, 'createOtpFlow(kit)')
  assertObject(options, 'createOtpFlow(options)')
  const {
    otpType,
    resendCooldownSeconds = DEFAULT_RESEND_COOLDOWN_SECONDS,
    storage = null,
    emailCustomization,
  } = options
  if (otpType !== 'OTP_TYPE_EMAIL' && otpType !== 'OTP_TYPE_SMS') {
    throw invalidArgument('createOtpFlow({ otpType })', 'OTP_TYPE_EMAIL or OTP_TYPE_SMS', otpType)
  }
  if (!(typeof resendCooldownSeconds === 'number' && resendCooldownSeconds >= 0)) {
    throw invalidArgument(
      'createOtpFlow({ resendCooldownSeconds })',
      'a number of seconds, 0 or more',
      resendCooldownSeconds,
    )
  }
  // Developer messages name the channel's own actions, which the flow runs.
  const startLabel = otpType === 'OTP_TYPE_EMAIL' ? 'startEmailOtp' : 'startSmsOtp'
  const configId = kit.client.configId
  const cooldownMs = resendCooldownSeconds * 1000
  const defaults: OtpOptions = emailCustomization === undefined ? {} : { emailCustomization }

  let state: State<OtpFlowChallenge> = {
    ...START,
    // The one thing done at creation: a code on its way before a reload brings the flow back to it.
    // One that expired meanwhile has a key nothing will use: delete it (unless the session is bound to it).
    challenge: loadPendingOtp<OtpFlowChallenge>(storage, configId, otpType, kit.now(), (expired) => {
      void kit.session.ready.then(() => dispose(expired.publicKey))
    }),
  }
  // Only the latest start/resend and the latest verify report; a reset makes both stale.
  let sendRun = 0
  let verifyRun = 0
  // The options of the code on show, for its resends.
  let lastOptions: OtpOptions = defaults
  let listeners = 0
  let timer: ReturnType<typeof setInterval> | undefined
  let destroyed = false
  // The sends under way, for reset() to abort.
  const inFlight = new Set<AbortController>()

  /** A key the flow made or held is still wanted by the challenge on show, a lost send's retry, or the session. */
  const isReferenced = (publicKey: string): boolean =>
    state.challenge?.publicKey === publicKey ||
    state.spareKey === publicKey ||
    kit.session.getSnapshot().session?.publicKey === publicKey

  /** Deletes a key nothing refers to any more (a superseded send's, an abandoned challenge's). */
  async function dispose(publicKey: string | undefined): Promise<void> {
    if (publicKey === undefined || isReferenced(publicKey)) return
    await kit.keyStore.delete(publicKey).catch(() => undefined)
  }

  /**
   * Lets go of the key kept after a lost answer: only this flow's memory refers to it (not the
   * storage), so a flow that goes away takes it along rather than leave it behind.
   */
  const dropSpareKey = (): void => {
    const { spareKey } = state
    if (spareKey === undefined) return
    state = { ...state, spareKey: undefined }
    void dispose(spareKey)
  }

  const derive = (): OtpFlowSnapshot => {
    const now = kit.now()
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
      canVerify: challenge !== undefined && !isVerifying && !(retryFor === 'verify' && retrySecondsLeft > 0),
      expiresInSeconds: challenge ? Math.max(0, Math.ceil((expiresAt - now) / 1000)) : 0,
      needsNewCode,
      retrySecondsLeft,
      retryFor,
      maybeSent: state.maybeSent,
    }
  }

  const store = createStore<OtpFlowSnapshot>(Object.freeze(derive()))

  /** Something on show counts down: the code's expiry and cooldown, or a rate limit. */
  const counting = (): boolean => {
    const snapshot = store.getSnapshot()
    return (
      (snapshot.challenge !== undefined && snapshot.result === undefined && snapshot.expiresInSeconds > 0) ||
      snapshot.retrySecondsLeft > 0
    )
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
    const changed = (Object.keys(next) as Array<keyof OtpFlowSnapshot>).some(
      (field) => !Object.is(next[field], previous[field]),
    )
    // A dead code is no reason to come back to the code step after a reload.
    if (next.needsNewCode && !previous.needsNewCode) savePendingOtp(storage, configId, otpType, undefined)
    if (changed) store.setState(Object.freeze(next))
    syncTimer()
  }

  const update = (patch: Partial<State<OtpFlowChallenge>>) => {
    if ('challenge' in patch && patch.challenge !== state.challenge)
      savePendingOtp(storage, configId, otpType, patch.challenge)
    state = { ...state, ...patch }
    refresh()
  }

  const send = async (
    contact: string,
    resending: boolean,
    callOptions: OtpOptions,
    config: OtpCodeConfig | undefined,
    patch: Partial<State<OtpFlowChallenge>> = {},
  ) => {
    const run = ++sendRun
    // The key of the challenge on show (a resend, a corrected contact) or of a send whose answer was
    // lost: used again, so that a restart leaves nothing behind and makes nothing twice.
    const reuse = state.challenge?.publicKey ?? state.spareKey
    update({
      ...patch,
      sending: 'pending',
      resending,
      sendError: null,
      verifying: 'idle',
      verifyError: null,
      retryAt: undefined,
      retryFor: null,
      maybeSent: false,
    })
    // A new send makes the verify under way (of the code it replaces) irrelevant.
    ++verifyRun
    const controller = new AbortController()
    inFlight.add(controller)
    let publicKey: string | undefined
    try {
      // The flow makes the key itself, rather than startOtp, so that it can keep it when the answer is lost.
      publicKey = reuse ?? (await kit.keyStore.create())
      const signal = controller.signal
      // A first code takes the tenant's format (startOtp reads kit.config when `config` is left out);
      // a resend keeps its challenge's, which the code step already shows.
      const challenge =
        otpType === 'OTP_TYPE_EMAIL'
          ? await startEmailOtp(kit, { ...callOptions, email: contact, publicKey, config, signal })
          : // An SMS ignores the email's template but gets the rest: an option that moved to the tenant fails as for an email.
            await startSmsOtp(kit, { ...callOptions, phoneNumber: contact, publicKey, config, signal })
      // Superseded (a later start, a reset): its challenge is cancelled, its key deleted unless in use.
      if (run !== sendRun) return void (await dispose(challenge.publicKey))
      lastOptions = callOptions
      const { challenge: replaced, spareKey } = state
      update({ challenge, sending: 'success', spareKey: undefined })
      // Normally the same key (reused); another one only if the key store had lost it.
      await Promise.all([dispose(replaced?.publicKey), dispose(spareKey)])
    } catch (error) {
      if (run !== sendRun) return void (await dispose(publicKey))
      const failure = asKitError(error)
      const maybeSent = publicKey !== undefined && otpInitMaybeSent(failure)
      const retryAt =
        failure.retryAfterSeconds !== undefined
          ? kit.now() + failure.retryAfterSeconds * 1000
          : // The proxy may have sent it, and would refuse another for its cooldown: the same wait, said.
            maybeSent
            ? kit.now() + cooldownMs
            : undefined
      // Set with the error, so that the alert and its countdown appear together.
      update({
        sending: 'error',
        sendError: failure,
        retryAt,
        retryFor: retryAt === undefined ? null : 'send',
        maybeSent,
        // Kept for the next start unless the challenge on show holds it.
        spareKey: maybeSent && publicKey !== state.challenge?.publicKey ? publicKey : state.spareKey,
      })
      // A send that surely failed does not need its new key (a held one is kept: isReferenced).
      if (!maybeSent) await dispose(publicKey)
      else if (destroyed) dropSpareKey()
    } finally {
      inFlight.delete(controller)
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
      update({
        result: undefined,
        sending: 'error',
        resending: false,
        sendError: asKitError(error),
        verifying: 'idle',
        verifyError: null,
        retryAt: undefined,
        retryFor: null,
        maybeSent: false,
      })
      return
    }
    await send(checked, false, mergeOptions(defaults, callOptions), undefined, { result: undefined })
  }

  const resend = async (): Promise<void> => {
    const { challenge, canResend } = getSnapshot()
    if (!challenge || !canResend) return
    // The same options as the code it replaces, and its format.
    await send(challenge.contact, true, lastOptions, {
      otpLength: String(challenge.otpLength),
      otpAlphanumeric: challenge.alphanumeric,
    })
  }

  const verify = async (code: string): Promise<void> => {
    const { challenge } = state
    if (!challenge || !derive().canVerify) return
    const run = ++verifyRun
    // A try forgets the last send's outcome (its error, "new code sent"), and a resend under way.
    ++sendRun
    const forgetSend = { sending: 'idle', resending: false, sendError: null, maybeSent: false } as const
    // A verified challenge resumes without its code: there is nothing to check.
    if (!isVerifiedOtpChallenge(challenge)) {
      try {
        checkOtpCode(challenge, code, otpType === 'OTP_TYPE_EMAIL' ? 'completeEmailOtp' : 'completeSmsOtp')
      } catch (error) {
        update({ ...forgetSend, verifying: 'error', verifyError: asKitError(error) })
        return
      }
    }
    update({ ...forgetSend, verifying: 'pending', verifyError: null })
    // Each step passed is kept on the challenge (and in storage), so that a retry, even after a
    // reload, resumes where this one failed instead of spending the code again.
    const onProgress = (progress: OtpFlowChallenge) => {
      if (run === verifyRun && state.challenge?.otpId === progress.otpId) update({ challenge: progress })
    }
    try {
      const result =
        challenge.otpType === 'OTP_TYPE_EMAIL'
          ? await completeEmailOtp(kit, { challenge, code, onProgress })
          : await completeSmsOtp(kit, { challenge, code, onProgress })
      if (run !== verifyRun) return
      update({ result, challenge: undefined, verifying: 'success' })
    } catch (error) {
      if (run !== verifyRun) return
      const failure = asKitError(error)
      // A rate limit on trying codes holds "Verify" back as one on sending holds "Resend".
      const limited = failure.retryAfterSeconds !== undefined
      update({
        verifying: 'error',
        verifyError: failure,
        ...(limited
          ? { retryAt: kit.now() + (failure.retryAfterSeconds as number) * 1000, retryFor: 'verify' as const }
          : {}),
      })
    }
  }

  const reset = (): void => {
    const { challenge, spareKey } = state
    // An abandoned challenge's key would never sign anything: delete it rather than leave it behind.
    if (challenge) {
      const cancelling =
        challenge.otpType === 'OTP_TYPE_EMAIL' ? cancelEmailOtp(kit, challenge) : cancelSmsOtp(kit, challenge)
      cancelling.catch(() => undefined)
    }
    ++sendRun
    ++verifyRun
    lastOptions = defaults
    update(START)
    // A send under way is stopped (its key is deleted when it settles, being superseded), and so is
    // the key kept after a lost answer.
    for (const controller of inFlight)
      controller.abort(new KitError('ABORTED', 'createOtpFlow: reset while a code was being sent'))
    void dispose(spareKey)
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
      dropSpareKey()
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
