// How long a rate-limited caller should wait, as the proxy says it. A gRPC gateway puts a
// google.rpc.RetryInfo in the error's details (`retryDelay` in protobuf JSON: "23s", "1.500s"); an
// HTTP server, a CDN or a WAF sends `Retry-After`: delta-seconds, or an HTTP date. The detail wins: it
// survives a CORS response whose headers the page may not read.

import { KitError } from './errors'

const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo'

/**
 * Whole seconds to wait (rounded up), or undefined when the answer does not say. `nowMs` is the moment
 * an HTTP-date Retry-After is measured from: the answer's own `Date` when it has one (withRetryAfter),
 * so that a device clock that is wrong does not change the wait.
 */
export function readRetryAfterSeconds(
  details: readonly unknown[],
  retryAfterHeader: string | null,
  nowMs: number = Date.now(),
): number | undefined {
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue
    const { '@type': type, retryDelay } = detail as Record<string, unknown>
    if (type !== RETRY_INFO_TYPE) continue
    const seconds = durationSeconds(retryDelay)
    if (seconds !== undefined) return seconds
  }
  if (retryAfterHeader === null) return undefined
  if (/^\s*\d{1,9}\s*$/.test(retryAfterHeader)) return Number(retryAfterHeader)
  return httpDateSeconds(retryAfterHeader, nowMs)
}

/** Seconds from nowMs until an HTTP date ("Wed, 21 Oct 2030 07:28:00 GMT"); undefined if not one, or past. */
function httpDateSeconds(value: string, nowMs: number): number | undefined {
  // Date.parse accepts far more than HTTP dates ("5", "2030"); an HTTP date names its weekday and GMT.
  if (!/^\s*[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\s*$/.test(value)) return undefined
  const at = Date.parse(value)
  if (Number.isNaN(at) || at <= nowMs) return undefined
  return Math.ceil((at - nowMs) / 1000)
}

/** A protobuf Duration as JSON ("23s", "0.5s") or as its object form ({seconds, nanos}). */
function durationSeconds(value: unknown): number | undefined {
  if (typeof value === 'string') {
    const match = /^(\d{1,12})(?:\.(\d{1,9}))?s$/.exec(value)
    if (match === null) return undefined
    return Math.ceil(Number(`${match[1]}.${match[2] ?? '0'}`))
  }
  if (typeof value === 'object' && value !== null) {
    const { seconds, nanos } = value as Record<string, unknown>
    const whole = typeof seconds === 'string' || typeof seconds === 'number' ? Number(seconds) : NaN
    const fraction = typeof nanos === 'number' ? nanos / 1e9 : 0
    return Number.isFinite(whole) && whole >= 0 ? Math.ceil(whole + fraction) : undefined
  }
  return undefined
}

/** "Too many attempts. Please wait 23 seconds and try again." */
export function rateLimitedUserMessage(seconds: number): string {
  return `Too many attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`
}

/** The error with `retryAfterSeconds` (and, for RATE_LIMITED, a message saying how long) when the answer says. */
export function withRetryAfter(error: KitError, headers: Headers): KitError {
  const answeredAt = Date.parse(headers.get('Date') ?? '')
  const nowMs = Number.isNaN(answeredAt) ? Date.now() : answeredAt
  const seconds = readRetryAfterSeconds(error.proxy?.details ?? [], headers.get('Retry-After'), nowMs)
  if (seconds === undefined) return error
  return new KitError(error.code, error.message, {
    status: error.status,
    proxy: error.proxy,
    retryAfterSeconds: seconds,
    userMessage: error.code === 'RATE_LIMITED' ? rateLimitedUserMessage(seconds) : error.userMessage,
  })
}
