// The transport both clients share (the proxy's /v1 endpoints and the stamped public API): one POST
// with a deadline, the caller's abort signal, and every failure turned into a KitError with a stable
// code. What the answer must contain is each client's own business.
import { browserOffline } from './browserOffline'
import { withRetryAfter } from './retryAfter'
import { describeValue, invalidArgument } from './assert'
import { KitError, kitErrorCodeForGrpc, type KitErrorCode } from './errors'
import type { ProxyErrorBody } from './types'
import { startRequestDeadline } from './requestDeadline'

// setTimeout's delay is a signed 32-bit integer: anything larger fires immediately.
export const MAX_TIMEOUT_MS = 2 ** 31 - 1

export interface PostJsonRequest {
  /** Names the call in error messages (`otp_init`, `stamp_login`). */
  label: string
  url: string
  headers: Record<string, string>
  /** Sent exactly as given: a stamp is computed over this very text. Undefined sends no body. */
  body: string | undefined
  fetch: typeof fetch
  timeoutMs: number
  signal: AbortSignal | undefined
  /** Refines the code of an error answer, by its gRPC code; default kitErrorCodeForGrpc. */
  errorCode?: ((grpcCode: number) => KitErrorCode) | undefined
  /** Refines an error answer for this caller (the config call's unknown tenant), after its Retry-After is read. */
  refineError?: ((error: KitError) => KitError) | undefined
}

export interface PostJsonAnswer {
  status: number
  /** The answer's JSON object; anything else is PROXY_BAD_RESPONSE (an error page: see gatewayError). */
  body: Record<string, unknown>
}

/** Checks a caller's `signal` option before anything is sent. */
export function assertSignal(signal: unknown, label: string): asserts signal is AbortSignal | undefined {
  // Duck-typed: a signal from another realm (iframe, jsdom) is not an instance of this AbortSignal.
  const isSignal =
    typeof signal === 'object' && signal !== null && typeof (signal as AbortSignal).addEventListener === 'function'
  if (signal !== undefined && !isSignal) throw invalidArgument(`${label}: options.signal`, 'an AbortSignal', signal)
}

export function assertTimeoutMs(timeoutMs: unknown, label: string): asserts timeoutMs is number {
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalidArgument(label, `an integer from 1 to ${MAX_TIMEOUT_MS}`, timeoutMs)
  }
}

/**
 * An absolute http(s) base URL without trailing slashes. A same-origin path ('/auth-proxy') is
 * resolved against the page, so that fetch implementations without a page (Node, the mock handler)
 * accept it. `name` is the option as the developer wrote it (`proxyUrl`, `apiUrl`), whichever of
 * AuthProxyProvider, createKit or a client they passed it to.
 */
export function resolveBaseUrl(value: unknown, name: string): string {
  const expected = "an http(s) URL like 'https://auth.example.com' (or, in a browser, a path like '/auth-proxy')"
  const invalid = (why: string) => new KitError('CONFIG_INVALID', `${name} ${describeValue(value)} ${why}`)
  const notUrl = () => invalid(`is not a valid URL: expected ${expected}`)
  if (typeof value !== 'string' || value === '') throw notUrl()
  // A same-origin path is convenient with a dev-server proxy; it needs a page to be relative to.
  const base = value.startsWith('/') ? globalThis.location?.href : undefined
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    throw notUrl()
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notUrl()
  if (url.search !== '' || url.hash !== '') {
    throw invalid('has a ?query or #fragment: expected a base URL without them')
  }
  return url.href.replace(/\/+$/, '')
}

/** One POST; resolves with the answer's JSON object, or rejects with a KitError. */
export async function postJson(request: PostJsonRequest): Promise<PostJsonAnswer> {
  const { label, url, headers, body, timeoutMs, signal, errorCode = kitErrorCodeForGrpc } = request
  if (signal?.aborted) throw aborted(label, signal)
  // The browser knows it has no network: say so, and send nothing. A request that fails while it reports
  // itself online stays PROXY_UNAVAILABLE (it may have reached the proxy: a code may be on its way).
  if (browserOffline()) {
    throw new KitError('OFFLINE', `${label}: the browser is offline (navigator.onLine is false); nothing was sent`)
  }

  const deadline = startRequestDeadline(label, timeoutMs, signal)

  try {
    let response: Response
    try {
      response = await request.fetch(url, { method: 'POST', headers, body, signal: deadline.signal })
    } catch (cause) {
      throw transportError(label, url, cause, deadline.timedOut, signal, timeoutMs)
    }

    let text: string
    try {
      text = await response.text()
    } catch (cause) {
      throw transportError(label, url, cause, deadline.timedOut, signal, timeoutMs)
    }
    const status = response.status
    // What an error answer's headers say (a rate limit's Retry-After), for a proxy error body and a gateway's page alike.
    const refine = (error: KitError, headers: Headers) => {
      const read = withRetryAfter(error, headers)
      return request.refineError ? request.refineError(read) : read
    }
    const parsed = parseJson(text)

    if (!response.ok) {
      const proxy = asProxyErrorBody(parsed)
      if (proxy === undefined) {
        const error = gatewayError(label, url, status, text)
        throw refine(error, response.headers)
      }
      const error = new KitError(errorCode(proxy.code), `${label}: ${proxy.message} (HTTP ${status})`, {
        status,
        proxy,
      })
      throw refine(error, response.headers)
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new KitError('PROXY_BAD_RESPONSE', `${label}: expected a JSON object, got ${describeBody(text)}`, {
        status,
      })
    }
    return { status, body: parsed as Record<string, unknown> }
  } finally {
    deadline.end()
  }
}

// What sits in front of the proxy (a CDN, a WAF, a load balancer) answers with its own page, not a
// proxy error body. Its status still says what happened: 429 is a rate limit (withRetryAfter adds its
// Retry-After), 502/503/504 mean the proxy behind it could not be reached. Anything else is unreadable.
const GATEWAY_CODES: Readonly<Partial<Record<number, KitErrorCode>>> = {
  429: 'RATE_LIMITED',
  502: 'PROXY_UNAVAILABLE',
  503: 'PROXY_UNAVAILABLE',
  504: 'PROXY_UNAVAILABLE',
}

function gatewayError(label: string, url: string, status: number, text: string): KitError {
  const code = GATEWAY_CODES[status] ?? 'PROXY_BAD_RESPONSE'
  // The address is the developer's clue (a wrong proxyUrl, a proxy not running); userMessage never shows it.
  return new KitError(
    code,
    `${label}: HTTP ${status} from ${url} without a proxy error body (got ${describeBody(text)})`,
    { status },
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function asProxyErrorBody(value: unknown): ProxyErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { code, message, details } = value as Record<string, unknown>
  if (typeof code !== 'number' || !Number.isInteger(code) || typeof message !== 'string') return undefined
  return { code, message, details: Array.isArray(details) ? details : [] }
}

function describeBody(text: string): string {
  if (text === '') return 'an empty body'
  const start = text.slice(0, 60).replace(/\s+/g, ' ')
  return text.length > 60 ? `"${start}…"` : `"${start}"`
}

function aborted(label: string, signal: AbortSignal): KitError {
  return new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
}

function transportError(
  label: string,
  url: string,
  cause: unknown,
  timedOut: boolean,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): KitError {
  if (timedOut) return new KitError('PROXY_TIMEOUT', `${label}: no answer within ${timeoutMs} ms`, { cause })
  if (signal?.aborted) return aborted(label, signal)
  // fetch rejects with a bare TypeError ("Failed to fetch") for DNS, offline, refused and CORS failures;
  // browsers do not let a page tell these apart.
  const reason = cause instanceof Error ? cause.message : describeValue(cause)
  // The address tried is the developer's clue (a wrong proxyUrl, a proxy not running, CORS); the person
  // reads userMessage, which does not show it.
  return new KitError('PROXY_UNAVAILABLE', `${label}: no answer from ${url} (${reason})`, { cause })
}
