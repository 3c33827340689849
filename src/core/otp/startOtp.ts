// Sending a one-time code (otp_init, or the current generation's otp_init_v2): startOtp checks what it
// is given once, then sendOtp, which takes checked values only, makes or reuses the key and asks for the code.
import { assertObject, invalidArgument } from '../assert'
import { assertKit } from '../assertKit'
import { callOptions, throwIfAborted } from '../callOptions'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { isKitError } from '../errors'
import { isCompressedPublicKey } from '../keys/p256'
import type { EmailCustomization, OtpInitRequest, OtpType } from '../types'
import { signupWallet } from '../wallet/checkSignupWallet'
import { captchaRefusal } from '../captcha/captchaRefusal'
import {
  checkEmailCustomization,
  checkOtpCodeFormat,
  checkOtpContact,
  refuseMovedOptions,
  type OtpCodeConfig,
  type OtpCodeFormat,
} from './checkOtpInput'
import { ASSUMED_OTP_LIFETIME_SECONDS, type OtpChallenge } from './otpChallenge'
import { readTargetBundle } from './targetBundle'
import { trustedSignerKey } from './trustedSignerKey'

/**
 * What an app chooses about a code by email, per call or as a default: which of the tenant's email
 * templates (production's otp_init takes nothing else). An SMS has no per-call options.
 */
export interface EmailOtpOptions {
  emailCustomization?: EmailCustomization | undefined
}

/** An app's defaults for both channels (the provider's `otpOptions`): an SMS ignores them. */
export type OtpOptions = EmailOtpOptions

export interface StartOtpParameters extends EmailOtpOptions {
  otpType: OtpType
  /** An email address, or a phone number in E.164 (`+447700900123`; spaces, dashes and brackets are dropped). */
  contact: string
  /**
   * A key from an earlier challenge to use again (resend, or a corrected contact), so that restarting
   * does not leave a key behind. Ignored when the key store does not hold it.
   */
  publicKey?: string | undefined
  /**
   * What the code will look like (`otpLength`, `otpAlphanumeric`), so that completeOtp checks it before
   * sending it. Nothing of it is sent. Left out: the tenant's, from `kit.config.ensure()` (asked for
   * once per kit). A resend gives its challenge's, so that the code step it shows stays right.
   */
  config?: OtpCodeConfig | undefined
  /**
   * The captcha widget's token, when the tenant has a Turnstile site key (getCaptchaSiteKey): sent as
   * X-Captcha-Token on otp_init. Without one, a captcha tenant's proxy refuses the start, and it fails
   * with CAPTCHA_REQUIRED with no code sent. Good for one call: get a new one for each start.
   */
  captchaToken?: string | undefined
  signal?: AbortSignal | undefined
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
  return sendOtp(kit, checkOtpStart(kit, parameters, label), label)
}

/** A start whose every input was checked (checkOtpStart): what sendOtp takes. */
export interface CheckedOtpStart {
  /** Exactly production's ProxyTInitOtpBody: a template is an email's, so an SMS goes without one. */
  body: OtpInitRequest
  /** The code's format the caller gave; undefined: the tenant's. */
  format: OtpCodeFormat | undefined
  /** A well-formed key from an earlier challenge, to use again when the key store holds it. */
  publicKey: string | undefined
  /** A non-empty token from the captcha widget, or undefined. */
  captchaToken: string | undefined
  signal: AbortSignal | undefined
}

/** startOtp's checks, in its order, all made before the first request. */
export function checkOtpStart(kit: Kit, parameters: StartOtpParameters, label: string): CheckedOtpStart {
  refuseMovedOptions(parameters, label)
  const contact = checkOtpContact(parameters.otpType, parameters.contact, label)
  return checkOtpSend(kit, parameters, contact, label)
}

/**
 * The checks of a start whose contact was checked already (checkOtpContact), for createOtpFlow, which
 * refuses a contact before it does anything: a wallet the sign-up would refuse (it fails now, before a
 * code is sent), the code's format, the key to reuse, the email's template.
 */
export function checkOtpSend(
  kit: Kit,
  parameters: Omit<StartOtpParameters, 'contact'>,
  contact: string,
  label: string,
): CheckedOtpStart {
  const { otpType, signal } = parameters
  signupWallet(kit)
  const format = parameters.config === undefined ? undefined : checkOtpCodeFormat(parameters.config, label)
  if (parameters.publicKey !== undefined && !isCompressedPublicKey(parameters.publicKey)) {
    throw invalidArgument(`${label}({ publicKey })`, 'a public key from an earlier challenge', parameters.publicKey)
  }
  const body: OtpInitRequest = { otpType, contact }
  const emailCustomization =
    otpType === 'OTP_TYPE_EMAIL' ? checkEmailCustomization(parameters.emailCustomization, label) : undefined
  if (emailCustomization !== undefined) body.emailCustomization = emailCustomization
  const captchaToken = checkCaptchaToken(parameters.captchaToken, label)
  return { body, format, publicKey: parameters.publicKey, captchaToken, signal }
}

/** A token is a non-empty string (a header's value); undefined when none was given. */
export function checkCaptchaToken(token: unknown, label: string): string | undefined {
  if (token === undefined) return undefined
  if (typeof token !== 'string' || token.trim() === '' || /[\r\n]/.test(token)) {
    throw invalidArgument(`${label}({ captchaToken })`, "the captcha widget's token", token)
  }
  return token
}

/**
 * startOtp past its checks: the tenant's code format unless given, the key (reused when the key store
 * holds it, else made, and deleted again if otp_init fails), then the code asked for.
 */
export async function sendOtp(kit: Kit, start: CheckedOtpStart, label: string): Promise<OtpChallenge> {
  const { body, signal } = start
  throwIfAborted(signal, label)
  // The tenant's config, when the kit has not asked for it yet, is checked before the first request too.
  const { otpLength, alphanumeric } = start.format ?? checkOtpCodeFormat(await kit.config.ensure(), label)

  const reused = start.publicKey !== undefined && (await kit.keyStore.has(start.publicKey))
  const publicKey = reused ? (start.publicKey as string) : await kit.keyStore.create()

  let sent: { otpId: string; targetBundle?: string | undefined }
  try {
    const options = {
      ...callOptions(signal),
      ...(start.captchaToken === undefined ? {} : { captchaToken: start.captchaToken }),
    }
    sent = await sendCode(kit, body, options, label)
  } catch (error) {
    if (!reused) await kit.keyStore.delete(publicKey).catch(() => {})
    throw error
  }
  const sentAt = kit.now()
  return {
    ...sent,
    otpType: body.otpType,
    contact: body.contact,
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
): Promise<{ otpId: string; targetBundle?: string | undefined }> {
  const refused = (error: unknown) => Promise.reject(captchaRefusal(error, label))
  if (kit.otp.protocol !== 'v2') return { otpId: (await kit.client.otpInit(body, options).catch(refused)).otpId }
  const { otpId, otpEncryptionTargetBundle: targetBundle } = await kit.client.otpInitV2(body, options).catch(refused)
  await readTargetBundle(targetBundle, trustedSignerKey(kit), `${label}: otp_init_v2`)
  return { otpId, targetBundle }
}

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
