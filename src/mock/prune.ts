// Forgetting what can no longer matter, so that a long-running mock holds a bounded amount of memory.
// Run before each request: one pass over records that are few, since each of them expires.
import { EXPIRED_RECORD_GRACE_MS, OUTBOX_MAX_AGE_MS, OUTBOX_MAX_MESSAGES } from './limits'
import { STAMP_MAX_AGE_MS } from './publicApi/readEnvelope'
import type { MockState, ResolvedMockTenant, ResolvedOtpRateLimits } from './types'

/**
 * Drops, in place:
 * - OTPs past their expiry (and the grace), once they are also out of every rate-limit window of their
 *   tenant: an OTP record is the rate limits' history, so it stays as long as it counts;
 * - verification tokens, OAuth codes, OIDC tokens and captcha tokens past their expiry and the grace.
 *   Each is refused once expired (the JWT's `exp`, the code's expiresAt), so single use holds without
 *   the record;
 * - sessions past their expiry and the grace (a key whose session is gone is unknown, and refused alike);
 * - public API activities older than the timestamp window and the grace: a replay of one is refused by
 *   its stale timestampMs by then; and remembered query stamps once their key can no longer stamp;
 * - outbox messages older than OUTBOX_MAX_AGE_MS, and all but the newest OUTBOX_MAX_MESSAGES.
 */
export function pruneState(state: MockState, tenants: readonly ResolvedMockTenant[], nowMs: number): void {
  const gone = (expiresAt: string) => Date.parse(expiresAt) + EXPIRED_RECORD_GRACE_MS <= nowMs
  const historyMs = new Map(tenants.map((tenant) => [tenant.configId, rateHistorySeconds(tenant.otpRateLimits) * 1000]))

  for (const [otpId, otp] of Object.entries(state.otps)) {
    const counted = Date.parse(otp.createdAt) + (historyMs.get(otp.configId) ?? 0) > nowMs
    if (gone(otp.expiresAt) && !counted) delete state.otps[otpId]
  }
  for (const [tokenId, token] of Object.entries(state.verificationTokens)) {
    if (gone(token.expiresAt)) delete state.verificationTokens[tokenId]
  }
  for (const [code, record] of Object.entries(state.oauthCodes)) {
    if (gone(record.expiresAt)) delete state.oauthCodes[code]
  }
  for (const [tokenId, token] of Object.entries(state.oidcTokens)) {
    if (gone(token.expiresAt)) delete state.oidcTokens[tokenId]
  }
  for (const [token, record] of Object.entries(state.captchaTokens)) {
    if (gone(record.expiresAt)) delete state.captchaTokens[token]
  }
  for (const [sessionId, session] of Object.entries(state.sessions)) {
    if (gone(session.expiresAt)) delete state.sessions[sessionId]
  }
  for (const [activityId, activity] of Object.entries(state.activities)) {
    if (Date.parse(activity.createdAt) + STAMP_MAX_AGE_MS + EXPIRED_RECORD_GRACE_MS <= nowMs)
      delete state.activities[activityId]
  }
  for (const [seen, stamp] of Object.entries(state.queryStamps)) {
    if (gone(stamp.forgetAt)) delete state.queryStamps[seen]
  }

  // Oldest first: the messages to drop are a prefix.
  const { outbox } = state
  let drop = Math.max(0, outbox.length - OUTBOX_MAX_MESSAGES)
  const isOld = (index: number) => {
    const message = outbox[index]
    return message !== undefined && Date.parse(message.createdAt) + OUTBOX_MAX_AGE_MS <= nowMs
  }
  while (isOld(drop)) drop += 1
  if (drop > 0) outbox.splice(0, drop)
}

/** How far back otp_init's rate limits look: the longest of the tenant's windows. */
function rateHistorySeconds(limits: ResolvedOtpRateLimits): number {
  return Math.max(limits.resendAfterSeconds, limits.perContact?.windowSeconds ?? 0)
}
