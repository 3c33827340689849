import { assertObject, invalidArgument } from '../assert'
import type { PublicApiClient, Stamp, Stamper } from '../contracts'
import { kitErrorCodeForGrpc, KitError } from '../errors'
import { assertSignal, assertTimeoutMs, postJson, resolveBaseUrl } from '../postJson'
import { DEFAULT_TIMEOUT_MS } from '../client'
import type { Activity, ActivityEnvelope, PublicActivityName, PublicQueries } from '../publicApiTypes'

export interface PublicApiClientOptions {
  /** Base URL of the public API, e.g. 'https://api.example.com'; the mock serves it on the proxy's URL. */
  apiUrl: string
  /** Default globalThis.fetch. */
  fetch?: typeof fetch
  /** Whole-request deadline (answer and body), default 20000 ms. The stamper's own time is not counted. */
  timeoutMs?: number
}

/**
 * A client for the stamped public API subset (WIRE.md). Unlike the proxy, it sends no config id: the
 * stamp says who is asking, and the envelope's organizationId what about. A refused stamp (gRPC 16)
 * is STAMP_REFUSED; other failures map as the proxy client's do.
 */
export function createPublicApiClient(options: PublicApiClientOptions): PublicApiClient {
  assertObject(options, 'createPublicApiClient(options)')
  const { timeoutMs = DEFAULT_TIMEOUT_MS } = options
  const apiUrl = resolveBaseUrl(
    typeof options.apiUrl === 'string' ? options.apiUrl.trim() : options.apiUrl,
    'createPublicApiClient({ apiUrl })',
  )
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw invalidArgument('createPublicApiClient({ fetch })', 'a fetch function', options.fetch)
  }
  assertTimeoutMs(timeoutMs, 'createPublicApiClient({ timeoutMs })')
  // Never called as a method of another object: window.fetch throws "Illegal invocation" otherwise.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function post(
    label: string,
    path: string,
    body: unknown,
    stamper: Stamper,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    assertSignal(signal, label)
    assertObject(body, `${label}: body`)
    if (typeof stamper !== 'function') throw invalidArgument(`${label}: stamper`, 'a stamper function', stamper)
    if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
    // Serialized once: the stamp signs these very bytes, and they are what is sent.
    const text = JSON.stringify(body)
    const stamp = checkStamp(await stamper(text), label)
    return postJson({
      label,
      url: `${apiUrl}${path}`,
      headers: { 'Content-Type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
      body: text,
      fetch: fetchImpl,
      timeoutMs,
      signal,
      errorCode: (grpcCode) => (grpcCode === 16 ? 'STAMP_REFUSED' : kitErrorCodeForGrpc(grpcCode)),
    })
  }

  return {
    apiUrl,
    timeoutMs,
    async submit(activity, envelope, stamper, callOptions = {}) {
      if (!(activity in RESULT_CHECKS)) {
        throw invalidArgument('publicApi.submit(activity)', Object.keys(RESULT_CHECKS).join(' or '), activity)
      }
      const answer = await post(activity, `/public/v1/submit/${activity}`, envelope, stamper, callOptions.signal)
      return checkActivity(activity, envelope, answer.body, answer.status)
    },
    async query(query, body, stamper, callOptions = {}) {
      if (typeof query !== 'string' || !/^[a-z_]+$/.test(query)) throw invalidArgument('publicApi.query(query)', 'a query name (get_user, ...)', query)
      // The caller checks the fields it reads (the wallet actions, in their own chunk): this client is
      // in every first load, and a table of every query's fields would be too.
      const answer = await post(query, `/public/v1/query/${query}`, body, stamper, callOptions.signal)
      return answer.body as unknown as PublicQueries[typeof query]['response']
    },
  }
}

function checkStamp(stamp: Stamp, label: string): Stamp {
  const valid =
    typeof stamp === 'object' &&
    stamp !== null &&
    (stamp.stampHeaderName === 'X-Stamp' || stamp.stampHeaderName === 'X-Stamp-WebAuthn') &&
    typeof stamp.stampHeaderValue === 'string' &&
    stamp.stampHeaderValue !== ''
  if (!valid) throw invalidArgument(`${label}: stamper result`, '{ stampHeaderName, stampHeaderValue }', stamp)
  return stamp
}

// The result fields a caller reads without checking, per activity.
const RESULT_CHECKS: { readonly [A in PublicActivityName]: (result: Record<string, unknown>) => string | undefined } = {
  stamp_login: (result) => {
    const session = (result.stampLoginResult as Record<string, unknown> | undefined)?.session
    return typeof session === 'string' && session !== '' ? undefined : 'no result.stampLoginResult.session'
  },
  create_authenticators: (result) => {
    const ids = (result.createAuthenticatorsResult as Record<string, unknown> | undefined)?.authenticatorIds
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string')
      ? undefined
      : 'no result.createAuthenticatorsResult.authenticatorIds'
  },
  sign_raw_payloads: (result) => {
    const signatures = (result.signRawPayloadsResult as Record<string, unknown> | undefined)?.signatures
    const valid =
      Array.isArray(signatures) &&
      signatures.every((signature: unknown) => {
        const { r, s, v } = (signature ?? {}) as Record<string, unknown>
        return typeof r === 'string' && typeof s === 'string' && typeof v === 'string'
      })
    return valid ? undefined : 'no result.signRawPayloadsResult.signatures as [{r, s, v}]'
  },
  create_wallet: (result) =>
    typeof (result.createWalletResult as Record<string, unknown> | undefined)?.walletId === 'string'
      ? undefined
      : 'no result.createWalletResult.walletId',
}

function checkActivity<A extends PublicActivityName>(
  activity: A,
  envelope: ActivityEnvelope<A>,
  body: Record<string, unknown>,
  status: number,
): Activity<A> {
  // Production answers `{activity: {...}}`; the seed describes the bare activity object. Both are read.
  const wrapped = body.activity
  const object = typeof wrapped === 'object' && wrapped !== null && !Array.isArray(wrapped) ? (wrapped as Record<string, unknown>) : body
  if (typeof object.status !== 'string') throw badAnswer(activity, 'no activity status', status)
  if (object.type !== envelope.type) {
    throw badAnswer(activity, `activity type ${JSON.stringify(object.type)} instead of ${envelope.type}`, status)
  }
  if (object.status !== 'ACTIVITY_STATUS_COMPLETED') {
    // Consensus, rejection or failure: nothing the kit can finish on its own.
    throw new KitError('PROXY_ERROR', `${activity}: activity ${String(object.id)} ended ${object.status}, not ACTIVITY_STATUS_COMPLETED`, {
      status,
    })
  }
  const result = object.result
  if (typeof result !== 'object' || result === null) throw badAnswer(activity, 'no activity result', status)
  const missing = RESULT_CHECKS[activity](result as Record<string, unknown>)
  if (missing !== undefined) throw badAnswer(activity, missing, status)
  return object as unknown as Activity<A>
}

function badAnswer(label: string, what: string, status: number): KitError {
  return new KitError('PROXY_BAD_RESPONSE', `${label}: ${what} in the answer (HTTP ${status})`, { status })
}
