// `MockAuthProxy.issueSession`: a session for a test, without a login, e.g. a read-only one (no login
// issues those).
import { issueSession } from './sessions'
import type { TokenAuthority } from './tokens'
import type { MockIssueSessionOptions, MockState, ResolvedMockTenant } from './types'
import { compressedP256Hex } from './validate'

const SESSION_TYPES = ['SESSION_TYPE_READ_WRITE', 'SESSION_TYPE_READ_ONLY'] as const

interface TestSessionContext {
  tenants: readonly ResolvedMockTenant[]
  state: MockState
  tokens: TokenAuthority
  now: () => number
}

/** The session JWT for `userId` bound to `publicKey`; a TypeError naming the field for bad options. */
export async function issueTestSession(
  { tenants, state, tokens, now }: TestSessionContext,
  { userId, publicKey, sessionType = 'SESSION_TYPE_READ_WRITE', expirationSeconds }: MockIssueSessionOptions,
): Promise<string> {
  const user = state.users[userId]
  const tenant = tenants.find(
    (candidate) => candidate.configId === state.organizations[user?.organizationId ?? '']?.configId,
  )
  if (user === undefined || tenant === undefined) throw new TypeError(`issueSession: userId: no user "${userId}"`)
  const key = typeof publicKey === 'string' ? compressedP256Hex(publicKey) : undefined
  if (key === undefined) {
    throw new TypeError(
      'issueSession: publicKey: expected a P-256 public key as hex (66 characters compressed or 130 uncompressed)',
    )
  }
  if (!SESSION_TYPES.includes(sessionType)) {
    throw new TypeError(
      `issueSession: sessionType: expected one of ${SESSION_TYPES.join(', ')}, got ${JSON.stringify(sessionType)}`,
    )
  }
  if (expirationSeconds !== undefined && (!Number.isInteger(expirationSeconds) || expirationSeconds < 1)) {
    throw new TypeError(
      `issueSession: expirationSeconds: expected a whole number of seconds >= 1, got ${expirationSeconds}`,
    )
  }
  await tokens.ready
  const { session } = await issueSession(
    { tenant, state, tokens, now },
    {
      user,
      publicKey: key,
      sessionType,
      invalidateExisting: false,
      ...(expirationSeconds === undefined ? {} : { expirationSeconds }),
      redeem: () => {},
    },
  )
  return session
}
