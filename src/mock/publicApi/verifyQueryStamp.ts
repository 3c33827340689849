import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { isoTime } from '../endpoints/context'
import { MockError } from '../http'
import type { PublicApiContext } from './context'
import { verifyStamp, type VerifiedStamp } from './verifyStamp'

/** How long the stamp of a query by a key that never expires (an API key without expiry) is remembered. */
export const QUERY_STAMP_MEMORY_MS = 24 * 60 * 60 * 1000

/**
 * The stamp of a signed-in query (get_user, list_wallets, list_wallet_accounts), by a credential of a user
 * of the named organization itself:
 * - a key of another sub-organization's user is unknown there: 16, as production answers;
 * - a user's key naming the tenant's parent organization finds them (a passkey login does so), but a
 *   session reaches only its own organization: 7 PERMISSION_DENIED;
 * - a query body has no timestamp, so an X-Stamp already answered is a replay: 16. A client stamps every
 *   request anew (ECDSA signatures differ each time), so only a captured request repeats one.
 *   X-Stamp-WebAuthn replays are caught by the passkey's counter.
 * Records the stamp as seen; call once everything else is checked (the query then only reads).
 */
export async function verifyQueryStamp(context: PublicApiContext): Promise<VerifiedStamp> {
  const { state, headers, now } = context
  const header = headers.get('X-Stamp')
  const seen = header === null ? undefined : bytesToHex(sha256(utf8ToBytes(header)))
  const assertFresh = () => {
    const earlier = seen === undefined ? undefined : state.queryStamps[seen]
    if (earlier !== undefined) {
      throw new MockError(
        16,
        `X-Stamp: already used for a query at ${earlier.seenAt}; a replay is refused: stamp each request anew`,
      )
    }
  }
  assertFresh()
  const stamp = await verifyStamp(context)
  assertOwnOrganization(context, stamp)
  // Again after the await: the same request sent twice at once is answered once.
  assertFresh()
  stamp.commit()
  if (seen !== undefined) {
    const time = now()
    const forgetAt = stamp.expiresAt ?? isoTime(time + QUERY_STAMP_MEMORY_MS)
    state.queryStamps[seen] = { seenAt: isoTime(time), forgetAt }
  }
  return stamp
}

/**
 * A user's credential verifies against the tenant's parent organization too (a passkey login names it),
 * but reads and signs only in the user's own organization: 7 PERMISSION_DENIED otherwise.
 */
export function assertOwnOrganization({ scope }: PublicApiContext, stamp: VerifiedStamp): void {
  if (stamp.user.organizationId !== scope.organizationId) {
    throw new MockError(
      7,
      `organizationId: "${scope.organizationId}" is not the organization of the stamping user (theirs is "${stamp.user.organizationId}"); a session reaches only its own organization`,
    )
  }
}
