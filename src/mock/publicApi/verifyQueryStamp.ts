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
 * - a query body has no timestamp, so a stamp already answered is a replay: 16 (rememberQueryStamp).
 * Records the stamp as seen; call once everything else is checked (the query then only reads).
 */
export async function verifyQueryStamp(context: PublicApiContext): Promise<VerifiedStamp> {
  const stamp = await verifyStamp(context)
  assertOwnOrganization(context, stamp)
  rememberQueryStamp(context, stamp)
  return stamp
}

/**
 * Refuses a query stamp already answered (16) and remembers this one, until its credential stops stamping
 * or for a day (an API key without expiry, a passkey). By what the stamp means, not by its bytes: a client
 * stamps every request anew (ECDSA signatures differ each time), so the same signature again is a captured
 * request, however it is re-encoded (padding, the signature's high-S twin, another hex case, the key
 * uncompressed, the JSON reordered). A passkey that keeps no counter (a synced one reports 0) is held to
 * this too. Synchronous from the check to the record: the same request sent twice at once is answered once.
 */
export function rememberQueryStamp({ state, now }: PublicApiContext, stamp: VerifiedStamp): void {
  const seen = bytesToHex(sha256(utf8ToBytes(stamp.meaning)))
  const earlier = state.queryStamps[seen]
  if (earlier !== undefined) {
    throw new MockError(
      16,
      `${stamp.meaning.split(' ')[0]}: this signature already stamped a query at ${earlier.seenAt}; a replay is refused: stamp each request anew`,
    )
  }
  stamp.commit()
  const time = now()
  state.queryStamps[seen] = {
    seenAt: isoTime(time),
    forgetAt: stamp.expiresAt ?? isoTime(time + QUERY_STAMP_MEMORY_MS),
  }
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
