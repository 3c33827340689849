import { MockError } from '../http'
import type { MockApiKey, MockSession } from '../types'
import { compressedP256Hex } from '../validate'
import type { PublicApiContext } from './context'
import { readApiKeyStamp, type KeySignature } from './readApiKeyStamp'
import type { VerifiedStamp } from './verifiedStamp'
import { ATTESTED_STAMP_HEADER, verifyAttestedStamp } from './verifyAttestedStamp'
import { verifyWebAuthnStamp } from './verifyWebAuthnStamp'

export type { VerifiedStamp } from './verifiedStamp'

export interface StampOptions {
  /**
   * Accept X-Stamp-Attested: only stamp_login does, the one request production's client stamps with it
   * (a token attests a key for logging in, not for acting in the account).
   */
  attested?: boolean | undefined
}

const STAMP_HEADERS = ['X-Stamp', 'X-Stamp-WebAuthn', ATTESTED_STAMP_HEADER] as const

/**
 * Exactly one stamp header: X-Stamp (an API key of a user in the request's scope, unexpired, or the
 * key of that user's live session), X-Stamp-WebAuthn (a passkey of such a user), or, where the
 * operation accepts it, X-Stamp-Attested (a key a verification or OIDC token of such a user attests).
 * Every failure is 16 UNAUTHENTICATED.
 */
export async function verifyStamp(context: PublicApiContext, options: StampOptions = {}): Promise<VerifiedStamp> {
  const given = STAMP_HEADERS.filter((name) => context.headers.get(name) !== null)
  if (given.length > 1) {
    throw new MockError(
      16,
      `${given.join(', ')}: ${given.length === 2 ? 'both' : 'all three'} given; stamp a request with exactly one`,
    )
  }
  const attestedStamp = context.headers.get(ATTESTED_STAMP_HEADER)
  if (attestedStamp !== null) {
    if (options.attested !== true) {
      throw new MockError(
        16,
        `${ATTESTED_STAMP_HEADER}: accepted by stamp_login only; stamp this request with an API key or session key (X-Stamp) or a passkey (X-Stamp-WebAuthn)`,
      )
    }
    return verifyAttestedStamp(context, attestedStamp)
  }
  const webAuthnStamp = context.headers.get('X-Stamp-WebAuthn')
  if (webAuthnStamp !== null) return verifyWebAuthnStamp(context, webAuthnStamp)
  const apiKeyStamp = context.headers.get('X-Stamp')
  if (apiKeyStamp === null) {
    const attested =
      options.attested === true ? ', or a key a verification or OIDC token attests (X-Stamp-Attested)' : ''
    throw new MockError(
      16,
      `X-Stamp: missing; stamp the request with an API key (X-Stamp) or a passkey (X-Stamp-WebAuthn)${attested}`,
    )
  }
  return stampKeyHolder(context, readApiKeyStamp(apiKeyStamp, context.bodyBytes))
}

/** The user in scope whose unexpired API key, or live session, is the stamp's key. */
function stampKeyHolder(
  { scope, state, now }: PublicApiContext,
  { publicKey, signature }: KeySignature,
): VerifiedStamp {
  const time = now()
  const meaning = `X-Stamp ${publicKey} ${signature}`
  const expired: string[] = []
  for (const user of scope.users) {
    const apiKey = user.apiKeys.find(
      (key) => key.curveType === 'API_KEY_CURVE_P256' && compressedP256Hex(key.publicKey) === publicKey,
    )
    if (apiKey === undefined) continue
    // Nothing can remove an API key during the request: there is nothing to re-check.
    if (isLive(apiKey, time)) {
      return {
        user,
        kind: 'API_KEY',
        meaning,
        commit: () => {},
        ...(apiKey.expiresAt === undefined ? {} : { expiresAt: apiKey.expiresAt }),
      }
    }
    expired.push(`API key "${apiKey.apiKeyName}" expired at ${apiKey.expiresAt}`)
  }
  const inScope = new Map(scope.users.map((user) => [user.userId, user]))
  for (const session of Object.values(state.sessions)) {
    const user = inScope.get(session.userId)
    if (user === undefined || session.publicKey !== publicKey) continue
    if (session.revokedAt === undefined && Date.parse(session.expiresAt) > time) {
      return {
        user,
        kind: 'SESSION',
        meaning,
        sessionType: session.sessionType,
        expiresAt: session.expiresAt,
        commit: () => assertSessionLive(session),
      }
    }
    expired.push(describeEnded(session))
  }
  if (expired.length > 0) {
    // Production's phrase first: its client hears it as SESSION_EXPIRED (a signed-out page), where an
    // error it does not know would read as the query's own failure (FETCH_USERS_ERROR).
    throw new MockError(
      16,
      `Unauthenticated desc = expired api key publicKey ${publicKey}; X-Stamp: it can no longer stamp: ${expired.join('; ')}`,
    )
  }
  // Production's phrase first: its client recognises a stamp by an unknown key (a session ended elsewhere) by it.
  throw new MockError(
    16,
    `could not find public key in organization or its parent organization; X-Stamp: publicKey ${publicKey} is not an API key or session key of a user in organization "${scope.organizationId}"`,
  )
}

function isLive(apiKey: MockApiKey, time: number): boolean {
  return apiKey.expiresAt === undefined || Date.parse(apiKey.expiresAt) > time
}

/** A login with invalidateExisting may have revoked the session meanwhile. */
function assertSessionLive(session: MockSession): void {
  if (session.revokedAt !== undefined) throw new MockError(16, `X-Stamp: ${describeEnded(session)}`)
}

function describeEnded(session: MockSession): string {
  return session.revokedAt !== undefined
    ? `its session was revoked at ${session.revokedAt}`
    : `its session expired at ${session.expiresAt}`
}
