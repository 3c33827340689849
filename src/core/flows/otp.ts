// One-time codes by email or SMS: one flow, two contacts. DESIGN.md: new key → otp_init → the person
// types the code → otp_verify (with the public key) → account lookup by contact → signup with the
// verification token if there is no account → otp_login with the client signature → store the session.
import { assertInteger, assertObject, invalidArgument } from '../assert'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { isKitError, type KitErrorCode } from '../errors'
import { DEFAULT_USER_MESSAGES, kitError } from '../userMessages'
import { isCompressedPublicKey } from '../keys/p256'
import { normalizeOtpCode } from '../otp/normalizeOtpCode'
import { decodeVerificationToken } from '../session/jwt'
import type { Session } from '../session/sessionStore'
import type { EmailCustomization, OtpInitRequest, OtpType, SignupRequest, SmsCustomization } from '../types'
import { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from '../validators'
import { assertKit } from './assertKit'
import { loginMessage, signClientMessage, signupMessage } from './clientSignature'

/** What the kit assumes when the caller does not say (the proxy's defaults, WIRE.md). */
const DEFAULT_OTP_LENGTH = 6
const DEFAULT_ALPHANUMERIC = true
const DEFAULT_EXPIRATION_SECONDS = 300

/** How the code is made, whatever it is sent by. */
export interface OtpCodeOptions {
  /**
   * Length and alphabet of the code. Pass the tenant's (wallet_kit_config `otpLength`,
   * `otpAlphanumeric`): the challenge uses them to check the code before it is sent. When left out,
   * nothing is sent and the proxy's defaults (6, alphanumeric) are assumed.
   */
  otpLength?: number
  alphanumeric?: boolean
  /** How long the code is valid; the proxy caps it. Default (assumed) 300. */
  expirationSeconds?: number
  /** Who is asking (say, a hash of the client's IP address), so that the proxy can rate-limit per person. */
  userIdentifier?: string
}

/** What an email with a code may be made to look like. */
export interface EmailOtpOptions extends OtpCodeOptions {
  emailCustomization?: EmailCustomization
  sendFromEmailAddress?: string
  sendFromEmailSenderName?: string
  replyToEmailAddress?: string
}

/** What a text with a code may say: `smsCustomization.template` puts the code where it has `{{.OtpCode}}`. */
export interface SmsOtpOptions extends OtpCodeOptions {
  smsCustomization?: SmsCustomization
}

/** Options for both channels (an app's defaults): each flow sends only the fields that apply to it. */
export interface OtpOptions extends EmailOtpOptions, SmsOtpOptions {}

export interface StartOtpParameters extends OtpOptions {
  otpType: OtpType
  /** An email address, or a phone number in E.164 (`+447700900123`; spaces, dashes and brackets are dropped). */
  contact: string
  /**
   * A key from an earlier challenge to use again (resend, or a corrected contact), so that restarting
   * does not leave a key behind. Ignored when the key store does not hold it.
   */
  publicKey?: string
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
  otpLength: number
  alphanumeric: boolean
  /** ms since the epoch (kit.now()). */
  sentAt: number
  expiresAt: number
}

export interface CompleteOtpParameters<C extends OtpChallenge = OtpChallenge> {
  challenge: C
  /** As typed or pasted: normalized with normalizeOtpCode first. */
  code: string
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
 * INVALID_PHONE, before any network call), makes a key (or reuses `publicKey`), calls otp_init. If
 * otp_init fails, a key made here is deleted again.
 *
 * No key is left behind as long as the caller, on every restart (resend, different contact), passes the
 * previous challenge's `publicKey`, and calls cancelOtp(kit, challenge) when the sign-in is abandoned.
 */
export async function startOtp(
  kit: Kit,
  parameters: StartOtpParameters,
  /** The function errors name: the email and SMS wrappers give their own. */
  label = 'startOtp',
): Promise<OtpChallenge> {
  assertKit(kit, `${label}(kit)`)
  assertObject(parameters, `${label}(parameters)`)
  const { otpType, otpLength, alphanumeric, expirationSeconds, signal } = parameters
  const channel = CONTACTS[otpType]
  if (channel === undefined) throw invalidArgument(`${label}({ otpType })`, 'OTP_TYPE_EMAIL or OTP_TYPE_SMS', otpType)
  const contact = channel.check(parameters.contact)
  if (contact === undefined) {
    throw kitError(channel.error, `${label}: ${JSON.stringify(parameters.contact)} is not ${channel.label}`)
  }
  if (otpLength !== undefined) assertInteger(otpLength, `${label}({ otpLength })`, 1, 64)
  if (alphanumeric !== undefined && typeof alphanumeric !== 'boolean') {
    throw invalidArgument(`${label}({ alphanumeric })`, 'a boolean', alphanumeric)
  }
  if (expirationSeconds !== undefined) {
    assertInteger(expirationSeconds, `${label}({ expirationSeconds })`, 1, Number.MAX_SAFE_INTEGER)
  }
  if (parameters.publicKey !== undefined && !isCompressedPublicKey(parameters.publicKey)) {
    throw invalidArgument(`${label}({ publicKey })`, 'a public key from an earlier challenge', parameters.publicKey)
  }
  const body: OtpInitRequest = { otpType, contact, ...channelFields(otpType, parameters, label) }
  if (otpLength !== undefined) body.otpLength = String(otpLength)
  if (alphanumeric !== undefined) body.alphanumeric = alphanumeric
  if (expirationSeconds !== undefined) body.expirationSeconds = String(expirationSeconds)
  if (signal?.aborted) throw kitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })

  const reused = parameters.publicKey !== undefined && (await kit.keyStore.has(parameters.publicKey))
  const publicKey = reused ? (parameters.publicKey as string) : await kit.keyStore.create()

  let otpId: string
  try {
    ;({ otpId } = await kit.client.otpInit(body, callOptions(signal)))
  } catch (error) {
    if (!reused) await kit.keyStore.delete(publicKey).catch(() => {})
    throw error
  }
  const sentAt = kit.now()
  return {
    otpId,
    otpType,
    contact,
    publicKey,
    otpLength: otpLength ?? DEFAULT_OTP_LENGTH,
    alphanumeric: alphanumeric ?? DEFAULT_ALPHANUMERIC,
    sentAt,
    expiresAt: sentAt + (expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS) * 1000,
  }
}

/** The otp_init fields of the challenge's channel (an email's look, an SMS's text), checked. */
function channelFields(otpType: OtpType, options: OtpOptions, label: string): Partial<OtpInitRequest> {
  const fields: Partial<OtpInitRequest> = {}
  const { userIdentifier } = options
  if (userIdentifier !== undefined) {
    if (typeof userIdentifier !== 'string' || userIdentifier.trim() === '') {
      throw invalidArgument(`${label}({ userIdentifier })`, 'a non-empty string', userIdentifier)
    }
    fields.userIdentifier = userIdentifier
  }
  if (otpType === 'OTP_TYPE_SMS') {
    if (options.smsCustomization !== undefined) {
      assertObject(options.smsCustomization, `${label}({ smsCustomization })`)
      fields.smsCustomization = options.smsCustomization
    }
    return fields
  }
  if (options.emailCustomization !== undefined) {
    assertObject(options.emailCustomization, `${label}({ emailCustomization })`)
    fields.emailCustomization = options.emailCustomization
  }
  for (const field of ['sendFromEmailAddress', 'replyToEmailAddress'] as const) {
    const value = options[field]
    if (value === undefined) continue
    if (!isValidEmail(value)) throw invalidArgument(`${label}({ ${field} })`, 'an email address', value)
    fields[field] = value
  }
  if (options.sendFromEmailSenderName !== undefined) {
    if (typeof options.sendFromEmailSenderName !== 'string') {
      throw invalidArgument(`${label}({ sendFromEmailSenderName })`, 'a string', options.sendFromEmailSenderName)
    }
    fields.sendFromEmailSenderName = options.sendFromEmailSenderName
  }
  return fields
}

/**
 * Verifies the code and signs in: otp_verify → account (by EMAIL or PHONE_NUMBER) → (signup with
 * userEmail or userPhoneNumber when there is no account) → otp_login → kit.session.set. The code is
 * checked first (OTP_CODE_FORMAT, no network call).
 *
 * Errors worth a specific screen: OTP_CODE_INVALID (try again; the message says how many attempts are
 * left), OTP_ATTEMPTS_EXCEEDED and OTP_EXPIRED (request a new code, reusing challenge.publicKey).
 */
export async function completeOtp(
  kit: Kit,
  parameters: CompleteOtpParameters,
  label = 'completeOtp',
): Promise<CompleteOtpReturnType> {
  assertKit(kit, `${label}(kit)`)
  assertObject(parameters, `${label}(parameters)`)
  const { challenge, signal } = parameters
  assertChallenge(challenge, `${label}({ challenge })`)
  if (typeof parameters.code !== 'string') throw invalidArgument(`${label}({ code })`, 'a string', parameters.code)
  const { code, complete, valid } = normalizeOtpCode(parameters.code, {
    length: challenge.otpLength,
    alphanumeric: challenge.alphanumeric,
  })
  if (!complete || !valid) {
    const expected = `${challenge.otpLength} ${challenge.alphanumeric ? 'letters and digits' : 'digits'}`
    throw kitError('OTP_CODE_FORMAT', `${label}: the code must be ${expected}, got ${JSON.stringify(parameters.code)}`)
  }
  const { otpType, contact, publicKey, otpId } = challenge
  const options = callOptions(signal)

  let verificationToken: string
  try {
    ;({ verificationToken } = await kit.client.otpVerify({ otpId, otpCode: code, publicKey }, options))
  } catch (error) {
    throw refineOtpVerifyError(error)
  }
  const tokenId = decodeVerificationToken(verificationToken).id

  const byEmail = otpType === 'OTP_TYPE_EMAIL'
  const account = await kit.client.account(
    { filterType: byEmail ? 'EMAIL' : 'PHONE_NUMBER', filterValue: contact, verificationToken },
    options,
  )
  let organizationId = account.organizationId
  const isNewUser = organizationId === undefined || organizationId === ''
  if (isNewUser) {
    const usage: Pick<SignupRequest, 'apiKeys' | 'authenticators' | 'oauthProviders' | 'userEmail' | 'userPhoneNumber'> = {
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      ...(byEmail ? { userEmail: contact } : { userPhoneNumber: contact }),
    }
    const clientSignature = await signClientMessage(kit, publicKey, signupMessage({ tokenId, request: usage }))
    const signup = await kit.client.signup({ ...usage, verificationToken, clientSignature }, options)
    organizationId = signup.organizationId
  }

  const clientSignature = await signClientMessage(kit, publicKey, loginMessage({ tokenId, publicKey }))
  const { session: token } = await kit.client.otpLogin({ verificationToken, publicKey, clientSignature, organizationId }, options)
  const session = await kit.session.set(token)
  return { session, isNewUser }
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
  8: 'OTP_ATTEMPTS_EXCEEDED', // the code is burnt
  9: 'OTP_EXPIRED', // expired or already used
  5: 'OTP_EXPIRED', // unknown otpId: from the person's point of view, the code is no longer valid
}

function refineOtpVerifyError(error: unknown): unknown {
  if (!isKitError(error) || error.proxy === undefined) return error
  const code = OTP_VERIFY_CODES[error.proxy.code]
  if (code === undefined) return error
  return kitError(code, error.message, {
    status: error.status,
    proxy: error.proxy,
    cause: error,
    userMessage: code === 'OTP_CODE_INVALID' ? attemptsLeftMessage(error.proxy.message) : undefined,
  })
}

/** "That code is not right... 2 attempts left." when the proxy says how many; the plain text otherwise. */
function attemptsLeftMessage(proxyMessage: string): string {
  const left = /\b(\d+) attempts? left\b/.exec(proxyMessage)?.[1]
  const base = DEFAULT_USER_MESSAGES.OTP_CODE_INVALID
  if (left === undefined) return base
  return `${base} ${left} ${left === '1' ? 'attempt' : 'attempts'} left.`
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
    typeof candidate.alphanumeric !== 'boolean'
  ) {
    throw invalidArgument(label, 'the challenge returned by startEmailOtp, startSmsOtp or startOtp', challenge)
  }
}
