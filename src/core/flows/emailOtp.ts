import { assertInteger, assertObject, invalidArgument } from '../assert'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { isKitError, type KitErrorCode } from '../errors'
import { isCompressedPublicKey } from '../keys/p256'
import { normalizeOtpCode } from '../otp/normalizeOtpCode'
import { decodeVerificationToken } from '../session/jwt'
import type { Session } from '../session/sessionStore'
import type { EmailCustomization, OtpInitRequest, SignupRequest } from '../types'
import { DEFAULT_USER_MESSAGES, kitError } from '../userMessages'
import { isValidEmail } from '../validators'
import { assertKit } from './assertKit'
import { loginMessage, signClientMessage, signupMessage } from './clientSignature'

/** What the kit assumes when the caller does not say (the proxy's defaults, WIRE.md). */
const DEFAULT_OTP_LENGTH = 6
const DEFAULT_ALPHANUMERIC = true
const DEFAULT_EXPIRATION_SECONDS = 300

export interface StartEmailOtpParameters {
  email: string
  /**
   * A key from an earlier challenge to use again (resend, or a corrected email), so that restarting
   * does not leave a key behind. Ignored when the key store does not hold it.
   */
  publicKey?: string
  /**
   * Length and alphabet of the code. Pass the tenant's (wallet_kit_config `otpLength`,
   * `otpAlphanumeric`): the challenge uses them to check the code before it is sent. When left out,
   * nothing is sent and the proxy's defaults (6, alphanumeric) are assumed.
   */
  otpLength?: number
  alphanumeric?: boolean
  /** How long the code is valid; the proxy caps it. Default (assumed) 300. */
  expirationSeconds?: number
  emailCustomization?: EmailCustomization
  signal?: AbortSignal
}

/** A code on its way to `email`; hand it back to completeEmailOtp with the code. */
export interface EmailOtpChallenge {
  otpId: string
  email: string
  /** The key the session will be bound to. Reuse it (StartEmailOtpParameters.publicKey) when restarting. */
  publicKey: string
  otpLength: number
  alphanumeric: boolean
  /** ms since the epoch (kit.now()). */
  sentAt: number
  expiresAt: number
}
export type StartEmailOtpReturnType = EmailOtpChallenge

/**
 * Sends a one-time code to `email`: checks the address (INVALID_EMAIL, before any network call), makes
 * a key (or reuses `publicKey`), calls otp_init. If otp_init fails, a key made here is deleted again.
 *
 * No key is left behind as long as the caller, on every restart (resend, different email), passes the
 * previous challenge's `publicKey`, and calls cancelEmailOtp(kit, challenge) when the sign-in is abandoned.
 */
export async function startEmailOtp(kit: Kit, parameters: StartEmailOtpParameters): Promise<EmailOtpChallenge> {
  assertKit(kit, 'startEmailOtp(kit)')
  assertObject(parameters, 'startEmailOtp(parameters)')
  const { otpLength, alphanumeric, expirationSeconds, emailCustomization, signal } = parameters
  const email = typeof parameters.email === 'string' ? parameters.email.trim() : parameters.email
  if (!isValidEmail(email)) {
    throw kitError('INVALID_EMAIL', `startEmailOtp: ${JSON.stringify(email)} is not an email address`)
  }
  if (otpLength !== undefined) assertInteger(otpLength, 'startEmailOtp({ otpLength })', 1, 64)
  if (alphanumeric !== undefined && typeof alphanumeric !== 'boolean') {
    throw invalidArgument('startEmailOtp({ alphanumeric })', 'a boolean', alphanumeric)
  }
  if (expirationSeconds !== undefined) {
    assertInteger(expirationSeconds, 'startEmailOtp({ expirationSeconds })', 1, Number.MAX_SAFE_INTEGER)
  }
  if (emailCustomization !== undefined) assertObject(emailCustomization, 'startEmailOtp({ emailCustomization })')
  if (parameters.publicKey !== undefined && !isCompressedPublicKey(parameters.publicKey)) {
    throw invalidArgument('startEmailOtp({ publicKey })', 'a public key from an earlier challenge', parameters.publicKey)
  }
  if (signal?.aborted) throw kitError('ABORTED', 'startEmailOtp: aborted by the caller', { cause: signal.reason })

  const reused = parameters.publicKey !== undefined && (await kit.keyStore.has(parameters.publicKey))
  const publicKey = reused ? (parameters.publicKey as string) : await kit.keyStore.create()

  const body: OtpInitRequest = { otpType: 'OTP_TYPE_EMAIL', contact: email }
  if (emailCustomization !== undefined) body.emailCustomization = emailCustomization
  if (otpLength !== undefined) body.otpLength = String(otpLength)
  if (alphanumeric !== undefined) body.alphanumeric = alphanumeric
  if (expirationSeconds !== undefined) body.expirationSeconds = String(expirationSeconds)

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
    email,
    publicKey,
    otpLength: otpLength ?? DEFAULT_OTP_LENGTH,
    alphanumeric: alphanumeric ?? DEFAULT_ALPHANUMERIC,
    sentAt,
    expiresAt: sentAt + (expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS) * 1000,
  }
}

export interface CompleteEmailOtpParameters {
  challenge: EmailOtpChallenge
  /** As typed or pasted: normalized with normalizeOtpCode first. */
  code: string
  signal?: AbortSignal
}

export interface CompleteEmailOtpReturnType {
  session: Session
  /** True when this sign-in created the account (signup ran). */
  isNewUser: boolean
}

/**
 * Verifies the code and signs in: otp_verify → account → (signup when there is no account) →
 * otp_login → kit.session.set. The code is checked first (OTP_CODE_FORMAT, no network call).
 *
 * Errors worth a specific screen: OTP_CODE_INVALID (try again; the message says how many attempts are
 * left), OTP_ATTEMPTS_EXCEEDED and OTP_EXPIRED (request a new code, reusing challenge.publicKey).
 */
export async function completeEmailOtp(
  kit: Kit,
  parameters: CompleteEmailOtpParameters,
): Promise<CompleteEmailOtpReturnType> {
  assertKit(kit, 'completeEmailOtp(kit)')
  assertObject(parameters, 'completeEmailOtp(parameters)')
  const { challenge, signal } = parameters
  assertChallenge(challenge, 'completeEmailOtp({ challenge })')
  if (typeof parameters.code !== 'string') throw invalidArgument('completeEmailOtp({ code })', 'a string', parameters.code)
  const { code, complete, valid } = normalizeOtpCode(parameters.code, {
    length: challenge.otpLength,
    alphanumeric: challenge.alphanumeric,
  })
  if (!complete || !valid) {
    const expected = `${challenge.otpLength} ${challenge.alphanumeric ? 'letters and digits' : 'digits'}`
    throw kitError(
      'OTP_CODE_FORMAT',
      `completeEmailOtp: the code must be ${expected}, got ${JSON.stringify(parameters.code)}`,
    )
  }
  const { email, publicKey, otpId } = challenge
  const options = callOptions(signal)

  let verificationToken: string
  try {
    ;({ verificationToken } = await kit.client.otpVerify({ otpId, otpCode: code, publicKey }, options))
  } catch (error) {
    throw refineOtpVerifyError(error)
  }
  const tokenId = decodeVerificationToken(verificationToken).id

  const account = await kit.client.account({ filterType: 'EMAIL', filterValue: email, verificationToken }, options)
  let organizationId = account.organizationId
  const isNewUser = organizationId === undefined || organizationId === ''
  if (isNewUser) {
    const usage: Pick<SignupRequest, 'apiKeys' | 'authenticators' | 'oauthProviders' | 'userEmail'> = {
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      userEmail: email,
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
export async function cancelEmailOtp(kit: Kit, challenge: EmailOtpChallenge): Promise<void> {
  assertKit(kit, 'cancelEmailOtp(kit)')
  assertChallenge(challenge, 'cancelEmailOtp(challenge)')
  if (kit.session.getSnapshot().session?.publicKey === challenge.publicKey) return
  await kit.keyStore.delete(challenge.publicKey)
}

/** wagmi-style grouping of the two steps. */
export const loginWithEmailOtp = { start: startEmailOtp, complete: completeEmailOtp, cancel: cancelEmailOtp } as const

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

function assertChallenge(challenge: unknown, label: string): asserts challenge is EmailOtpChallenge {
  const candidate = challenge as Partial<EmailOtpChallenge> | null
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.otpId !== 'string' ||
    typeof candidate.email !== 'string' ||
    !isCompressedPublicKey(candidate.publicKey) ||
    typeof candidate.otpLength !== 'number' ||
    typeof candidate.alphanumeric !== 'boolean'
  ) {
    throw invalidArgument(label, 'the challenge returned by startEmailOtp', challenge)
  }
}
