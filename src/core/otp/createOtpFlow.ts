// Sign-in by a one-time code (email or SMS) as a store: the steps, the resend cooldown, the code's
// expiry, the countdown after a rate limit, and the challenge kept across reloads of the tab. React
// binds to it (useEmailOtp, useSmsOtp); anything else can subscribe the same way.
import { assertObject, invalidArgument } from '../assert'
import { assertKit } from '../assertKit'
import type { ReadableStore, Store } from '../contracts'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import { createStore } from '../store'
import type { EmailCustomization } from '../types'
import { releaseOtpKey } from './cancelOtp'
import { checkOtpCode, checkOtpContact, refuseMovedOptions, type OtpCodeConfig } from './checkOtpInput'
import { signInWithOtp } from './completeOtp'
import { emailOtpChallenge } from './emailOtp'
import { isVerifiedOtpChallenge } from './otpChallenge'
import type { OtpFlowChallenge, OtpFlowSnapshot } from './otpFlowSnapshot'
import {
  OTP_FLOW_START,
  codeNotSent,
  codeRefused,
  codeRequested,
  codeSent,
  contactRefused,
  otpFlowSnapshotOf,
  parkedDropped,
  parkedResumed,
  signInProgressed,
  signedIn,
  steppedBack,
  verifyFailed,
  verifyStarted,
  type OtpFlowState,
} from './otpFlowState'
import { loadPendingOtp, savePendingOtp, type FlowStorage } from './pendingOtp'
import { smsOtpChallenge } from './smsOtp'
import { checkOtpSend, otpInitMaybeSent, sendOtp, type OtpOptions } from './startOtp'

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
  resendCooldownSeconds?: number | undefined
  /** Where the challenge on its way is kept across reloads (sessionStorage); null or left out: nowhere. */
  storage?: FlowStorage | null | undefined
  /** The email template of every code of this flow (the app's default); `start`'s options override it. */
  emailCustomization?: EmailCustomization | undefined
}

export interface OtpFlow<C extends OtpFlowChallenge = OtpFlowChallenge> extends ReadableStore<OtpFlowSnapshot<C>> {
  /**
   * Sends a code to `contact` (an email address, or a phone number in E.164). A malformed contact is
   * refused at once (INVALID_EMAIL, INVALID_PHONE) with nothing sent. The latest start or resend wins:
   * a code that arrives for an earlier one is cancelled (its key deleted). The key of the challenge on
   * show, or of a send whose answer was lost (`maybeSent`), is used again rather than a new one made.
   */
  start(contact: string, options?: OtpStartOptions): Promise<void>
  /**
   * Checks the code's format at once (OTP_CODE_FORMAT), then signs in. Ignored without a challenge,
   * while verifying, or while a rate limit on verifying counts down (`canVerify` false). A challenge
   * whose code was accepted before a later step failed (`challenge.verificationToken`) resumes from that
   * step, without the code (any `code` does, even ''): the code is spent, its token stands for it.
   */
  verify(code: string): Promise<void>
  /**
   * A new code to the same contact, for the same key and in the same format; ignored unless `canResend`.
   * A captcha tenant needs a fresh token here too (otp_init again): the start's was spent.
   */
  resend(options?: OtpResendOptions): Promise<void>
  /** Back to the first step: a send under way is aborted, and every key the flow holds is deleted. */
  reset(): void
  /**
   * Back to the first step to change the contact ("Use a different email"): a send under way is aborted,
   * as by reset, but the code on show is kept while it can be used. A `start` to the same contact within
   * its life shows it again, as it was left, with nothing sent (asking again would be rate-limited, and
   * would make the code already in the inbox useless); another contact gets a new code, for the same key.
   */
  back(): void
  /**
   * Stops the countdown timer and drops every listener. What is under way still ends (and is stored).
   * The key kept after a lost answer (`maybeSent`) is deleted: nothing stored refers to it.
   */
  destroy(): void
}

/** A start's options: the app's email template, and the captcha widget's token on a captcha tenant (see startOtp). */
export interface OtpStartOptions extends OtpOptions {
  captchaToken?: string | undefined
}

/** A resend's: a fresh captcha token on a captcha tenant (the start's is good for one call). */
export interface OtpResendOptions {
  captchaToken?: string | undefined
}

const DEFAULT_RESEND_COOLDOWN_SECONDS = 30
const TICK_MS = 1000

/** A flow at run time: what createOtpFlow was given, its state, and what is under way. Its verbs below take it. */
interface Flow {
  readonly kit: Kit
  readonly otpType: OtpFlowChallenge['otpType']
  readonly storage: FlowStorage | null
  readonly configId: string
  readonly cooldownMs: number
  /** The options of every code of the flow, under each start's own. */
  readonly defaults: OtpOptions
  /** Developer messages name the channel's own actions (startEmailOtp, completeSmsOtp, ...), which the flow runs. */
  readonly startLabel: string
  readonly completeLabel: string
  readonly store: Store<OtpFlowSnapshot>
  /** The sends under way, for reset() to abort. */
  readonly inFlight: Set<AbortController>
  state: OtpFlowState
  /** Only the latest start/resend and the latest verify report; a reset makes both stale. */
  sendRun: number
  verifyRun: number
  /** The options of the code on show, for its resends. */
  lastOptions: OtpOptions
  listeners: number
  timer: ReturnType<typeof setInterval> | undefined
  destroyed: boolean
}

export function createOtpFlow<T extends OtpFlowChallenge['otpType']>(
  kit: Kit,
  options: CreateOtpFlowOptions<T>,
): OtpFlow<Extract<OtpFlowChallenge, { otpType: T }>>
export function createOtpFlow(kit: Kit, options: CreateOtpFlowOptions): OtpFlow {
  const flow = makeFlow(kit, checkFlowOptions(kit, options))
  return {
    getSnapshot: () => getSnapshot(flow),
    subscribe: (listener) => subscribe(flow, listener),
    start: (contact, callOptions) => start(flow, contact, callOptions),
    verify: (code) => verify(flow, code),
    resend: (options) => resend(flow, options),
    reset: () => reset(flow),
    back: () => back(flow),
    destroy: () => destroy(flow),
  }
}

/** createOtpFlow's options as checked, with the defaults filled in. */
type CheckedFlowOptions = Pick<Flow, 'otpType' | 'storage' | 'cooldownMs' | 'defaults'>

/** createOtpFlow's checks, made once: its verbs take the kit and the options as checked here. */
function checkFlowOptions(kit: Kit, options: CreateOtpFlowOptions): CheckedFlowOptions {
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
  const defaults: OtpOptions = emailCustomization === undefined ? {} : { emailCustomization }
  return { otpType, storage, cooldownMs: resendCooldownSeconds * 1000, defaults }
}

/** The flow at its start: the challenge a reload interrupted, if any, and nothing under way. */
function makeFlow(kit: Kit, checked: CheckedFlowOptions): Flow {
  const { otpType, storage, cooldownMs, defaults } = checked
  const configId = kit.client.configId
  const byEmail = otpType === 'OTP_TYPE_EMAIL'
  // The one thing done at creation: a code on its way before a reload brings the flow back to it.
  // One that expired meanwhile has a key nothing will use: delete it (unless the session is bound to it).
  const challenge = loadPendingOtp<OtpFlowChallenge>(storage, configId, otpType, kit.now(), (expired) => {
    void kit.session.ready.then(() => dispose(flow, expired.publicKey))
  })
  const state: OtpFlowState = { ...OTP_FLOW_START, challenge }
  const flow: Flow = {
    ...checked,
    kit,
    configId,
    startLabel: byEmail ? 'startEmailOtp' : 'startSmsOtp',
    completeLabel: byEmail ? 'completeEmailOtp' : 'completeSmsOtp',
    store: createStore<OtpFlowSnapshot>(Object.freeze(otpFlowSnapshotOf(state, kit.now(), cooldownMs))),
    inFlight: new Set(),
    state,
    sendRun: 0,
    verifyRun: 0,
    lastOptions: defaults,
    listeners: 0,
    timer: undefined,
    destroyed: false,
  }
  return flow
}

// ---------------------------------------------------------------------------------------------------
// The verbs

async function start(flow: Flow, contact: string, callOptions: OtpStartOptions = {}): Promise<void> {
  let checked: string
  try {
    checked = checkOtpContact(flow.otpType, contact, flow.startLabel)
  } catch (error) {
    // Refused before anything is sent or the config is asked for: the contact's field shows why.
    ++flow.sendRun
    ++flow.verifyRun
    transition(flow, contactRefused(flow.state, asKitError(error)))
    return
  }
  if (resumeParked(flow, checked)) return
  await send(flow, checked, false, mergeOptions(flow.defaults, callOptions))
}

async function resend(flow: Flow, options: OtpResendOptions = {}): Promise<void> {
  const { challenge, canResend } = getSnapshot(flow)
  if (!challenge || !canResend) return
  // The same options as the code it replaces, and its format; a token of its own, if any.
  const config = { otpLength: String(challenge.otpLength), otpAlphanumeric: challenge.alphanumeric }
  // Only a string: anything else given (a click's event, from `onClick={resend}`) carries no token.
  const captchaToken = typeof options?.captchaToken === 'string' ? options.captchaToken : undefined
  const sendOptions = captchaToken === undefined ? flow.lastOptions : { ...flow.lastOptions, captchaToken }
  await send(flow, challenge.contact, true, sendOptions, config)
}

async function verify(flow: Flow, code: string): Promise<void> {
  const { challenge } = flow.state
  if (!challenge || !snapshotNow(flow).canVerify) return
  // A verified challenge resumes without its code: there is nothing to check.
  let checked = code
  if (!isVerifiedOtpChallenge(challenge)) {
    try {
      checked = checkOtpCode(challenge, code, flow.completeLabel)
    } catch (error) {
      ++flow.verifyRun
      ++flow.sendRun
      transition(flow, codeRefused(flow.state, asKitError(error)))
      return
    }
    // Refused already: sending it again would only spend one of the code's tries. Its error stays.
    if (checked === flow.state.refusedCode) return
  }
  const run = ++flow.verifyRun
  // A try forgets the last send's outcome (its error, "new code sent"), and a resend under way.
  ++flow.sendRun
  transition(flow, verifyStarted(flow.state))
  // Each step passed is kept on the challenge (and in storage), so that a retry, even after a
  // reload, resumes where this one failed instead of spending the code again.
  const onProgress = (progress: OtpFlowChallenge) => {
    if (run === flow.verifyRun && flow.state.challenge?.otpId === progress.otpId)
      transition(flow, signInProgressed(flow.state, progress))
  }
  try {
    const checkedSignIn = { challenge, code: checked, onProgress, signal: undefined }
    const result = await signInWithOtp(flow.kit, checkedSignIn, flow.completeLabel)
    if (run !== flow.verifyRun) return
    transition(flow, signedIn(flow.state, result))
  } catch (error) {
    if (run !== flow.verifyRun) return
    transition(flow, verifyFailed(flow.state, asKitError(error), flow.kit.now(), checked))
  }
}

function reset(flow: Flow): void {
  const { challenge, spareKey, parked } = flow.state
  // An abandoned challenge's key would never sign anything: delete it rather than leave it behind.
  for (const abandoned of [challenge, parked?.challenge])
    if (abandoned) releaseOtpKey(flow.kit, abandoned).catch(() => undefined)
  flow.lastOptions = flow.defaults
  stopSending(flow, 'reset')
  transition(flow, OTP_FLOW_START)
  void dispose(flow, spareKey)
}

function back(flow: Flow): void {
  const { challenge } = flow.state
  const usable = challenge !== undefined && !snapshotNow(flow).needsNewCode
  stopSending(flow, 'back()')
  transition(flow, steppedBack(flow.state, usable))
  // A dead code's key, unless kept for the next start.
  void dispose(flow, challenge?.publicKey)
}

/** Makes whatever start, resend or verify is under way stale, and aborts the sends (their keys go when they settle). */
function stopSending(flow: Flow, reason: string): void {
  ++flow.sendRun
  ++flow.verifyRun
  for (const controller of flow.inFlight)
    controller.abort(new KitError('ABORTED', `createOtpFlow: ${reason} while a code was being sent`))
}

/**
 * A start to the contact of the code stepped back from, while that code lives: it shows again, and
 * nothing is sent. A parked code that died meanwhile is dropped (its key is the next send's).
 */
function resumeParked(flow: Flow, contact: string): boolean {
  const { parked } = flow.state
  if (parked === undefined) return false
  const alive = otpFlowSnapshotOf({ ...flow.state, ...parked }, flow.kit.now(), flow.cooldownMs)
  if (alive.needsNewCode) {
    transition(flow, { ...parkedDropped(flow.state), spareKey: flow.state.spareKey ?? parked.challenge.publicKey })
    void dispose(flow, parked.challenge.publicKey)
    return false
  }
  if (parked.challenge.contact !== contact) return false
  stopSending(flow, 'start()')
  transition(flow, parkedResumed(flow.state, parked))
  return true
}

function getSnapshot(flow: Flow): OtpFlowSnapshot {
  // Nobody subscribed means no timer: the clock is read when asked (a subscriber gets the ticks).
  if (flow.listeners === 0 && !flow.destroyed) refresh(flow)
  return flow.store.getSnapshot()
}

function subscribe(flow: Flow, listener: () => void): () => void {
  const unsubscribe = flow.store.subscribe(listener)
  if (flow.destroyed) return unsubscribe
  flow.listeners += 1
  let subscribed = true
  refresh(flow)
  return () => {
    unsubscribe()
    if (!subscribed || flow.destroyed) return
    subscribed = false
    flow.listeners -= 1
    syncTimer(flow)
  }
}

function destroy(flow: Flow): void {
  flow.destroyed = true
  dropSpareKey(flow)
  flow.listeners = 0
  flow.store.clear()
  syncTimer(flow)
}

// ---------------------------------------------------------------------------------------------------
// Sending a code

/**
 * Asks for a code to a checked contact, or again (`resending`: same key, and the challenge's format as
 * `config`, which the code step already shows): the latest send wins, and every key it made or held
 * ends up used or deleted.
 */
async function send(
  flow: Flow,
  contact: string,
  resending: boolean,
  callOptions: OtpStartOptions,
  config?: OtpCodeConfig,
): Promise<void> {
  const { kit, otpType, startLabel } = flow
  const run = ++flow.sendRun
  // The key of the challenge on show (a resend, a corrected contact) or of a send whose answer was
  // lost: used again, so that a restart leaves nothing behind and makes nothing twice.
  const reuse = flow.state.challenge?.publicKey ?? flow.state.spareKey ?? flow.state.parked?.challenge.publicKey
  transition(flow, codeRequested(flow.state, resending, !resending))
  // A new send makes the verify under way (of the code it replaces) irrelevant.
  ++flow.verifyRun
  const controller = new AbortController()
  flow.inFlight.add(controller)
  let publicKey: string | undefined
  try {
    // The flow makes the key itself, rather than sendOtp, so that it can keep it when the answer is lost.
    publicKey = reuse ?? (await kit.keyStore.create())
    // The channel's start past the contact's check (done by start(), or when the challenge was made): the
    // rest of what a call gives is checked (an SMS ignores the email's template but gets the rest: an
    // option that moved to the tenant fails as for an email), then the code is asked for.
    refuseMovedOptions(callOptions, startLabel)
    const request = { ...callOptions, otpType, publicKey, config, signal: controller.signal }
    const sent = await sendOtp(kit, checkOtpSend(kit, request, contact, startLabel), startLabel)
    const challenge = otpType === 'OTP_TYPE_EMAIL' ? emailOtpChallenge(sent) : smsOtpChallenge(sent)
    await codeArrived(flow, run, challenge, callOptions)
  } catch (error) {
    await sendFailed(flow, run, asKitError(error), publicKey)
  } finally {
    flow.inFlight.delete(controller)
  }
}

/** A code is on its way: shown, unless a later send or a reset superseded it (then its key goes). */
async function codeArrived(
  flow: Flow,
  run: number,
  challenge: OtpFlowChallenge,
  callOptions: OtpStartOptions,
): Promise<void> {
  if (run !== flow.sendRun) return void (await dispose(flow, challenge.publicKey))
  // A resend reuses the options but never the captcha token: it was spent on this send.
  const { captchaToken: _spent, ...reusable } = callOptions
  flow.lastOptions = reusable
  const { challenge: replaced, spareKey, parked } = flow.state
  transition(flow, codeSent(flow.state, challenge))
  // Normally the same key (reused); another one only if the key store had lost it.
  await Promise.all([replaced?.publicKey, spareKey, parked?.challenge.publicKey].map((key) => dispose(flow, key)))
}

/** Asking for a code failed: its key is kept when the code may have gone out all the same, else deleted. */
async function sendFailed(flow: Flow, run: number, failure: KitError, publicKey: string | undefined): Promise<void> {
  if (run !== flow.sendRun) return void (await dispose(flow, publicKey))
  const { kit, state } = flow
  const maybeSent = publicKey !== undefined && otpInitMaybeSent(failure)
  const retryAt =
    failure.retryAfterSeconds !== undefined
      ? kit.now() + failure.retryAfterSeconds * 1000
      : // The proxy may have sent it, and would refuse another for its cooldown: the same wait, said.
        maybeSent
        ? kit.now() + flow.cooldownMs
        : undefined
  // Kept for the next start unless the challenge on show holds it.
  const spareKey = maybeSent && publicKey !== state.challenge?.publicKey ? publicKey : state.spareKey
  transition(flow, codeNotSent(state, failure, retryAt, maybeSent, spareKey))
  // A send that surely failed does not need its new key (a held one is kept: isReferenced).
  if (!maybeSent) await dispose(flow, publicKey)
  else if (flow.destroyed) dropSpareKey(flow)
}

// ---------------------------------------------------------------------------------------------------
// Keys

/** A key the flow made or held is still wanted by the challenge on show, a lost send's retry, or the session. */
function isReferenced(flow: Flow, publicKey: string): boolean {
  return (
    flow.state.challenge?.publicKey === publicKey ||
    flow.state.spareKey === publicKey ||
    flow.state.parked?.challenge.publicKey === publicKey ||
    flow.kit.session.getSnapshot().session?.publicKey === publicKey
  )
}

/** Deletes a key nothing refers to any more (a superseded send's, an abandoned challenge's). */
async function dispose(flow: Flow, publicKey: string | undefined): Promise<void> {
  if (publicKey === undefined || isReferenced(flow, publicKey)) return
  await flow.kit.keyStore.delete(publicKey).catch(() => undefined)
}

/**
 * Lets go of the key kept after a lost answer: only this flow's memory refers to it (not the
 * storage), so a flow that goes away takes it along rather than leave it behind.
 */
function dropSpareKey(flow: Flow): void {
  const { spareKey } = flow.state
  if (spareKey === undefined) return
  flow.state = { ...flow.state, spareKey: undefined }
  void dispose(flow, spareKey)
}

// ---------------------------------------------------------------------------------------------------
// State, snapshot and clock

/** Moves the flow to `next`, storing its challenge when that changed, and shows it. */
function transition(flow: Flow, next: OtpFlowState): void {
  // A code stepped back from is kept too: a reload comes back to it (it is still in the inbox).
  const stored = next.challenge ?? next.parked?.challenge
  if (stored !== (flow.state.challenge ?? flow.state.parked?.challenge))
    savePendingOtp(flow.storage, flow.configId, flow.otpType, stored)
  flow.state = next
  refresh(flow)
}

function snapshotNow(flow: Flow): OtpFlowSnapshot {
  return otpFlowSnapshotOf(flow.state, flow.kit.now(), flow.cooldownMs)
}

/** A new snapshot when what it says changed (by a transition or by the clock); the same object otherwise. */
function refresh(flow: Flow): void {
  const next = snapshotNow(flow)
  const previous = flow.store.getSnapshot()
  const changed = (Object.keys(next) as Array<keyof OtpFlowSnapshot>).some(
    (field) => !Object.is(next[field], previous[field]),
  )
  // A dead code is no reason to come back to the code step after a reload.
  if (next.needsNewCode && !previous.needsNewCode) savePendingOtp(flow.storage, flow.configId, flow.otpType, undefined)
  if (changed) flow.store.setState(Object.freeze(next))
  syncTimer(flow)
}

/** Something on show counts down: the code's expiry and cooldown, or a rate limit. */
function counting(snapshot: OtpFlowSnapshot): boolean {
  return (
    (snapshot.challenge !== undefined && snapshot.result === undefined && snapshot.expiresInSeconds > 0) ||
    snapshot.retrySecondsLeft > 0
  )
}

/** A timer ticks while someone listens and something counts down, and only then. */
function syncTimer(flow: Flow): void {
  const wanted = flow.listeners > 0 && counting(flow.store.getSnapshot())
  if (wanted && flow.timer === undefined) flow.timer = setInterval(() => refresh(flow), TICK_MS)
  else if (!wanted && flow.timer !== undefined) {
    clearInterval(flow.timer)
    flow.timer = undefined
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
