import { assertMethods, assertObject, invalidArgument } from '../assert'
import type { PublicApiClient, Stamp, StampHeaderName, Stamper } from '../contracts'
import { isKitError, kitErrorCodeForGrpc, KitError } from '../errors'
import { assertSignal, assertTimeoutMs, postJson, resolveBaseUrl } from '../postJson'
import { DEFAULT_TIMEOUT_MS } from '../client'
import type { ProxyClock } from '../proxyClock'
import type { Activity, ActivityEnvelope, PublicActivityName, PublicQueries } from '../publicApiTypes'

export interface PublicApiClientOptions {
  /** Base URL of the public API, e.g. 'https://api.example.com'; the mock serves it on the proxy's URL. */
  apiUrl: string
  /** Default globalThis.fetch. */
  fetch?: typeof fetch | undefined
  /** Whole-request deadline (answer and body), default 20000 ms. The stamper's own time is not counted. */
  timeoutMs?: number | undefined
  /**
   * The kit's clock: a refusal of `timestampMs` that states the API's time teaches it the offset, and
   * an activity stamped by a key (X-Stamp) is then sent once more with a new timestamp. Default none:
   * the refusal is CLOCK_SKEW and nothing is learned.
   */
  clock?: Pick<ProxyClock, 'now' | 'learn'> | undefined
}

/**
 * A client for the stamped public API subset (WIRE.md). Unlike the proxy, it sends no config id: the
 * stamp says who is asking, and the envelope's organizationId what about. A refused stamp (gRPC 16)
 * is STAMP_REFUSED, a refused `timestampMs` (gRPC 16 naming the timestamp) CLOCK_SKEW, an activity the
 * API already has from elsewhere DUPLICATE_REQUEST; other failures map as the proxy client's do.
 */
export function createPublicApiClient(options: PublicApiClientOptions): PublicApiClient {
  const { apiUrl, timeoutMs, clock, fetchImpl } = checkOptions(options)

  async function post(
    label: string,
    path: string,
    body: unknown,
    stamper: Stamper,
    signal: AbortSignal | undefined,
    idempotent: boolean,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    assertSignal(signal, label)
    assertObject(body, `${label}: body`)
    if (typeof stamper !== 'function') throw invalidArgument(`${label}: stamper`, 'a stamper function', stamper)
    if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
    const send = async (sent: Record<string, unknown>) => {
      // Serialized once: the stamp signs these very bytes, and they are what is sent.
      const text = JSON.stringify(sent)
      const stamp = checkStamp(await stamper(text), label)
      const attempt = () =>
        postJson({
          label,
          url: `${apiUrl}${path}`,
          headers: { 'Content-Type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
          body: text,
          fetch: fetchImpl,
          timeoutMs,
          signal,
          errorCode: (grpcCode) => (grpcCode === 16 ? 'STAMP_REFUSED' : kitErrorCodeForGrpc(grpcCode)),
        })
      try {
        // An activity is idempotent (the same bytes return the same activity): when its answer was lost,
        // the very same request, stamp included, reads it without doing anything twice, and without a
        // second passkey prompt.
        return await onceMoreIfLost(attempt, () => idempotent && !signal?.aborted)
      } catch (error) {
        throw clockSkewError(error, stamp.stampHeaderName, clock)
      }
    }
    return withNewTimestampOnce(send, body as Record<string, unknown>, clock)
  }

  // Activities on their way, by their text: the same activity asked twice in one millisecond (a double
  // click, two components asking at once) has the same bytes, and the API would take the second for a
  // replay. It is one request: the second call waits for the first's answer, stamped once.
  const submitOnce = sharedWhileInFlight<Activity>()

  return {
    apiUrl,
    timeoutMs,
    async submit(activity, envelope, stamper, callOptions = {}) {
      if (typeof activity !== 'string' || !/^[a-z_]+$/.test(activity)) {
        throw invalidArgument('publicApi.submit(activity)', 'an activity name (stamp_login, ...)', activity)
      }
      const submit = async () => {
        const answer = await post(
          activity,
          `/public/v1/submit/${activity}`,
          envelope,
          stamper,
          callOptions.signal,
          true,
        )
        return checkActivity(activity, envelope, answer.body, answer.status)
      }
      const key = `${activity} ${JSON.stringify(envelope)}`
      return (await submitOnce(key, submit, callOptions.signal, activity)) as Awaited<ReturnType<typeof submit>>
    },
    async query(query, body, stamper, callOptions = {}) {
      if (typeof query !== 'string' || !/^[a-z_]+$/.test(query))
        throw invalidArgument('publicApi.query(query)', 'a query name (get_user, ...)', query)
      // What a query answers is its caller's to check, field by field where it reads them (checkAnswer).
      const answer = await post(query, `/public/v1/query/${query}`, body, stamper, callOptions.signal, false)
      return answer.body as unknown as PublicQueries[typeof query]['response']
    },
  }
}

/** The options, checked, with their defaults. */
function checkOptions(options: PublicApiClientOptions) {
  assertObject(options, 'createPublicApiClient(options)')
  const { timeoutMs = DEFAULT_TIMEOUT_MS, clock } = options
  const apiUrl = resolveBaseUrl(typeof options.apiUrl === 'string' ? options.apiUrl.trim() : options.apiUrl, 'apiUrl')
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw invalidArgument('createPublicApiClient({ fetch })', 'a fetch function', options.fetch)
  }
  assertTimeoutMs(timeoutMs, 'createPublicApiClient({ timeoutMs })')
  if (clock !== undefined)
    assertMethods(clock, ['now', 'learn'], 'createPublicApiClient({ clock })', 'a ProxyClock (now, learn)')
  // Never called as a method of another object: window.fetch throws "Illegal invocation" otherwise.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return { apiUrl, timeoutMs, clock, fetchImpl }
}

/** Calls with one key while the first is on its way share its answer (each may still abort its own wait). */
function sharedWhileInFlight<T>(): (
  key: string,
  start: () => Promise<T>,
  signal: AbortSignal | undefined,
  label: string,
) => Promise<T> {
  const pending = new Map<string, Promise<T>>()
  return (key, start, signal, label) => {
    const earlier = pending.get(key)
    if (earlier !== undefined) return untilAborted(earlier, signal, label)
    const started = start().finally(() => pending.delete(key))
    pending.set(key, started)
    return started
  }
}

/** `pending`, or ABORTED as soon as this caller's own signal aborts (the request itself is another caller's too). */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal | undefined, label: string): Promise<T> {
  if (signal === undefined) return pending
  assertSignal(signal, label)
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason }))
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * No answer from the API itself: the connection failed or timed out, or a gateway in front of it said it
 * could not reach it (502, 503, 504). The request may have taken effect.
 */
function isLostAnswer(error: unknown): boolean {
  return (
    isKitError(error) &&
    (error.code === 'PROXY_UNAVAILABLE' || error.code === 'PROXY_TIMEOUT') &&
    error.proxy === undefined
  )
}

/** `attempt()`, and once more when its answer was lost and `allowed()` (once: a second loss is the caller's). */
async function onceMoreIfLost<T>(attempt: () => Promise<T>, allowed: () => boolean): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    if (!allowed() || !isLostAnswer(error)) throw error
    return attempt()
  }
}

/**
 * `send(body)`, and once more with a new timestamp when its refusal taught the clock the API's time
 * (ClockSkewRefusal.retry); a ClockSkewRefusal leaves as its KitError.
 */
async function withNewTimestampOnce<T>(
  send: (body: Record<string, unknown>) => Promise<T>,
  body: Record<string, unknown>,
  clock: Pick<ProxyClock, 'now'> | undefined,
): Promise<T> {
  try {
    return await send(body)
  } catch (error) {
    // Once: the retry's own refusal (the clock moved again?) is the caller's.
    if (
      !(error instanceof ClockSkewRefusal) ||
      !error.retry ||
      typeof body.timestampMs !== 'string' ||
      clock === undefined
    ) {
      throw error instanceof ClockSkewRefusal ? error.kitError : error
    }
    try {
      return await send({ ...body, timestampMs: String(clock.now()) })
    } catch (retryError) {
      throw retryError instanceof ClockSkewRefusal ? retryError.kitError : retryError
    }
  }
}

/**
 * A refused `timestampMs` becomes CLOCK_SKEW, and teaches the clock the API's time when the refusal
 * states it. A key's stamp (X-Stamp, or X-Stamp-Attested: the current generation's log-in, whose
 * verification token carries no `iat` to learn the time from) may then be sent again with a new
 * timestamp; a passkey's may not (a second stamp is a second prompt): the person's next try has the
 * right time.
 */
function clockSkewError(
  error: unknown,
  stampHeaderName: StampHeaderName,
  clock: Pick<ProxyClock, 'learn'> | undefined,
): unknown {
  if (!isKitError(error, 'STAMP_REFUSED') || error.proxy === undefined) return error
  // The API has these very bytes already, sent from elsewhere (this page sends an activity once): the
  // refusal names the timestamp as the way to send a new one, but the clock is not what is wrong.
  if (isDuplicateRefusal(error.proxy.message)) {
    return new KitError('DUPLICATE_REQUEST', error.message, { status: error.status, proxy: error.proxy, cause: error })
  }
  if (!isTimestampRefusal(error.proxy.message)) return error
  const apiTimeMs = statedApiTime(error.proxy.message)
  const learned = apiTimeMs !== undefined && clock !== undefined && clock.learn(apiTimeMs)
  const kitError = new KitError('CLOCK_SKEW', error.message, {
    status: error.status,
    proxy: error.proxy,
    cause: error,
  })
  return new ClockSkewRefusal(kitError, learned && stampHeaderName !== 'X-Stamp-WebAuthn')
}

/** A CLOCK_SKEW on its way out of post(), saying whether one more try with a new timestamp may help. */
class ClockSkewRefusal {
  constructor(
    readonly kitError: KitError,
    readonly retry: boolean,
  ) {}
}

/**
 * Whether a gRPC 16 refuses the request's timestamp rather than its stamp. Production's wording of this
 * refusal is not published (its errors page lists none; its FAQ says a request's timestamp must be less
 * than an hour old and at most 5 minutes ahead); the mock's names `timestampMs`. Any 16 naming the
 * timestamp is taken for it: no refusal of a stamp or key does.
 */
export function isTimestampRefusal(message: string): boolean {
  return /timestamp/i.test(message) && !isDuplicateRefusal(message)
}

/** Whether a gRPC 16 refuses an activity the API already has (the mock: "request body: already submitted"). */
function isDuplicateRefusal(message: string): boolean {
  return /already submitted/i.test(message)
}

/**
 * The API's time when the refusal states it, as the mock's does ("... the API's clock (2026-01-01T00:00:00.000Z)"):
 * an ISO 8601 UTC time after the word "clock".
 */
export function statedApiTime(message: string): number | undefined {
  const match = /clock\b[^(]*\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z)\)/i.exec(message)
  const time = match?.[1] === undefined ? Number.NaN : Date.parse(match[1])
  return Number.isFinite(time) ? time : undefined
}

const STAMP_HEADERS: readonly string[] = ['X-Stamp', 'X-Stamp-WebAuthn', 'X-Stamp-Attested']

function checkStamp(stamp: Stamp, label: string): Stamp {
  const valid =
    typeof stamp === 'object' &&
    stamp !== null &&
    STAMP_HEADERS.includes(stamp.stampHeaderName) &&
    typeof stamp.stampHeaderValue === 'string' &&
    stamp.stampHeaderValue !== ''
  if (!valid) throw invalidArgument(`${label}: stamper result`, '{ stampHeaderName, stampHeaderValue }', stamp)
  return stamp
}

function checkActivity<A extends PublicActivityName>(
  activity: A,
  envelope: ActivityEnvelope<A>,
  body: Record<string, unknown>,
  status: number,
): Activity<A> {
  // Production answers `{activity: {...}}`; the seed describes the bare activity object. Both are read.
  const wrapped = body.activity
  const object =
    typeof wrapped === 'object' && wrapped !== null && !Array.isArray(wrapped)
      ? (wrapped as Record<string, unknown>)
      : body
  if (typeof object.status !== 'string') throw badAnswer(activity, 'no activity status', status)
  if (object.type !== envelope.type) {
    throw badAnswer(activity, `activity type ${JSON.stringify(object.type)} instead of ${envelope.type}`, status)
  }
  if (object.status !== 'ACTIVITY_STATUS_COMPLETED') {
    // Consensus, rejection or failure: nothing the kit can finish on its own.
    throw new KitError(
      'PROXY_ERROR',
      `${activity}: activity ${String(object.id)} ended ${object.status}, not ACTIVITY_STATUS_COMPLETED`,
      {
        status,
      },
    )
  }
  const result = object.result
  if (typeof result !== 'object' || result === null) throw badAnswer(activity, 'no activity result', status)
  return object as unknown as Activity<A>
}

function badAnswer(label: string, what: string, status: number): KitError {
  return new KitError('PROXY_BAD_RESPONSE', `${label}: ${what} in the answer (HTTP ${status})`, { status })
}
