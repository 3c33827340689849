// Rate limits of otp_init: a contact is not flooded with codes. Counted from the OTPs the state already
// holds, so that nothing else needs keeping in step; a refused call records nothing. Production's
// otp_init takes no userIdentifier, so there is no per-client limit to mock.
import { MockError } from './http'
import { contactsMatch } from './state'
import type { MockOtp, MockRateWindow, MockState, ResolvedMockTenant, ResolvedOtpRateLimits } from './types'

export const DEFAULT_OTP_RATE_LIMITS: ResolvedOtpRateLimits = {
  resendAfterSeconds: 30,
  perContact: { max: 5, windowSeconds: 600 },
}

const MAX_SECONDS = 86_400

/**
 * Checks `otpRateLimits` options (plain data, possibly from a tenants file) over `base`: a field left
 * out keeps the base's value, `false` turns a limit (or, for the whole object, every limit) off.
 */
export function resolveOtpRateLimits(value: unknown, path: string, base: ResolvedOtpRateLimits): ResolvedOtpRateLimits {
  if (value === undefined) return base
  if (value === false) return { resendAfterSeconds: 0, perContact: null }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(
      `${path}: expected false or an object {resendAfterSeconds, perContact}, got ${JSON.stringify(value)}`,
    )
  }
  const limits = value as Record<string, unknown>
  for (const key of Object.keys(limits)) {
    if (key === 'perUserIdentifier') {
      throw new TypeError(
        `${path}.perUserIdentifier: no longer an option: production's otp_init takes no userIdentifier to count by (keep perContact)`,
      )
    }
    if (!['resendAfterSeconds', 'perContact'].includes(key)) {
      throw new TypeError(`${path}.${key}: unknown option (expected resendAfterSeconds or perContact)`)
    }
  }
  const resendAfterSeconds = limits['resendAfterSeconds'] ?? base.resendAfterSeconds
  if (!isIntegerIn(resendAfterSeconds, 0, MAX_SECONDS)) {
    throw new TypeError(
      `${path}.resendAfterSeconds: expected a whole number of seconds (0..${MAX_SECONDS}, 0 is off), got ${JSON.stringify(resendAfterSeconds)}`,
    )
  }
  return {
    resendAfterSeconds,
    perContact: resolveWindow(limits['perContact'], `${path}.perContact`, base.perContact),
  }
}

function resolveWindow(value: unknown, path: string, base: MockRateWindow | null): MockRateWindow | null {
  if (value === undefined) return base
  if (value === false) return null
  const window = value as Partial<Record<string, unknown>> | null
  if (
    typeof window !== 'object' ||
    window === null ||
    !isIntegerIn(window['max'], 1, 1_000_000) ||
    !isIntegerIn(window['windowSeconds'], 1, MAX_SECONDS)
  ) {
    throw new TypeError(
      `${path}: expected false or {max, windowSeconds} (whole numbers, max >= 1, windowSeconds 1..${MAX_SECONDS}), got ${JSON.stringify(value)}`,
    )
  }
  return { max: window['max'], windowSeconds: window['windowSeconds'] }
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

export interface OtpRateLimitRequest {
  state: MockState
  tenant: ResolvedMockTenant
  contact: string
  now: number
}

interface Refusal {
  /** ms since the epoch. */
  retryAt: number
  subject: 'contact'
  description: string
}

/**
 * Throws 8 RESOURCE_EXHAUSTED when sending a code now would break one of the tenant's limits. The
 * answer says when to try again three ways: in the message, as a google.rpc.RetryInfo detail
 * (`retryDelay: "23s"`), and as a `Retry-After` header (seconds); a google.rpc.QuotaFailure detail
 * names the limit.
 */
export function checkOtpRateLimits({ state, tenant, contact, now }: OtpRateLimitRequest): void {
  const limits = tenant.otpRateLimits
  const tenantOtps = Object.values(state.otps).filter((otp) => otp.configId === tenant.configId)
  const toContact = tenantOtps.filter((otp) => contactsMatch(otp.contact, contact))
  const refusals: Refusal[] = []

  if (limits.resendAfterSeconds > 0) {
    const waitMs = limits.resendAfterSeconds * 1000
    const usable = toContact.filter(
      (otp) => otp.status === 'pending' && Date.parse(otp.expiresAt) > now && Date.parse(otp.createdAt) > now - waitMs,
    )
    if (usable.length > 0) {
      const last = Math.max(...usable.map((otp) => Date.parse(otp.createdAt)))
      refusals.push({
        retryAt: last + waitMs,
        subject: 'contact',
        description: `a code sent to ${contact} ${Math.floor((now - last) / 1000)} s ago is still valid (one code per ${limits.resendAfterSeconds} s while the last one can be used)`,
      })
    }
  }
  if (limits.perContact !== null) {
    const refusal = windowRefusal(toContact, limits.perContact, now, `${contact} has been sent`)
    if (refusal !== undefined) refusals.push({ ...refusal, subject: 'contact' })
  }
  if (refusals.length === 0) return

  const retryAt = Math.max(...refusals.map((refusal) => refusal.retryAt))
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000))
  throw new MockError(
    8,
    `Max number of OTPs have been initiated; too many codes: ${refusals.map((refusal) => refusal.description).join('; ')}. Try again in ${seconds} s (at ${new Date(now + seconds * 1000).toISOString()}).`,
    {
      details: [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` },
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: refusals.map(({ subject, description }) => ({ subject, description })),
        },
      ],
      headers: { 'Retry-After': String(seconds) },
    },
  )
}

/** Refuses when `max` codes already fall within the window: the next may go when the oldest of them leaves it. */
function windowRefusal(
  otps: MockOtp[],
  window: MockRateWindow,
  now: number,
  who: string,
): Omit<Refusal, 'subject'> | undefined {
  const windowMs = window.windowSeconds * 1000
  const times = otps
    .map((otp) => Date.parse(otp.createdAt))
    .filter((time) => time > now - windowMs)
    .sort((a, b) => a - b)
  if (times.length < window.max) return undefined
  const oldest = times[times.length - window.max] as number
  return {
    retryAt: oldest + windowMs,
    description: `${who} ${times.length} ${times.length === 1 ? 'code' : 'codes'} in the last ${window.windowSeconds} s (at most ${window.max})`,
  }
}
