import { KitError } from '../errors'

/**
 * The answer itself, when every field in `paths` is a non-empty string: a dotted path, and `list[].field`
 * for the field in every member of the array `list`; else PROXY_BAD_RESPONSE naming the first missing
 * one. The public API client leaves this to the actions, which read the fields (it is in every first
 * load; they are not).
 */
export function checkAnswer<T>(label: string, answer: T, paths: readonly string[]): T {
  for (const path of paths) {
    const [list, field] = path.split('[].') as [string, string | undefined]
    const values = field === undefined ? [read(answer, list)] : read(answer, list)
    if (!Array.isArray(values)) throw badAnswer(label, `no ${list} array`)
    for (const [index, item] of values.entries()) {
      const value = field === undefined ? item : read(item, field)
      if (typeof value !== 'string' || value === '')
        throw badAnswer(label, `no ${field === undefined ? list : `${list}[${index}].${field}`}`)
    }
  }
  return answer
}

/** `value` at a dotted path, or undefined where an object is missing on the way. */
function read(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (object, key) =>
        typeof object === 'object' && object !== null ? (object as Record<string, unknown>)[key] : undefined,
      value,
    )
}

function badAnswer(label: string, what: string): KitError {
  return new KitError('PROXY_BAD_RESPONSE', `${label}: ${what} in the answer`)
}
