// Verifying a code and signing in: completeOtp checks what it is given once, then signInWithOtp, which
// takes checked values only, runs the steps (each a function below), telling the progress before each.
import { assertObject, invalidArgument } from '../assert'
import { assertKit } from '../assertKit'
import { callOptions } from '../callOptions'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { isKitError, KitError } from '../errors'
import { decodeVerificationToken } from '../session/jwt'
import type { Session } from '../session/sessionStore'
import { attestedLogin } from '../stamp/attestedLogin'
import type { SignupRequest } from '../types'
import { signupWallet } from '../wallet/checkSignupWallet'
import { checkOtpCode } from './checkOtpInput'
import { loginMessage, signClientMessage, signupMessage } from './clientSignature'
import { assertChallenge, isVerifiedOtpChallenge, otpChallengeExpiresAt, type OtpChallenge } from './otpChallenge'
import { refineOtpVerifyError } from './otpVerifyError'
import { sealOtpCode } from './sealOtpCode'
import { readTargetBundle } from './targetBundle'
import { checkCaptchaToken } from './startOtp'
import { captchaRefusal } from '../captcha/captchaRefusal'
import { trustedSignerKey } from './trustedSignerKey'

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
  onProgress?: ((challenge: C) => void) | undefined
  /**
   * A captcha token for the sign-up of a new user, sent as X-Captcha-Token on signup(_v2) only. A
   * sign-up after a code needs none on the mock and with production's own kit (the code's otp_init
   * passed the check); a proxy that asks for one anyway answers CAPTCHA_REQUIRED: call again with a
   * fresh token and the challenge `onProgress` reported.
   */
  captchaToken?: string | undefined
  signal?: AbortSignal | undefined
}

export interface CompleteOtpReturnType {
  session: Session
  /** True when this sign-in created the account (signup ran). */
  isNewUser: boolean
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
  // A verified challenge resumes without its code: there is nothing to check.
  let code = ''
  if (!isVerifiedOtpChallenge(challenge)) {
    if (typeof parameters.code !== 'string') throw invalidArgument(`${label}({ code })`, 'a string', parameters.code)
    code = checkOtpCode(challenge, parameters.code, label)
  }
  const captchaToken = checkCaptchaToken(parameters.captchaToken, label)
  return signInWithOtp(kit, { challenge, code, onProgress, captchaToken, signal }, label)
}

/** completeOtp's parameters once checked: what signInWithOtp takes. */
export interface CheckedCompleteOtp<C extends OtpChallenge> {
  /** Well formed (assertChallenge), or the flow's own. */
  challenge: C
  /** Normalized and of the challenge's format (checkOtpCode); '' for a verified challenge, which needs none. */
  code: string
  onProgress: ((challenge: C) => void) | undefined
  /** For the sign-up only (the client sends it on signup(_v2) and nowhere else here). */
  captchaToken?: string | undefined
  signal: AbortSignal | undefined
}

/**
 * completeOtp past its checks: the code verified (or the earlier verification still valid), the account
 * found or made, the session logged in and stored. `label` names the action in messages.
 */
export async function signInWithOtp<C extends OtpChallenge>(
  kit: Kit,
  { challenge, code, onProgress, captchaToken, signal }: CheckedCompleteOtp<C>,
  label: string,
): Promise<CompleteOtpReturnType> {
  const options = { ...callOptions(signal), ...(captchaToken === undefined ? {} : { captchaToken }) }
  let progress: C = challenge
  /** The challenge as far as this sign-in got, told to the caller before the next request. */
  const advance = (patch: Partial<OtpChallenge>) => {
    progress = { ...progress, ...patch }
    onProgress?.(progress)
  }
  const resuming = isVerifiedOtpChallenge(challenge)
  if (resuming) assertStillVerified(kit, challenge, label)
  else advance(await acceptCode(kit, challenge, code, options, label))
  const verificationToken = progress.verificationToken as string
  const token = { verificationToken, tokenId: decodeVerificationToken(verificationToken).id }
  let organizationId = progress.organizationId
  if (organizationId === undefined || organizationId === '') {
    organizationId = await findOrCreateAccount(kit, progress, token, options, advance)
    advance({ organizationId })
  }
  let sessionToken: string
  try {
    sessionToken = await logIn(kit, progress, { ...token, organizationId }, options)
  } catch (error) {
    throw resuming ? spentTokenError(error, label) : error
  }
  const identity = {
    method: progress.otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'sms',
    contact: challenge.contact,
  } as const
  const session = await kit.session.set(sessionToken, { identity })
  // New when this sign-in (this try or an earlier one for the same code) sent the signup.
  return { session, isNewUser: progress.signupSent === true }
}

/** The code was spent by an earlier try: its token stands for it until it expires, and no longer. */
function assertStillVerified(kit: Kit, challenge: OtpChallenge, label: string): void {
  if (kit.now() >= otpChallengeExpiresAt(challenge)) {
    throw new KitError(
      'OTP_EXPIRED',
      `${label}: the code was verified, but its verification token has expired; ask for a new code`,
    )
  }
}

/** otp_verify (or otp_verify_v2): the verification token and its expiry, which is the challenge's progress. */
async function acceptCode(
  kit: Kit,
  challenge: OtpChallenge,
  code: string,
  options: CallOptions,
  label: string,
): Promise<Pick<OtpChallenge, 'verificationToken' | 'verificationExpiresAt'>> {
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
  return { verificationToken, verificationExpiresAt: typeof exp === 'string' ? Number(exp) : exp * 1000 }
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

/** The verification token, and its `id` claim, which the client signatures name. */
interface VerifiedToken {
  verificationToken: string
  tokenId: string
}

/**
 * The account of the contact, looked up (also on a retry after signup was sent: if the proxy processed
 * it, the account is found here), or signed up when there is none. `advance` hears that signup was
 * sent before it is.
 */
async function findOrCreateAccount(
  kit: Kit,
  challenge: OtpChallenge,
  { verificationToken, tokenId }: VerifiedToken,
  options: CallOptions,
  advance: (patch: Partial<OtpChallenge>) => void,
): Promise<string> {
  const { otpType, contact, publicKey } = challenge
  const byEmail = otpType === 'OTP_TYPE_EMAIL'
  const account = await kit.client.account(
    { filterType: byEmail ? 'EMAIL' : 'PHONE_NUMBER', filterValue: contact, verificationToken },
    options,
  )
  if (account.organizationId !== undefined && account.organizationId !== '') return account.organizationId
  const usage: Pick<SignupRequest, 'apiKeys' | 'authenticators' | 'oauthProviders' | 'userEmail' | 'userPhoneNumber'> =
    {
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
  const signup = await (v2 ? kit.client.signupV2(request, options) : kit.client.signup(request, options)).catch(
    (error: unknown) => Promise.reject(captchaRefusal(error, v2 ? 'signup_v2' : 'signup')),
  )
  return signup.organizationId
}

/**
 * The session for a verified code: otp_login with a client signature, or for the current generation
 * stamp_login on the public API, stamped by the token's key and attested by the token itself, in the
 * account's organization (as @turnkey/core 2.8 logs in).
 */
async function logIn(
  kit: Kit,
  challenge: OtpChallenge,
  { verificationToken, tokenId, organizationId }: VerifiedToken & { organizationId: string },
  options: CallOptions,
): Promise<string> {
  const { publicKey } = challenge
  if (challenge.targetBundle === undefined) {
    const clientSignature = await signClientMessage(kit, publicKey, loginMessage({ tokenId, publicKey }))
    const answer = await kit.client.otpLogin({ verificationToken, publicKey, clientSignature, organizationId }, options)
    return answer.session
  }
  return attestedLogin(
    kit,
    {
      publicKey,
      organizationId,
      scheme: 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN',
      attestation: verificationToken,
    },
    options,
  )
}

/**
 * Resuming with a token from an earlier try, which the proxy now refuses (16): an earlier otp_login
 * went through and its answer was lost, so the token is spent. Only a new code signs in now.
 */
function spentTokenError(error: unknown, label: string): unknown {
  if (!isKitError(error) || error.proxy?.code !== 16) return error
  return new KitError(
    'OTP_EXPIRED',
    `${label}: the code's verification token can no longer log in (${error.message}); ask for a new code`,
    {
      cause: error,
      status: error.status,
      proxy: error.proxy,
    },
  )
}
