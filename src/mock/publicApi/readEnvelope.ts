import type { ActivityType } from '../../core/publicApiTypes'
import { MockError } from '../http'
import type { Fields } from '../validate'
import type { PublicApiContext } from './context'

/** How far a request's timestampMs may be from the mock's clock, either way. */
export const STAMP_MAX_SKEW_MS = 5 * 60_000

/**
 * Reads the seed's activity envelope `{type, timestampMs, organizationId, parameters}` and answers its
 * parameters. The timestamp is inside the stamped bytes, so a captured request stops working within
 * minutes: a `timestampMs` far from now is 16, like a bad stamp.
 */
export function readEnvelope(context: PublicApiContext, type: ActivityType): Fields {
  const { body, now } = context
  body.oneOf('type', [type])
  const timestampMs = body.integer('timestampMs')
  const parameters = body.nested('parameters')
  const skew = timestampMs - now()
  if (Math.abs(skew) > STAMP_MAX_SKEW_MS) {
    const when = Number.isFinite(new Date(timestampMs).getTime()) ? new Date(timestampMs).toISOString() : String(timestampMs)
    throw new MockError(
      16,
      `timestampMs: ${when} is ${Math.ceil(Math.abs(skew) / 1000)} s ${skew < 0 ? 'before' : 'after'} the API's clock (${new Date(now()).toISOString()}); a request must be stamped within ${STAMP_MAX_SKEW_MS / 60_000} minutes of being sent`,
    )
  }
  return parameters
}
