// Checking a verification token a request presents: signed by this mock, not expired, issued to this
// tenant, and (for redemption) not yet used for this usage type.
import type { UsageType, VerificationTokenClaims } from '../core/types'
import { MockError } from './http'
import type { TokenAuthority } from './tokens'
import type { MockState, MockVerificationToken, ResolvedMockTenant } from './types'

export interface CheckedVerificationToken {
  claims: VerificationTokenClaims
  record: MockVerificationToken
}

export async function checkVerificationToken(
  tokens: TokenAuthority,
  state: MockState,
  tenant: ResolvedMockTenant,
  token: string,
  field = 'verificationToken',
): Promise<CheckedVerificationToken> {
  const claims = await tokens.verifyVerificationToken(token, field)
  const record = state.verificationTokens[claims.id]
  // The signature proves this mock issued it; the record ties it to the tenant that verified the code.
  if (record === undefined || record.configId !== tenant.configId) {
    throw new MockError(16, `${field}: was not issued for config id "${tenant.configId}"`)
  }
  return { claims, record }
}

/** Each usage type redeems a token once: a replayed login or signup is refused. */
export function assertNotRedeemed(record: MockVerificationToken, usage: UsageType, field = 'verificationToken'): void {
  if (record.usedFor.includes(usage)) {
    throw new MockError(16, `${field}: verification token already used (${usage}); verify a new code`)
  }
}
