import { KitError } from '../errors'

/**
 * The answer itself, when every field in `paths` is a non-empty string: a dotted path, `list[].field` for
 * the field in every member of the array `list`, and `list[]` for every member of `list`; else
 * PROXY_BAD_RESPONSE naming the first missing one. The public API client checks what every answer shares
 * (an activity's type and status); the code that reads a result's fields checks them here, beside the
 * reading, so that the client need not know every activity and query there is.
 */
export function checkAnswer<T>(label: string, answer: T, paths: readonly string[]): T {
  for (const path of paths) {
    const [list, field] = path.split('[]') as [string, string | undefined]
    const inList = field === undefined ? undefined : field.replace(/^\./, '')
    const values = inList === undefined ? [read(answer, list)] : read(answer, list)
    if (!Array.isArray(values)) throw badAnswer(label, `no ${list} array`)
    for (const [index, item] of values.entries()) {
      const value = inList ? read(item, inList) : item
      if (typeof value !== 'string' || value === '')
        throw badAnswer(label, `no ${inList === undefined ? list : `${list}[${index}]${field}`}`)
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
