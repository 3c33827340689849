import type { MockActivityType } from '../types'
import { MockError } from '../http'
import type { Fields } from '../validate'
import type { PublicApiContext } from './context'

/**
 * How old and how far ahead a request's timestampMs may be, as production's FAQ states ("How long is a
 * signed activity request valid for?"): less than an hour old, at most 5 minutes in the future.
 */
export const STAMP_MAX_AGE_MS = 60 * 60_000
export const STAMP_MAX_AHEAD_MS = 5 * 60_000

/**
 * Reads the seed's activity envelope `{type, timestampMs, organizationId, parameters}` and answers its
 * parameters. The timestamp is inside the stamped bytes, so a captured request stops working within
 * an hour: a `timestampMs` outside the window is 16, like a bad stamp.
 */
export function readEnvelope(context: PublicApiContext, type: MockActivityType): Fields {
  const { body, now } = context
  body.oneOf('type', [type])
  const timestampMs = body.integer('timestampMs')
  const parameters = body.nested('parameters')
  const skew = timestampMs - now()
  if (skew > STAMP_MAX_AHEAD_MS || -skew >= STAMP_MAX_AGE_MS) {
    const when = Number.isFinite(new Date(timestampMs).getTime())
      ? new Date(timestampMs).toISOString()
      : String(timestampMs)
    throw new MockError(
      16,
      `timestampMs: ${when} is ${Math.ceil(Math.abs(skew) / 1000)} s ${skew < 0 ? 'before' : 'after'} the API's clock (${new Date(now()).toISOString()}); a request's timestamp must be less than ${STAMP_MAX_AGE_MS / 60_000} minutes old and at most ${STAMP_MAX_AHEAD_MS / 60_000} minutes ahead`,
    )
  }
  return parameters
}
