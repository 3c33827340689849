import type { Activity, PublicActivities, PublicActivityName } from '../../core/publicApiTypes'
import { isoTime } from '../endpoints/context'
import { MockError } from '../http'
import type { MockActivity } from '../types'
import type { PublicApiContext } from './context'
import { protobufTimestamp } from './protobufTimestamp'
import type { VerifiedStamp } from './verifyStamp'

/**
 * Refuses a body already accepted: within the timestamp window a captured request could otherwise be
 * sent again. A passkey's counter catches that too, but an API key's signature does not change.
 */
export function assertNotReplayed({ state, fingerprint }: PublicApiContext): void {
  const earlier = Object.values(state.activities).find((activity) => activity.fingerprint === fingerprint)
  if (earlier !== undefined) {
    throw new MockError(
      16,
      `request body: already submitted (activity ${earlier.activityId} at ${earlier.createdAt}); a replay is refused: send a new request with a fresh timestampMs`,
    )
  }
}

/** A read-only session's key stamps queries only: 7 PERMISSION_DENIED naming the session type. */
export function assertMayAct(stamp: VerifiedStamp): void {
  if (stamp.sessionType === 'SESSION_TYPE_READ_ONLY') {
    throw new MockError(
      7,
      'X-Stamp: stamped by the key of a SESSION_TYPE_READ_ONLY session, which may make queries only; sign in for a read-write session to submit activities',
    )
  }
}

/**
 * The write step of an activity, run after every await: re-checks replay and the stamp (commit), then
 * records the activity. Throws before writing anything.
 */
export function recordActivity(
  context: PublicApiContext,
  type: MockActivity['type'],
  stamp: VerifiedStamp,
): MockActivity {
  assertNotReplayed(context)
  assertMayAct(stamp)
  stamp.commit()
  const activity: MockActivity = {
    activityId: crypto.randomUUID(),
    type,
    organizationId: stamp.user.organizationId,
    userId: stamp.user.userId,
    stampedWith: stamp.kind,
    fingerprint: context.fingerprint,
    createdAt: isoTime(context.now()),
  }
  context.state.activities[activity.activityId] = activity
  return activity
}

/** The activity object as production answers a completed submit: wrapped as `{activity}`. */
export function completedActivity<A extends PublicActivityName>(
  record: MockActivity & { type: PublicActivities[A]['type'] },
  intent: PublicActivities[A]['intent'],
  result: PublicActivities[A]['result'],
): { activity: Activity<A> } {
  const at = protobufTimestamp(Date.parse(record.createdAt))
  return {
    activity: {
      id: record.activityId,
      organizationId: record.organizationId,
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: record.type,
      intent,
      result,
      votes: [],
      fingerprint: record.fingerprint,
      canApprove: false,
      canReject: false,
      createdAt: at,
      updatedAt: at,
    },
  }
}
