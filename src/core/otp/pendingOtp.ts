import { checkOtpContact } from './checkOtpInput'
import { assertChallenge, otpChallengeExpiresAt, type OtpChallenge } from './otpChallenge'
import type { OtpType } from '../types'

/** Storage for state that must survive a reload of this tab only (sessionStorage, or a stand-in). */
export type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

// The challenge holds no secret (the key stays in the key store; the code is in the person's inbox or
// messages), so keeping it in sessionStorage lets a reload, or the round trip to the mail or messages
// app on a phone, land back on the code step. It is scoped to the tab and namespaced by tenant and channel.
// The keys are the ones the React hooks used before the flow moved to core: a code sent before an
// upgrade is still restored after it.
export function pendingOtpKey(configId: string, otpType: OtpType): string {
  return `auth-proxy-kit:${configId}:pending-${otpType === 'OTP_TYPE_SMS' ? 'sms' : 'email'}-otp`
}

// What a challenge must hold to be used again; anything else in storage is not one of ours.
const FIELD_TYPES = {
  otpId: 'string',
  contact: 'string',
  publicKey: 'string',
  otpLength: 'number',
  alphanumeric: 'boolean',
  sentAt: 'number',
  expiresAt: 'number',
} as const

function isChallenge(value: unknown, otpType: OtpType): value is OtpChallenge {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    record.otpType === otpType &&
    // The channel's own name for the contact (email, phoneNumber) says the same as `contact`.
    record[otpType === 'OTP_TYPE_SMS' ? 'phoneNumber' : 'email'] === record.contact &&
    Object.entries(FIELD_TYPES).every(([field, type]) => typeof record[field] === type) &&
    // The progress of a verify that failed after the code was accepted, when there is some, well formed.
    isWellFormed(value) &&
    // As startOtp made it: the flow sends its challenge's contact again (a resend) without checking it twice.
    isCheckedContact(otpType, record.contact)
  )
}

function isWellFormed(value: object): boolean {
  try {
    assertChallenge(value, 'stored challenge')
    return true
  } catch {
    return false
  }
}

function isCheckedContact(otpType: OtpType, contact: unknown): boolean {
  try {
    return checkOtpContact(otpType, contact, 'stored challenge') === contact
  } catch {
    return false
  }
}

/**
 * The stored challenge of this channel if it is well formed and not expired (by its verification
 * token once the code was accepted); anything else is removed. An expired challenge goes to
 * `onExpired` first: its key is the caller's to delete.
 */
export function loadPendingOtp<C extends OtpChallenge>(
  storage: FlowStorage | null,
  configId: string,
  otpType: C['otpType'],
  now: number,
  onExpired?: (challenge: C) => void,
): C | undefined {
  if (!storage) return undefined
  const key = pendingOtpKey(configId, otpType)
  try {
    const text = storage.getItem(key)
    if (text === null) return undefined
    const value: unknown = JSON.parse(text)
    const challenge = isChallenge(value, otpType) ? (value as C) : undefined
    if (challenge !== undefined && otpChallengeExpiresAt(challenge) > now) return challenge
    storage.removeItem(key)
    if (challenge !== undefined) onExpired?.(challenge)
  } catch {
    // Unreadable (quota, privacy mode, hand-edited JSON): start over at the first step.
  }
  return undefined
}

export function savePendingOtp(
  storage: FlowStorage | null,
  configId: string,
  otpType: OtpType,
  challenge: OtpChallenge | undefined,
): void {
  if (!storage) return
  const key = pendingOtpKey(configId, otpType)
  try {
    if (challenge) storage.setItem(key, JSON.stringify(challenge))
    else storage.removeItem(key)
  } catch {
    // Losing the challenge on reload is a nuisance, not a failure: the flow goes on in memory.
  }
}
