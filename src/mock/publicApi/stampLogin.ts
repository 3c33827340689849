import type { Activity, StampLoginParameters } from '../../core/publicApiTypes'
import { MockError } from '../http'
import { issueSession } from '../sessions'
import type { MockActivity } from '../types'
import { assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEnvelope } from './readEnvelope'
import { verifyStamp } from './verifyStamp'

/** Longest session stamp_login grants: a year, as the tenants' own setting allows. */
const MAX_EXPIRATION_SECONDS = 31_536_000

/**
 * ACTIVITY_TYPE_STAMP_LOGIN: a session bound to `parameters.publicKey` for the user whose credential
 * stamped the request (API key, session key or passkey), or whose verification or OIDC token attests
 * the stamping key (X-Stamp-Attested: production's newer client logs in this way). Against the tenant's
 * parent organization, the user is the one, in whichever sub-organization, holding the stamping passkey
 * or key.
 */
export async function stampLogin(context: PublicApiContext): Promise<{ activity: Activity<'stamp_login'> }> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_STAMP_LOGIN')
  const publicKey = parameters.compressedP256PublicKey('publicKey')
  const expirationSeconds = parameters.optionalInteger('expirationSeconds')
  if (expirationSeconds !== undefined && (expirationSeconds < 1 || expirationSeconds > MAX_EXPIRATION_SECONDS)) {
    throw new MockError(
      3,
      `${parameters.name('expirationSeconds')}: expected a number of seconds from 1 to ${MAX_EXPIRATION_SECONDS}, got ${expirationSeconds}`,
    )
  }
  const invalidateExisting = parameters.optionalBoolean('invalidateExisting')
  const intent: StampLoginParameters = { publicKey }
  if (expirationSeconds !== undefined) intent.expirationSeconds = String(expirationSeconds)
  if (invalidateExisting !== undefined) intent.invalidateExisting = invalidateExisting
  // Checked before the stamp too: a replay should hear that it is one, not a later error.
  assertNotReplayed(context)

  const stamp = await verifyStamp(context, { attested: true })
  let record: MockActivity | undefined
  const { session } = await issueSession(context, {
    user: stamp.user,
    publicKey,
    invalidateExisting: invalidateExisting ?? false,
    ...(expirationSeconds === undefined ? {} : { expirationSeconds }),
    redeem: () => {
      record = recordActivity(context, 'ACTIVITY_TYPE_STAMP_LOGIN', stamp)
    },
  })
  if (record === undefined) throw new Error('stamp_login: the session was issued without recording its activity')
  return completedActivity<'stamp_login'>(
    { ...record, type: 'ACTIVITY_TYPE_STAMP_LOGIN' },
    { stampLoginIntent: intent },
    { stampLoginResult: { session } },
  )
}
