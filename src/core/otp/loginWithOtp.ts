// One-time codes by email or SMS: one flow, two contacts. DESIGN.md: new key → otp_init → the person
// types the code → otp_verify (with the public key) → account lookup by contact → signup with the
// verification token if there is no account → otp_login with the client signature → store the session.
import { assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { isKitError, KitError, type KitErrorCode } from '../errors'
import { DEFAULT_USER_MESSAGES } from '../errors'
import { isCompressedPublicKey } from '../keys/p256'
import { normalizeOtpCode } from './normalizeOtpCode'
import { decodeVerificationToken } from '../session/jwt'
import type { Session } from '../session/sessionStore'
import type { EmailCustomization, OtpInitRequest, OtpType, SignupRequest, WalletKitConfigResponse } from '../types'
import { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from '../validators'
import { signupWallet } from '../wallet/checkSignupWallet'
import { checkAnswer } from '../wallet/checkAnswer'
import { readTargetBundle, PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY } from './targetBundle'
import { sealOtpCode } from './sealOtpCode'
import { attestedStamper } from '../stamp/attestedStamper'
import type { ActivityEnvelope } from '../publicApiTypes'
import { assertKit } from '../assertKit'
import { loginMessage, signClientMessage, signupMessage } from './clientSignature'

/** What wallet_kit_config reports when the tenant sets nothing (WIRE.md). */
const DEFAULT_OTP_LENGTH = 6
const DEFAULT_ALPHANUMERIC = true
/**
 * How long the kit assumes a code lives, for its countdown and for dropping a dead challenge: the
 * lifetime is the tenant's (set in the proxy's dashboard) and is on no answer, so the kit takes
 * production's default, 5 minutes. The proxy has the last word: a code it finds expired sooner is
 * refused with OTP_EXPIRED, which the flow shows like the countdown's end (ask for a new code).
 */
export const ASSUMED_OTP_LIFETIME_SECONDS = 300

/**
 * What an app chooses about a code by email, per call or as a default: which of the tenant's email
 * templates (production's otp_init takes nothing else). An SMS has no per-call options.
 */
export interface EmailOtpOptions {
  emailCustomization?: EmailCustomization
}

/** An app's defaults for both channels (the provider's `otpOptions`): an SMS ignores them. */
export type OtpOptions = EmailOtpOptions

/**
 * The part of wallet_kit_config that says what a code looks like: `otpLength` (decimal string) and
 * `otpAlphanumeric`. A production proxy may leave either out: then 6 and true (WIRE.md).
 */
export type OtpCodeConfig = Partial<Pick<WalletKitConfigResponse, 'otpLength' | 'otpAlphanumeric'>>

export interface StartOtpParameters extends EmailOtpOptions {
  otpType: OtpType
  /** An email address, or a phone number in E.164 (`+447700900123`; spaces, dashes and brackets are dropped). */
  contact: string
  /**
   * A key from an earlier challenge to use again (resend, or a corrected contact), so that restarting
   * does not leave a key behind. Ignored when the key store does not hold it.
   */
  publicKey?: string
  /**
   * What the code will look like (`otpLength`, `otpAlphanumeric`), so that completeOtp checks it before
   * sending it. Nothing of it is sent. Left out: the tenant's, from `kit.config.ensure()` (asked for
   * once per kit). A resend gives its challenge's, so that the code step it shows stays right.
   */
  config?: OtpCodeConfig
  signal?: AbortSignal
}

/** A code on its way to `contact`; hand it back to completeOtp with the code. */
export interface OtpChallenge<T extends OtpType = OtpType> {
  otpId: string
  otpType: T
  /** The email address, or the E.164 phone number, the code went to. */
  contact: string
  /** The key the session will be bound to. Reuse it (`publicKey` of the start parameters) when restarting. */
  publicKey: string
  /** The code's length and alphabet, from the tenant's config: what the code input asks for. */
  otpLength: number
  alphanumeric: boolean
  /**
   * The current generation's (otp_init_v2): the target the code is encrypted to, as the proxy signed
   * it. Checked again before the code is sealed to it: the challenge may have sat in storage.
   */
  targetBundle?: string
  /** ms since the epoch (kit.now()). */
  sentAt: number
  /** sentAt + ASSUMED_OTP_LIFETIME_SECONDS: the lifetime is the tenant's and the proxy does not say it. */
  expiresAt: number
  /**
   * Progress of completeOtp, reported through its `onProgress` (see there): set once otp_verify accepted
   * the code. The code is spent; this token, bound to `publicKey`, stands for it until it expires.
   */
  verificationToken?: string
  /** The verification token's `exp`, in ms since the epoch: until then a retry resumes without the code. */
  verificationExpiresAt?: number
  /** The account signed into, once the lookup (or signup) found it. */
  organizationId?: string
  /**
   * signup was sent for this verification token (its answer may have been lost): a retry looks the
   * account up again before anything else, and reports `isNewUser` either way.
   */
  signupSent?: boolean
}

/** A challenge whose code otp_verify accepted: completeOtp resumes it without the code. */
export function isVerifiedOtpChallenge(
  challenge: OtpChallenge,
): challenge is OtpChallenge & { verificationToken: string; verificationExpiresAt: number } {
  return typeof challenge.verificationToken === 'string' && typeof challenge.verificationExpiresAt === 'number'
}

/**
 * When the challenge can no longer be used, in ms since the epoch: the verification token's expiry
 * once the code was accepted, else the code's (assumed) one.
 */
export function otpChallengeExpiresAt(challenge: OtpChallenge): number {
  return isVerifiedOtpChallenge(challenge)
    ? challenge.verificationExpiresAt - VERIFICATION_TOKEN_MARGIN_MS
    : challenge.expiresAt
}

/**
 * A verification token is taken for expired this long before its `exp`, so that one used on a retry
 * still holds when the request reaches the proxy.
 */
const VERIFICATION_TOKEN_MARGIN_MS = 10_000

/**
 * otp_init failed with no answer (a network failure or a timeout, no HTTP status), or with a success it
 * could not read: the proxy may have sent the code all the same, and will then refuse another one to
 * the same contact for a while.
 */
export function otpInitMaybeSent(error: unknown): boolean {
  if (!isKitError(error)) return false
  // No answer at all: the connection failed or timed out after the request may have gone out.
  if ((error.code === 'PROXY_UNAVAILABLE' || error.code === 'PROXY_TIMEOUT') && error.status === undefined) return true
  // A success whose body could not be read (cut short, mangled on the way): the code went out.
  return error.code === 'PROXY_BAD_RESPONSE' && error.status !== undefined && error.status >= 200 && error.status < 300
}

export interface CompleteOtpParameters<C extends OtpChallenge = OtpChallenge> {
  /** From startOtp, or the last one `onProgress` reported (a retry). */
  challenge: C
  /** As typed or pasted: normalized with normalizeOtpCode first. Ignored for a verified challenge (may be ''). */
  code: string
  /**
   * Called with the challenge updated each time the sign-in gets further (the code accepted, signup
   * sent, the account known), before the next request. Keep the last one (replace your challenge with
   * it, in storage too): after a failure, completeOtp called again with it resumes from the step that
   * failed instead of spending the code again (which otp_verify would refuse, OTP_EXPIRED).
   */
  onProgress?: (challenge: C) => void
  signal?: AbortSignal
}

export interface CompleteOtpReturnType {
  session: Session
  /** True when this sign-in created the account (signup ran). */
  isNewUser: boolean
}

const CONTACTS: Record<OtpType, { label: string; check(contact: unknown): string | undefined; error: KitErrorCode }> = {
  OTP_TYPE_EMAIL: {
    label: 'an email address',
    check: (contact) => {
      const email = typeof contact === 'string' ? contact.trim() : undefined
      return isValidEmail(email) ? email : undefined
    },
    error: 'INVALID_EMAIL',
  },
  OTP_TYPE_SMS: {
    label: 'a phone number in E.164 form, like +447700900123',
    check: (contact) => {
      const phoneNumber = normalizePhoneNumber(contact)
      return isE164PhoneNumber(phoneNumber) ? phoneNumber : undefined
    },
    error: 'INVALID_PHONE',
  },
}

/**
 * Sends a one-time code to an email address or a phone number: checks the contact (INVALID_EMAIL or
 * INVALID_PHONE, before any network call), makes a key (or reuses `publicKey`), calls otp_init with
 * `{otpType, contact}` and, for an email, `emailCustomization: {templateId}` when given: all that
 * production's otp_init takes. If otp_init fails, a key made here is deleted again; a key given as
 * `publicKey` never is (it is the caller's).
 *
 * What a caller must do so that no key is left behind:
 * - on every restart (resend, different contact, a second start while one is on its way), pass the
 *   previous challenge's `publicKey`, or cancelOtp(kit, challenge) the challenge it replaces, including
 *   one that arrives after a later start (the latest start wins);
 * - call cancelOtp(kit, challenge) when the sign-in is abandoned, and when a stored challenge has
 *   expired by the time the page comes back;
 * - when it aborts a start (`signal`), delete the key it passed unless something else uses it.
 *
 * An otp_init that fails with no answer (PROXY_UNAVAILABLE or PROXY_TIMEOUT with no `status`) may
 * have sent the code, and the proxy then refuses another to the same contact for a while
 * (RATE_LIMITED). To keep the key for the next try rather than make another, make it yourself
 * (`kit.keyStore.create()`), pass it as `publicKey`, and delete it when you give up: createOtpFlow does.
 */
export async function startOtp(
  kit: Kit,
  parameters: StartOtpParameters,
  /** The function errors name: the email and SMS wrappers give their own. */
  label = 'startOtp',
): Promise<OtpChallenge> {
  assertKit(kit, `${label}(kit)`)
  assertObject(parameters, `${label}(parameters)`)
  const { otpType, signal } = parameters
  refuseMovedOptions(parameters, label)
  const contact = checkOtpContact(otpType, parameters.contact, label)
  // A wallet the sign-up would refuse fails now, before a code is sent.
  signupWallet(kit)
  if (parameters.config !== undefined) codeFormat(parameters.config, label)
  if (parameters.publicKey !== undefined && !isCompressedPublicKey(parameters.publicKey)) {
    throw invalidArgument(`${label}({ publicKey })`, 'a public key from an earlier challenge', parameters.publicKey)
  }
  // Exactly production's ProxyTInitOtpBody: a template is an email's, so an SMS goes without one.
  const body: OtpInitRequest = { otpType, contact }
  const emailCustomization =
    otpType === 'OTP_TYPE_EMAIL' ? checkEmailCustomization(parameters.emailCustomization, label) : undefined
  if (emailCustomization !== undefined) body.emailCustomization = emailCustomization
  if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
  // Everything the caller gave is checked before the first request (the config, when the kit has
  // not asked for it yet, is one).
  const { otpLength, alphanumeric } = codeFormat(parameters.config ?? (await kit.config.ensure()), label)

  const reused = parameters.publicKey !== undefined && (await kit.keyStore.has(parameters.publicKey))
  const publicKey = reused ? (parameters.publicKey as string) : await kit.keyStore.create()

  let sent: { otpId: string; targetBundle?: string }
  try {
    sent = await sendCode(kit, body, callOptions(signal), label)
  } catch (error) {
    if (!reused) await kit.keyStore.delete(publicKey).catch(() => {})
    throw error
  }
  const sentAt = kit.now()
  return {
    ...sent,
    otpType,
    contact,
    publicKey,
    otpLength,
    alphanumeric,
    sentAt,
    expiresAt: sentAt + ASSUMED_OTP_LIFETIME_SECONDS * 1000,
  }
}

/**
 * otp_init, or the current generation's otp_init_v2, whose target is checked at once: a target the
 * kit does not trust fails the start, where the person is still on the contact step, rather than
 * after they fetched the code.
 */
async function sendCode(
  kit: Kit,
  body: OtpInitRequest,
  options: CallOptions,
  label: string,
): Promise<{ otpId: string; targetBundle?: string }> {
  if (kit.otp.protocol !== 'v2') return { otpId: (await kit.client.otpInit(body, options)).otpId }
  const { otpId, otpEncryptionTargetBundle: targetBundle } = await kit.client.otpInitV2(body, options)
  await readTargetBundle(targetBundle, trustedSignerKey(kit), `${label}: otp_init_v2`)
  return { otpId, targetBundle }
}

/** The enclave key the kit trusts: production's, unless createKit was told another. */
function trustedSignerKey(kit: Kit): string {
  const key = kit.otp.signerPublicKey ?? PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY
  if (!/^04[0-9a-fA-F]{128}$/.test(key)) {
    throw invalidArgument(
      'createKit({ dangerouslyOverrideSignerPublicKey })',
      "an uncompressed P-256 public key in hex (130 digits, 04 first), such as the mock's enclaveSignerPublicKey",
      key,
    )
  }
  return key
}

/**
 * The contact of a code as the proxy will get it (an email trimmed, a phone number in E.164), or
 * INVALID_EMAIL / INVALID_PHONE: the check startOtp makes before any request, for a flow that wants
 * to refuse a contact at once (createOtpFlow).
 */
export function checkOtpContact(otpType: OtpType, contact: unknown, label: string): string {
  const channel = Object.hasOwn(CONTACTS, otpType) ? CONTACTS[otpType] : undefined
  if (channel === undefined) throw invalidArgument(`${label}({ otpType })`, 'OTP_TYPE_EMAIL or OTP_TYPE_SMS', otpType)
  const checked = channel.check(contact)
  if (checked === undefined)
    throw new KitError(channel.error, `${label}: ${JSON.stringify(contact)} is not ${channel.label}`)
  return checked
}

/**
 * The code as completeOtp sends it (normalized), or OTP_CODE_FORMAT when it cannot be the challenge's:
 * the check completeOtp makes before any request, for a flow that refuses a code at once.
 */
export function checkOtpCode(
  challenge: Pick<OtpChallenge, 'otpLength' | 'alphanumeric'>,
  typed: string,
  label: string,
): string {
  const { code, complete, valid } = normalizeOtpCode(typed, {
    length: challenge.otpLength,
    alphanumeric: challenge.alphanumeric,
  })
  if (!complete || !valid) {
    const expected = `${challenge.otpLength} ${challenge.alphanumeric ? 'letters and digits' : 'digits'}`
    throw new KitError('OTP_CODE_FORMAT', `${label}: the code must be ${expected}, got ${JSON.stringify(typed)}`)
  }
  return code
}

/** The code's length and alphabet from the tenant's config; 6 letters and digits where it says nothing. */
function codeFormat(config: OtpCodeConfig, label: string): { otpLength: number; alphanumeric: boolean } {
  assertObject(config, `${label}({ config })`)
  const { otpLength = String(DEFAULT_OTP_LENGTH), otpAlphanumeric = DEFAULT_ALPHANUMERIC } = config
  const length = typeof otpLength === 'string' && /^\d{1,2}$/.test(otpLength) ? Number(otpLength) : NaN
  if (!(length >= 1 && length <= 64)) {
    throw invalidArgument(
      `${label}({ config.otpLength })`,
      'a decimal string from "1" to "64", as wallet_kit_config gives it',
      otpLength,
    )
  }
  if (typeof otpAlphanumeric !== 'boolean') {
    throw invalidArgument(
      `${label}({ config.otpAlphanumeric })`,
      'a boolean, as wallet_kit_config gives it',
      otpAlphanumeric,
    )
  }
  return { otpLength: length, alphanumeric: otpAlphanumeric }
}

function checkEmailCustomization(value: unknown, label: string): EmailCustomization | undefined {
  if (value === undefined) return undefined
  assertObject(value, `${label}({ emailCustomization })`)
  for (const key of Object.keys(value)) {
    if (key === 'templateId') continue
    // Own names only: `constructor` is no option, whatever Object.prototype says.
    const moved = Object.hasOwn(EMAIL_CUSTOMIZATION_MOVED, key) ? EMAIL_CUSTOMIZATION_MOVED[key] : undefined
    throw moved === undefined
      ? new KitError(
          'CONFIG_INVALID',
          `${label}({ emailCustomization.${key} }): emailCustomization takes only templateId, as production's otp_init does`,
        )
      : movedError(`emailCustomization.${key}`, moved, label)
  }
  const { templateId } = value
  if (templateId === undefined) return undefined
  assertNonEmptyString(templateId, `${label}({ emailCustomization.templateId })`)
  return { templateId }
}

/**
 * Options the kit once sent with every code, which production's otp_init drops: each is now the
 * tenant's configuration (the proxy's dashboard; the mock's tenant option in brackets). Given anyway
 * (an app written for an older kit, in plain JavaScript), they fail loudly rather than do nothing.
 */
const MOVED_TO_TENANT: Readonly<Record<string, string>> = {
  otpLength: "the code's length (wallet_kit_config otpLength: pass config)",
  alphanumeric: "the code's alphabet (wallet_kit_config otpAlphanumeric: pass config)",
  expirationSeconds: "the code's lifetime (mock tenant: otpExpirationSeconds)",
  userIdentifier: 'rate limiting (mock tenant: otpRateLimits; production keeps no per-user limit)',
  smsCustomization: 'the SMS text (mock tenant: smsTemplate)',
  sendFromEmailAddress: "the sender's address (mock tenant: emailSenderAddress)",
  sendFromEmailSenderName: "the sender's name (mock tenant: emailSenderName)",
  replyToEmailAddress: 'the reply-to address (mock tenant: emailReplyToAddress)',
}
/** The same for the members of emailCustomization other than templateId. */
const EMAIL_CUSTOMIZATION_MOVED: Readonly<Record<string, string>> = {
  appName: 'the app name (mock tenant: appName)',
  logoUrl: 'the logo (mock tenant: logoUrl)',
  magicLinkTemplate: 'the email template (mock tenant: emailTemplates)',
  templateVariables: 'the email template (mock tenant: emailTemplates)',
}

function refuseMovedOptions(parameters: Record<string, unknown>, label: string): void {
  for (const [option, moved] of Object.entries(MOVED_TO_TENANT)) {
    if (parameters[option] !== undefined) throw movedError(option, moved, label)
  }
}

function movedError(option: string, moved: string, label: string): KitError {
  return new KitError(
    'CONFIG_INVALID',
    `${label}({ ${option} }): production's otp_init takes no such option: ${moved} is the tenant's configuration, set in the proxy's dashboard`,
  )
}

/**
 * Verifies the code and signs in: otp_verify → account (by EMAIL or PHONE_NUMBER) → (signup with
 * userEmail or userPhoneNumber when there is no account) → otp_login → kit.session.set. The code is
 * checked first (OTP_CODE_FORMAT, no network call).
 *
 * Recovery: a code is spent once otp_verify accepts it, so a failure after that (a 503, a network
 * failure or a timeout at account, signup or otp_login) must not be retried from the start. The
 * progress goes to `onProgress(challenge)` (the verification token and its expiry, then that signup
 * was sent, then the organization) before each later step; the KitError is thrown as usual. Calling
 * completeOtp again with the last challenge reported resumes: otp_verify is skipped (the code is
 * ignored), the account is looked up again unless the organization is known (so a signup the proxy
 * processed although its answer was lost is found, not repeated), and signup runs only when the
 * lookup finds no account. Once the verification token has expired, a retry fails with OTP_EXPIRED
 * and no request: a new code is needed.
 *
 * Errors worth a specific screen: OTP_CODE_INVALID (try again; the message says how many attempts are
 * left), OTP_ATTEMPTS_EXCEEDED and OTP_EXPIRED (request a new code, reusing challenge.publicKey).
 * A 429 at otp_verify that says when to retry is RATE_LIMITED with `retryAfterSeconds` (wait, same code).
 */
export async function completeOtp<C extends OtpChallenge>(
  kit: Kit,
  parameters: CompleteOtpParameters<C>,
  label = 'completeOtp',
): Promise<CompleteOtpReturnType> {
  assertKit(kit, `${label}(kit)`)
  assertObject(parameters, `${label}(parameters)`)
  const { challenge, signal, onProgress } = parameters
  assertChallenge(challenge, `${label}({ challenge })`)
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw invalidArgument(`${label}({ onProgress })`, 'a function', onProgress)
  const { otpType, contact, publicKey } = challenge
  const options = callOptions(signal)

  let progress: C = challenge
  /** The challenge as far as this sign-in got, told to the caller before the next request. */
  const advance = (patch: Partial<OtpChallenge>) => {
    progress = { ...progress, ...patch }
    onProgress?.(progress)
  }

  const resuming = isVerifiedOtpChallenge(challenge)
  if (resuming) {
    // The code was spent by an earlier try: its token stands for it until it expires.
    if (kit.now() >= otpChallengeExpiresAt(challenge)) {
      throw new KitError(
        'OTP_EXPIRED',
        `${label}: the code was verified, but its verification token has expired; ask for a new code`,
      )
    }
  } else {
    if (typeof parameters.code !== 'string') throw invalidArgument(`${label}({ code })`, 'a string', parameters.code)
    const code = checkOtpCode(challenge, parameters.code, label)
    let verificationToken: string
    try {
      ;({ verificationToken } = await verifyCode(kit, challenge, code, options, label))
    } catch (error) {
      throw refineOtpVerifyError(error)
    }
    const { exp, iat } = decodeVerificationToken(verificationToken)
    // A token just issued says what time it is at the proxy: the expiry below, and every later check, use it.
    if (iat !== undefined) kit.learnClockFromIat?.(iat)
    // The current generation's exp is a string of milliseconds, the first's a number of seconds.
    advance({ verificationToken, verificationExpiresAt: typeof exp === 'string' ? Number(exp) : exp * 1000 })
  }
  const verificationToken = progress.verificationToken as string
  const tokenId = decodeVerificationToken(verificationToken).id

  const byEmail = otpType === 'OTP_TYPE_EMAIL'
  let organizationId = progress.organizationId
  if (organizationId === undefined || organizationId === '') {
    // Also on a retry after signup was sent: if the proxy processed it, the account is found here.
    const account = await kit.client.account(
      { filterType: byEmail ? 'EMAIL' : 'PHONE_NUMBER', filterValue: contact, verificationToken },
      options,
    )
    organizationId = account.organizationId
    if (organizationId === undefined || organizationId === '') {
      const usage: Pick<
        SignupRequest,
        'apiKeys' | 'authenticators' | 'oauthProviders' | 'userEmail' | 'userPhoneNumber'
      > = {
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
        ...(byEmail ? { userEmail: contact } : { userPhoneNumber: contact }),
      }
      const v2 = challenge.targetBundle !== undefined
      const message = signupMessage({ tokenId, request: usage }, v2 ? 'signupV2' : 'signup')
      const clientSignature = await signClientMessage(kit, publicKey, message)
      advance({ signupSent: true })
      // The app's wallet when it names one (createKit({ wallet })); else the tenant's default applies.
      const request = { ...usage, ...signupWallet(kit), verificationToken, clientSignature }
      const signup = await (v2 ? kit.client.signupV2(request, options) : kit.client.signup(request, options))
      organizationId = signup.organizationId
    }
    advance({ organizationId })
  }

  let token: string
  try {
    token = await logIn(kit, progress, { verificationToken, tokenId, organizationId }, options)
  } catch (error) {
    // Resuming with a token from an earlier try, which the proxy now refuses (16): an earlier otp_login
    // went through and its answer was lost, so the token is spent. Only a new code signs in now.
    if (resuming && isKitError(error) && error.proxy?.code === 16) {
      throw new KitError(
        'OTP_EXPIRED',
        `${label}: the code's verification token can no longer log in (${error.message}); ask for a new code`,
        {
          cause: error,
          status: error.status,
          proxy: error.proxy,
        },
      )
    }
    throw error
  }
  const session = await kit.session.set(token, { identity: { method: byEmail ? 'email' : 'sms', contact } })
  // New when this sign-in (this try or an earlier one for the same code) sent the signup.
  return { session, isNewUser: progress.signupSent === true }
}

/**
 * otp_verify with the code, or for the current generation otp_verify_v2 with the code and the key
 * sealed to the challenge's target, checked again first (the challenge may have sat in storage).
 */
async function verifyCode(
  kit: Kit,
  challenge: OtpChallenge,
  otpCode: string,
  options: CallOptions,
  label: string,
): Promise<{ verificationToken: string }> {
  const { otpId, publicKey, targetBundle } = challenge
  if (targetBundle === undefined) return kit.client.otpVerify({ otpId, otpCode, publicKey }, options)
  const target = await readTargetBundle(targetBundle, trustedSignerKey(kit), `${label}: the challenge`)
  const encryptedOtpBundle = await sealOtpCode(target, otpCode, publicKey)
  return kit.client.otpVerifyV2({ otpId, encryptedOtpBundle }, options)
}

/**
 * The session for a verified code: otp_login with a client signature, or for the current generation
 * stamp_login on the public API, stamped by the token's key and attested by the token itself, in the
 * account's organization (as @turnkey/core 2.8 logs in).
 */
async function logIn(
  kit: Kit,
  challenge: OtpChallenge,
  {
    verificationToken,
    tokenId,
    organizationId,
  }: { verificationToken: string; tokenId: string; organizationId: string },
  options: CallOptions,
): Promise<string> {
  const { publicKey } = challenge
  if (challenge.targetBundle === undefined) {
    const clientSignature = await signClientMessage(kit, publicKey, loginMessage({ tokenId, publicKey }))
    const answer = await kit.client.otpLogin({ verificationToken, publicKey, clientSignature, organizationId }, options)
    return answer.session
  }
  const envelope: ActivityEnvelope<'stamp_login'> = {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    timestampMs: String(kit.now()),
    organizationId,
    parameters: { publicKey },
  }
  const stamper = attestedStamper(kit, publicKey, 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN', verificationToken)
  const activity = checkAnswer('stamp_login', await kit.publicApi.submit('stamp_login', envelope, stamper, options), [
    'result.stampLoginResult.session',
  ])
  return activity.result.stampLoginResult.session
}

/**
 * Abandons a challenge (the person closed the dialog): deletes its key unless the current session
 * is bound to it. Safe to call more than once.
 */
export async function cancelOtp(kit: Kit, challenge: OtpChallenge, label = 'cancelOtp'): Promise<void> {
  assertKit(kit, `${label}(kit)`)
  assertChallenge(challenge, `${label}(challenge)`)
  if (kit.session.getSnapshot().session?.publicKey === challenge.publicKey) return
  await kit.keyStore.delete(challenge.publicKey)
}

/** wagmi-style grouping of the steps, for either channel. */
export const loginWithOtp = {
  start: (kit: Kit, parameters: StartOtpParameters) => startOtp(kit, parameters),
  complete: (kit: Kit, parameters: CompleteOtpParameters) => completeOtp(kit, parameters),
  cancel: (kit: Kit, challenge: OtpChallenge) => cancelOtp(kit, challenge),
} as const

function callOptions(signal: AbortSignal | undefined): CallOptions {
  return signal === undefined ? {} : { signal }
}

// otp_verify's gRPC codes mean specific things for a person typing a code (contract, "OTP errors").
const OTP_VERIFY_CODES: Readonly<Record<number, KitErrorCode>> = {
  3: 'OTP_CODE_INVALID', // wrong code, attempts left (the proxy's message says how many)
  8: 'OTP_ATTEMPTS_EXCEEDED', // the code is burnt (unless the answer says when to retry: a rate limit)
  9: 'OTP_EXPIRED', // expired or already used
  5: 'OTP_EXPIRED', // unknown otpId: from the person's point of view, the code is no longer valid
}

function refineOtpVerifyError(error: unknown): unknown {
  if (!isKitError(error) || error.proxy === undefined) return error
  // A RESOURCE_EXHAUSTED that says when to try again (Retry-After, or a RetryInfo detail) is a rate
  // limit on the caller, not the code burnt by wrong guesses: waiting helps, a new code does not.
  if (error.proxy.code === 8 && error.retryAfterSeconds !== undefined) return error
  const code = OTP_VERIFY_CODES[error.proxy.code]
  if (code === undefined) return error
  const attemptsLeft = code === 'OTP_CODE_INVALID' ? attemptsLeftIn(error.proxy.message) : undefined
  return new KitError(code, error.message, {
    status: error.status,
    proxy: error.proxy,
    cause: error,
    attemptsLeft,
    userMessage: code === 'OTP_CODE_INVALID' ? attemptsLeftMessage(attemptsLeft) : undefined,
  })
}

/** The count in the proxy's "Invalid OTP code; 4 attempts left", if it gives one. */
function attemptsLeftIn(proxyMessage: string): number | undefined {
  const left = /\b(\d+) attempts? left\b/.exec(proxyMessage)?.[1]
  return left === undefined ? undefined : Number(left)
}

/** "That code is not right... 2 attempts left." when the proxy says how many; the plain text otherwise. */
function attemptsLeftMessage(left: number | undefined): string {
  const base = DEFAULT_USER_MESSAGES.OTP_CODE_INVALID
  if (left === undefined) return base
  return `${base} ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
}

export function assertChallenge(challenge: unknown, label: string): asserts challenge is OtpChallenge {
  const candidate = challenge as Partial<OtpChallenge> | null
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.otpId !== 'string' ||
    (candidate.otpType !== 'OTP_TYPE_EMAIL' && candidate.otpType !== 'OTP_TYPE_SMS') ||
    typeof candidate.contact !== 'string' ||
    !isCompressedPublicKey(candidate.publicKey) ||
    typeof candidate.otpLength !== 'number' ||
    typeof candidate.alphanumeric !== 'boolean' ||
    // The progress of an earlier try (completeOtp's onProgress), when there is some.
    !optional(candidate.verificationToken, (value) => typeof value === 'string' && value !== '') ||
    !optional(candidate.verificationExpiresAt, (value) => typeof value === 'number' && Number.isFinite(value)) ||
    (candidate.verificationToken === undefined) !== (candidate.verificationExpiresAt === undefined) ||
    !optional(candidate.organizationId, (value) => typeof value === 'string') ||
    !optional(candidate.signupSent, (value) => typeof value === 'boolean') ||
    !optional(candidate.targetBundle, (value) => typeof value === 'string' && value !== '')
  ) {
    throw invalidArgument(label, 'the challenge returned by startEmailOtp, startSmsOtp or startOtp', challenge)
  }
}

function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value)
}
