// Issuing a session: every login (otp_login, oauth_login, the public API's stamp_login) ends the same way.
import type { SessionResponse, SessionType } from '../core/types'
import { isoTime, type EndpointContext } from './endpoints/context'
import type { MockSession, MockUser } from './types'

export interface IssueSessionParameters {
  user: MockUser
  /** The client key the session is bound to. */
  publicKey: string
  invalidateExisting: boolean
  /** Session length; default the tenant's sessionExpirationSeconds. */
  expirationSeconds?: number | undefined
  /** Default SESSION_TYPE_READ_WRITE: every login issues one; tests may ask for a read-only one. */
  sessionType?: SessionType | undefined
  /**
   * Runs after signing and before any write: it re-checks and marks the proof used, so that
   * two concurrent logins with one proof cannot both succeed. It may throw; then nothing is written.
   */
  redeem: () => void
}

export async function issueSession(
  { tenant, state, tokens, now }: Pick<EndpointContext, 'tenant' | 'state' | 'tokens' | 'now'>,
  {
    user,
    publicKey,
    invalidateExisting,
    expirationSeconds,
    redeem,
    sessionType = 'SESSION_TYPE_READ_WRITE',
  }: IssueSessionParameters,
): Promise<SessionResponse> {
  const issuedAt = now()
  const exp = Math.floor(issuedAt / 1000) + (expirationSeconds ?? tenant.sessionExpirationSeconds)
  const session: MockSession = {
    sessionId: crypto.randomUUID(),
    configId: tenant.configId,
    userId: user.userId,
    organizationId: user.organizationId,
    publicKey,
    sessionType,
    createdAt: isoTime(issuedAt),
    expiresAt: isoTime(exp * 1000),
  }
  const token = tokens.signSession({
    jti: session.sessionId,
    exp,
    public_key: publicKey,
    session_type: sessionType,
    user_id: user.userId,
    organization_id: user.organizationId,
  })
  redeem()
  if (invalidateExisting) {
    for (const existing of Object.values(state.sessions)) {
      if (existing.userId === user.userId && existing.revokedAt === undefined) existing.revokedAt = isoTime(issuedAt)
    }
  }
  state.sessions[session.sessionId] = session
  return { session: token }
}
