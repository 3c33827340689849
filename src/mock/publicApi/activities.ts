import type { Activity, PublicActivities, PublicActivityName } from '../../core/publicApiTypes'
import { isoTime } from '../endpoints/context'
import { MockError } from '../http'
import type { MockActivity, MockState } from '../types'
import type { PublicApiContext } from './context'
import { protobufTimestamp } from './protobufTimestamp'
import type { VerifiedStamp } from './verifyStamp'

/**
 * Production's submissions are idempotent: the same body (its fingerprint) returns the same activity
 * (docs, "Activities": "to generate a new activity, change the timestampMs"). The mock answers again
 * only the identical request, body and stamp header, with the activity it recorded: a client whose
 * answer was lost reads it by sending the very same bytes, and nothing happens twice. Answers `undefined`
 * for anything else.
 */
export function earlierAnswer(state: MockState, fingerprint: string, stampDigest: string): unknown {
  const earlier = Object.values(state.activities).find((activity) => activity.fingerprint === fingerprint)
  return earlier !== undefined && earlier.stampDigest === stampDigest ? earlier.answer : undefined
}

/** Keeps an activity's answer, and the stamp it was given for, so that the identical request reads it again. */
export function rememberAnswer(state: MockState, fingerprint: string, stampDigest: string, answer: unknown): void {
  const activity = Object.values(state.activities).find((candidate) => candidate.fingerprint === fingerprint)
  if (activity === undefined) return
  activity.answer = structuredClone(answer)
  activity.stampDigest = stampDigest
}

/**
 * Refuses the same body with another stamp while it is remembered (the timestamp window): the mock reads
 * an earlier answer again only for the identical request (earlierAnswer), and a body stamped twice is
 * otherwise a replay. A passkey's counter catches that too, but an API key's signature does not change.
 */
export function assertNotReplayed({ state, fingerprint }: PublicApiContext): void {
  const earlier = Object.values(state.activities).find((activity) => activity.fingerprint === fingerprint)
  if (earlier !== undefined) {
    throw new MockError(
      16,
      `request body: already submitted (activity ${earlier.activityId} at ${earlier.createdAt}); a replay with another stamp is refused: send the identical request again to read its answer, or a new request with a fresh timestampMs`,
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
