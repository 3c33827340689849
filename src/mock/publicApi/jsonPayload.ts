import type { PayloadEncoding } from '../../core/publicApiTypes'
import { MockError } from '../http'
import { isJsonObject, type JsonObject } from '../validate'

/** A structured payload's JSON object, and the refusal of what is wrong in it (3, naming `field` and `kind`). */
export interface JsonPayload {
  object: JsonObject
  fail: (what: string) => never
}

/**
 * Parses a payload that an encoding defines as the JSON of an object (`shape`, as messages show it:
 * `{address, chainId, nonce}`).
 */
export function jsonPayload(
  payload: string,
  field: string,
  encoding: PayloadEncoding,
  kind: string,
  shape: string,
): JsonPayload {
  const fail = (what: string): never => {
    throw new MockError(3, `${field}: ${kind}: ${what}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    return fail(`not JSON; ${encoding} is the JSON of ${shape}`)
  }
  if (!isJsonObject(parsed)) return fail(`expected a JSON object ${shape}`)
  return { object: parsed, fail }
}
