// The mock proxy: one fetch-style handler holding all behaviour and per-instance state. The Node server,
// the Vite plugin and an injected `fetch` are thin adapters over it.
import { account } from './endpoints/account'
import type { EndpointContext } from './endpoints/context'
import { oauth2Authenticate } from './endpoints/oauth2Authenticate'
import { oauthLogin } from './endpoints/oauthLogin'
import { otpInit } from './endpoints/otpInit'
import { otpInitV2 } from './endpoints/otpInitV2'
import { otpLogin, otpLoginV2 } from './endpoints/otpLogin'
import { otpVerify } from './endpoints/otpVerify'
import { otpVerifyV2 } from './endpoints/otpVerifyV2'
import { signup } from './endpoints/signup'
import { signupV2 } from './endpoints/signupV2'
import { walletKitClientParams } from './endpoints/walletKitClientParams'
import { walletKitConfig } from './endpoints/walletKitConfig'
import {
  ALLOWED_METHODS,
  ALLOWED_REQUEST_HEADERS,
  MockError,
  type Responder,
  corsHeaders,
  errorResponse,
  isOriginAllowed,
  jsonResponse,
} from './http'
import { faultAfter, faultBefore, isFaultBefore } from './faults/applyFault'
import { createFaultPlan } from './faults/faultPlan'
import { MockConnectionDropped } from './faults/MockConnectionDropped'
import { addOAuthIdentityOrThrow } from './oauthIdentities'
import { createOAuthServer } from './oauthProvider'
import { DEFAULT_OTP_RATE_LIMITS, resolveOtpRateLimits } from './otpRateLimits'
import { assertProductionFields, proxyBodyShape, publicApiBodyShape } from './productionFields'
import { pruneState } from './prune'
import { issueTestSession } from './testSessions'
import { PUBLIC_API_OPERATIONS, createPublicApi } from './publicApi/createPublicApi'
import { decodeUtf8, readBodyBytes } from './requestBody'
import { contactsMatch, createState } from './state'
import { DEMO_TENANT, resolveTenants } from './tenants'
import { createTokenAuthority } from './tokens'
import { createEnclave, enclaveKey } from './enclave'
import { devRouteRefusal, isDevRoute } from './devRouteAccess'
import type { MockAuthProxy, MockAuthProxyOptions, MockFailure, MockProxyEndpoint, OutboxMessage } from './types'
import { Fields, parseJson, parseJsonObject, type JsonObject } from './validate'
import { frontPage } from './frontPage'
import { htmlResponse } from './oauthPages'
import { MOCK_ROUTE_GROUPS } from './routes'
import { CAPTCHA_HEADER, withCaptchaCheck } from './captcha'
import { turnstileRoute } from './turnstileRoute'
import { createWebhooks } from './webhooks/createWebhooks'
import { proxyActivity } from './webhooks/proxyActivity'
import { withoutSessions } from './webhooks/withoutSessions'

type Endpoint = (context: EndpointContext) => unknown

/** A Map, not an object: `/v1/constructor` or `/v1/__proto__` must find nothing, not Object's own members. */
const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map<MockProxyEndpoint, Endpoint>([
  ['wallet_kit_config', walletKitConfig],
  ['wallet_kit_client_params', walletKitClientParams],
  ['otp_init', otpInit],
  ['otp_verify', otpVerify],
  ['otp_login', otpLogin],
  ['otp_init_v2', otpInitV2],
  ['otp_verify_v2', otpVerifyV2],
  ['otp_login_v2', otpLoginV2],
  ['signup', signup],
  ['signup_v2', signupV2],
  ['account', account],
  ['oauth2_authenticate', oauth2Authenticate],
  ['oauth_login', oauthLogin],
])

/** The endpoints served under /v1, for the route list's test. */
export const MOCK_PROXY_ENDPOINTS: readonly string[] = [...ENDPOINTS.keys()]

/** Production's client calls these with no body at all. */
const BODYLESS_ENDPOINTS: ReadonlySet<string> = new Set<MockProxyEndpoint>([
  'wallet_kit_config',
  'wallet_kit_client_params',
])

const CONFIG_ID_HEADER = 'X-Auth-Proxy-Config-Id'

export function createMockAuthProxy(options: MockAuthProxyOptions = {}): MockAuthProxy {
  const otpRateLimits = resolveOtpRateLimits(options.otpRateLimits, 'otpRateLimits', DEFAULT_OTP_RATE_LIMITS)
  const tenants = resolveTenants(options.tenants ?? [DEMO_TENANT], otpRateLimits)
  const basePath = normalizeBasePath(options.basePath ?? '')
  const now = options.now ?? Date.now
  let latencyMs = checkLatency(options.latencyMs ?? 0)
  const strictFields = options.strictFields ?? false
  const failures = new Map<MockProxyEndpoint, MockFailure>()
  for (const [endpoint, failure] of Object.entries(options.failures ?? {})) {
    if (failure !== undefined) failures.set(endpoint as MockProxyEndpoint, checkFailure(failure))
  }
  const faults = createFaultPlan([...ENDPOINTS.keys(), ...PUBLIC_API_OPERATIONS], options.faults ?? [])
  const state = createState()
  const enclave = createEnclave(
    options.enclaveSecretKey === undefined ? undefined : enclaveKey(options.enclaveSecretKey),
  )
  const tokens = createTokenAuthority(now, enclave)
  const oauthServer = createOAuthServer({ tenants, state, tokens, basePath, now })
  const webhooks = createWebhooks({ ...options.webhooks, state, tenants, now })
  const publicApi = createPublicApi({
    tenants,
    state,
    tokens,
    enclave,
    now,
    onActivity: (activity) => webhooks.notify(withoutSessions(activity)),
  })

  /** Before the tenant is known (preflight, outbox, unknown paths) an origin some tenant allows may read. */
  const anyTenantAllows = (origin: string | null): string | null =>
    origin !== null && tenants.some((tenant) => isOriginAllowed(tenant.allowedOrigins, origin)) ? origin : null

  async function route(
    request: Request,
    url: URL,
    path: string,
    respond: Responder,
    pageOrigin: string | null,
  ): Promise<Response> {
    const origin = request.headers.get('Origin') ?? pageOrigin
    respond.cors = corsHeaders(anyTenantAllows(origin))
    if (isDevRoute(request.method, path)) {
      // Before anything is read or changed, preflights included, whatever the content type.
      const caller = { origin, fetchSite: request.headers.get('Sec-Fetch-Site'), ownOrigin: url.origin }
      const refusal = devRouteRefusal(caller, { method: request.method, pathname: url.pathname }, tenants)
      if (refusal !== undefined) {
        // No Access-Control-Allow-Origin: the page at that origin must not read the refusal either.
        respond.cors = {}
        throw refusal
      }
    }

    if (path.startsWith('/__mock/oauth/')) {
      // The authorization server's pages are navigated to, without a config id: it finds the tenant by client id. It answers
      // the preflights of its public endpoints (Facebook's token endpoint, the JWKS) itself.
      const answer = await oauthServer.route(await withBoundedBody(request), url, path, respond.cors)
      if (answer !== undefined) return answer
    }
    if (request.method === 'OPTIONS') return preflight(origin, respond.cors)
    if (path.startsWith('/__mock/turnstile/')) {
      // The test widget's script and tokens, for tenants with a Turnstile site key.
      const answer = await turnstileRoute(request, url, path, { tenants, state, now, basePath, origin, respond })
      if (answer !== undefined) return answer
    }
    if (path === '/.well-known/jwks.json' && request.method === 'GET') {
      // Public keys are public: any origin may read them. The session notarizer's is the one named
      // SESSION_NOTARIZER_KID (auth-proxy-kit/server reads it by that name).
      return jsonResponse(await tokens.jwks(), 200, { 'Access-Control-Allow-Origin': '*' })
    }
    if (path === '/__mock/outbox' && request.method === 'GET') {
      return jsonResponse(outbox(outboxContact(url.searchParams.get('contact'))), 200, respond.cors)
    }

    if (path === '/__mock/faults') return faultControl(request, respond.cors)
    if (path === '/__mock/webhooks' && request.method === 'GET') {
      return jsonResponse({ deliveries: webhooks.list(), endpoints: webhooks.endpoints() }, 200, respond.cors)
    }
    if (path === '/__mock/routes' && request.method === 'GET') {
      return jsonResponse({ groups: MOCK_ROUTE_GROUPS }, 200, respond.cors)
    }
    if (path === '/' && request.method === 'GET') {
      // Someone opened the proxy's URL in a browser: say what this is rather than a 404 JSON.
      return htmlResponse(frontPage({ configIds: tenants.map((tenant) => tenant.configId), basePath }), 200)
    }

    if (path.startsWith('/public/')) {
      // The public API finds its tenant from the body's organizationId, not from a config id header.
      if (latencyMs > 0) await delay(latencyMs)
      const operation = /^\/public\/v1\/((?:submit|query)\/[a-z0-9_]+)$/.exec(path)?.[1]
      if (request.method === 'POST' && operation !== undefined && PUBLIC_API_OPERATIONS.includes(operation)) {
        const page = takeFault(operation, respond)
        if (page !== undefined) return page
      }
      return publicApi.route(await boundedPublicApiRequest(request, path), url, path, respond, origin)
    }

    const name = /^\/v1\/([a-z0-9_]+)$/.exec(path)?.[1]
    const endpoint = name === undefined ? undefined : ENDPOINTS.get(name)
    if (name === undefined || endpoint === undefined) {
      throw new MockError(5, `no such endpoint: ${request.method} ${url.pathname}`)
    }
    if (request.method !== 'POST') {
      throw new MockError(5, `${request.method} ${url.pathname}: the proxy answers POST only`)
    }
    if (latencyMs > 0) await delay(latencyMs)

    const configId = request.headers.get(CONFIG_ID_HEADER)?.trim() ?? ''
    if (configId === '') {
      throw new MockError(3, `${CONFIG_ID_HEADER} header: missing; send the tenant's config id`)
    }
    const tenant = tenants.find((candidate) => candidate.configId === configId)
    if (tenant === undefined) {
      throw new MockError(5, `${CONFIG_ID_HEADER} header: no tenant with config id "${configId}"`)
    }
    if (origin !== null && !isOriginAllowed(tenant.allowedOrigins, origin)) {
      // No Access-Control-Allow-Origin: the page at that origin must not read anything.
      respond.cors = {}
      throw new MockError(
        7,
        `Origin: ${origin} is not allowed for config id "${configId}" (allowed: ${tenant.allowedOrigins.join(', ')})`,
      )
    }
    respond.cors = corsHeaders(origin)

    const page = takeFault(name, respond)
    if (page !== undefined) return page
    const failure = failures.get(name as MockProxyEndpoint)
    if (failure !== undefined) {
      throw new MockError(failure.code, failure.message ?? `${name}: failing on purpose (mock failure switch)`)
    }
    const body = parseJsonObject(decodeUtf8(await readBodyBytes(request)), BODYLESS_ENDPOINTS.has(name))
    const shape = proxyBodyShape(name)
    if (strictFields && shape !== undefined) assertProductionFields(name, shape, body)
    await tokens.ready
    const captcha = {
      endpoint: name,
      tenant,
      token: request.headers.get(CAPTCHA_HEADER),
      state,
      nowMs: now(),
      afterCode: name.startsWith('signup') && typeof body['verificationToken'] === 'string',
    }
    const result = await withCaptchaCheck(captcha, () =>
      endpoint({ tenant, body: new Fields(body), state, tokens, enclave, now, origin }),
    )
    const activity = proxyActivity(name as MockProxyEndpoint, { tenant, body, result, now: now() })
    if (activity !== undefined) webhooks.notify(activity)
    return jsonResponse(result, 200, respond.cors)
  }

  /**
   * The public API reads its body itself; here it is read first, within the size limit, and checked
   * against production's members in strict mode, then handed on as the same bytes.
   */
  async function boundedPublicApiRequest(request: Request, path: string): Promise<Request> {
    const bounded = await withBoundedBody(request)
    const operation = /^\/public\/v1\/((?:submit|query)\/[a-z0-9_]+)$/.exec(path)?.[1]
    const shape = operation === undefined ? undefined : publicApiBodyShape(operation)
    if (strictFields && request.method === 'POST' && operation !== undefined && shape !== undefined) {
      const body = readableBody(new Uint8Array(await bounded.clone().arrayBuffer()))
      // A body that does not read as a JSON object is the public API's to refuse, in its own words.
      if (body !== undefined) assertProductionFields(operation, shape, body)
    }
    return bounded
  }

  function preflight(origin: string | null, cors: Record<string, string>): Response {
    if (origin !== null && cors['Access-Control-Allow-Origin'] === undefined) {
      throw new MockError(7, `Origin: ${origin} is not allowed by any tenant of this proxy`)
    }
    return new Response(null, {
      status: 204,
      headers: {
        ...cors,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
        'Access-Control-Max-Age': '600',
      },
    })
  }

  /**
   * Counts a call that reached `target`'s handling against the fault plan. A fault before processing
   * throws (an error, a drop) or answers (a page); one after is left on `respond` for `handle`.
   */
  function takeFault(target: string, respond: Responder): Response | undefined {
    const fault = faults.take(target)
    if (fault === undefined) return undefined
    if (isFaultBefore(fault)) return faultBefore(fault, target, respond.cors)
    respond.faultAfter = { fault, target }
    return undefined
  }

  /** The fault plan over HTTP, for a browser's tests or another process's. */
  async function faultControl(request: Request, cors: Record<string, string>): Promise<Response> {
    if (request.method === 'GET') return jsonResponse({ rules: faults.list() }, 200, cors)
    if (request.method === 'DELETE') {
      faults.clear()
      return new Response(null, { status: 204, headers: cors })
    }
    if (request.method !== 'POST') {
      throw new MockError(
        5,
        `${request.method} /__mock/faults: expected POST (add a rule), GET (list) or DELETE (clear)`,
      )
    }
    const rule = parseJson(decodeUtf8(await readBodyBytes(request)), 'request body')
    try {
      faults.addChecked(rule)
    } catch (error) {
      if (error instanceof TypeError) throw new MockError(3, error.message)
      throw error
    }
    return jsonResponse({ rules: faults.list() }, 201, cors)
  }

  async function handle(request: Request, pageOrigin: string | null = null): Promise<Response> {
    const respond: Responder = { cors: {} }
    const response = await answer(request, respond, pageOrigin)
    const after = respond.faultAfter
    return after === undefined ? response : faultAfter(after.fault, after.target, response, request.signal)
  }

  async function answer(request: Request, respond: Responder, pageOrigin: string | null): Promise<Response> {
    try {
      const url = new URL(request.url)
      const path = stripBasePath(url.pathname, basePath)
      if (path === undefined) throw new MockError(5, `no such path: ${url.pathname} (this proxy is under ${basePath})`)
      const response = await route(request, url, path, respond, pageOrigin)
      // Only an answered request can have added records, and a refused one must change nothing: prune
      // after success.
      if (response.ok) pruneState(state, tenants, now())
      return response
    } catch (error) {
      if (error instanceof MockConnectionDropped) throw error
      const mockError =
        error instanceof MockError
          ? error
          : new MockError(
              13,
              `internal error in the mock proxy: ${error instanceof Error ? error.message : String(error)}`,
            )
      return errorResponse(mockError, respond.cors)
    }
  }

  function outbox(contact?: string): OutboxMessage[] {
    const messages =
      contact === undefined ? state.outbox : state.outbox.filter((m) => contactsMatch(m.contact, contact))
    return structuredClone(messages).reverse()
  }

  return {
    handle: (request) => handle(request),
    fetch: (input, init) => {
      const request = new Request(absoluteUrl(input), init)
      return handle(request, originSentBy(request)).catch((error: unknown) => {
        // What undici and browsers reject with when the connection drops: the kit sees a network failure.
        if (error instanceof MockConnectionDropped) throw new TypeError('fetch failed', { cause: error })
        throw error
      })
    },
    outbox,
    enclaveSignerPublicKey: enclave.signerPublicKey,
    sessionNotarizerPublicKey: tokens.notarizerPublicKey,
    get state() {
      return structuredClone(state)
    },
    setFailure(endpoint, failure) {
      if (failure === null) failures.delete(endpoint)
      else failures.set(endpoint, checkFailure(failure))
    },
    faults: { add: faults.add, clear: faults.clear, list: faults.list },
    setLatency(ms) {
      latencyMs = checkLatency(ms)
    },
    addOAuthIdentity(identity) {
      return addOAuthIdentityOrThrow(state, identity)
    },
    ready: tokens.ready,
    issueSession: (sessionOptions) => issueTestSession({ tenants, state, tokens, now }, sessionOptions),
    webhooks: {
      list: webhooks.list,
      endpoints: webhooks.endpoints,
      secret: webhooks.secret,
      settled: webhooks.settled,
    },
  }
}

/**
 * The same request with its body read within the size limit: for the routes that read their body
 * themselves (the public API, the OAuth pages), so that none of them buffers more than the limit.
 */
async function withBoundedBody(request: Request): Promise<Request> {
  if (request.body === null) return request
  const bytes = await readBodyBytes(request)
  return new Request(request.url, { method: request.method, headers: request.headers, body: bytes })
}

function readableBody(bytes: Uint8Array): JsonObject | undefined {
  try {
    return parseJsonObject(decodeUtf8(bytes), false)
  } catch {
    return undefined
  }
}

/**
 * The Origin a browser would send with this request of the page the mock runs in, when the request does
 * not carry one itself: a page's script cannot set the header (a browser drops it from a Request's
 * headers), yet the network request it stands for would have it, and passkey ceremonies are checked
 * against it. Browsers send it with every request but a same-origin GET or HEAD. None outside a page
 * (Node: a server-side caller sends none).
 */
function originSentBy(request: Request): string | null {
  const page = pageLocation()
  if (page === undefined) return null
  const sameOrigin = new URL(request.url).origin === page.origin
  if (sameOrigin && (request.method === 'GET' || request.method === 'HEAD')) return null
  return page.origin
}

/** The address of the web page the mock runs in; undefined in Node. */
function pageLocation(): Location | undefined {
  const page = globalThis.location as Location | undefined
  return page !== undefined && /^https?:$/.test(page.protocol) ? page : undefined
}

/**
 * Stories and tests inject the handler as `fetch` with a relative proxy URL ('/auth-proxy'), which a
 * browser resolves against the page but `new Request` in Node cannot: resolve it against a local base.
 */
function absoluteUrl(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(input)) {
    return new URL(input, pageLocation()?.href ?? 'http://localhost')
  }
  return input
}

/**
 * The `contact` of an outbox query. A phone number's `+` that was not percent-encoded
 * (`?contact=+4477…`) arrives as a space, as form encoding reads it: put it back.
 */
function outboxContact(value: string | null): string | undefined {
  if (value === null) return undefined
  return /^ \d+$/.test(value) ? `+${value.slice(1)}` : value
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function normalizeBasePath(basePath: string): string {
  if (basePath === '' || basePath === '/') return ''
  if (!basePath.startsWith('/')) throw new TypeError(`basePath: expected a path starting with '/', got "${basePath}"`)
  return basePath.replace(/\/+$/, '')
}

function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname
  if (pathname === basePath) return '/'
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined
}

function checkLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0)
    throw new TypeError(`latencyMs: expected a number of milliseconds >= 0, got ${ms}`)
  return ms
}

function checkFailure(failure: MockFailure): MockFailure {
  if (!Number.isInteger(failure.code) || failure.code <= 0) {
    throw new TypeError(`failure.code: expected a gRPC status code (e.g. 13 INTERNAL), got ${failure.code}`)
  }
  return { ...failure }
}
