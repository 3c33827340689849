// A code on its way: what startOtp returns and completeOtp takes back, how long it can be used, and
// the check that a challenge handed back (by a caller, or from storage) is one.
import { invalidArgument } from '../assert'
import { isCompressedPublicKey } from '../keys/p256'
import type { OtpType } from '../types'

/**
 * How long the kit assumes a code lives, for its countdown and for dropping a dead challenge: the
 * lifetime is the tenant's (set in the proxy's dashboard) and is on no answer, so the kit takes
 * production's default, 5 minutes. The proxy has the last word: a code it finds expired sooner is
 * refused with OTP_EXPIRED, which the flow shows like the countdown's end (ask for a new code).
 */
export const ASSUMED_OTP_LIFETIME_SECONDS = 300

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
  targetBundle?: string | undefined
  /** ms since the epoch (kit.now()). */
  sentAt: number
  /** sentAt + ASSUMED_OTP_LIFETIME_SECONDS: the lifetime is the tenant's and the proxy does not say it. */
  expiresAt: number
  /**
   * Progress of completeOtp, reported through its `onProgress` (see there): set once otp_verify accepted
   * the code. The code is spent; this token, bound to `publicKey`, stands for it until it expires.
   */
  verificationToken?: string | undefined
  /** The verification token's `exp`, in ms since the epoch: until then a retry resumes without the code. */
  verificationExpiresAt?: number | undefined
  /** The account signed into, once the lookup (or signup) found it. */
  organizationId?: string | undefined
  /**
   * signup was sent for this verification token (its answer may have been lost): a retry looks the
   * account up again before anything else, and reports `isNewUser` either way.
   */
  signupSent?: boolean | undefined
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
