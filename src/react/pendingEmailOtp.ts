import type { EmailOtpChallenge } from '../core'
import type { FlowStorage } from './context'

// The challenge holds no secret (the key stays in the key store; the code is in the user's inbox), so
// keeping it in sessionStorage lets a reload, or the mail app's round trip on a phone, land back on the
// code step. It is scoped to the tab and namespaced by tenant.
function storageKey(configId: string): string {
  return `auth-proxy-kit:${configId}:pending-email-otp`
}

function isChallenge(value: unknown): value is EmailOtpChallenge {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.otpId === 'string' &&
    typeof record.email === 'string' &&
    typeof record.publicKey === 'string' &&
    typeof record.otpLength === 'number' &&
    typeof record.alphanumeric === 'boolean' &&
    typeof record.sentAt === 'number' &&
    typeof record.expiresAt === 'number'
  )
}

/** The stored challenge if it is well formed and not expired; anything else is removed. */
export function loadPendingEmailOtp(storage: FlowStorage | null, configId: string, now: number): EmailOtpChallenge | undefined {
  if (!storage) return undefined
  const key = storageKey(configId)
  try {
    const text = storage.getItem(key)
    if (text === null) return undefined
    const value: unknown = JSON.parse(text)
    if (isChallenge(value) && value.expiresAt > now) return value
    storage.removeItem(key)
  } catch {
    // Unreadable (quota, privacy mode, hand-edited JSON): start over at the email step.
  }
  return undefined
}

export function savePendingEmailOtp(storage: FlowStorage | null, configId: string, challenge: EmailOtpChallenge | undefined): void {
  if (!storage) return
  const key = storageKey(configId)
  try {
    if (challenge) storage.setItem(key, JSON.stringify(challenge))
    else storage.removeItem(key)
  } catch {
    // Losing the challenge on reload is a nuisance, not a failure: the flow goes on in memory.
  }
}
