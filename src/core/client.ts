import { assertNonEmptyString, assertObject, invalidArgument } from './assert'
import type { AuthProxyClient, CallOptions } from './contracts'
import { KitError } from './errors'
import { diagnosingFetch, reportOriginRefused, reportUnknownConfigId } from './misconfiguration'
import {
  assertSignal,
  assertTimeoutMs,
  postJson,
  resolveBaseUrl,
  type PostJsonAnswer,
  type PostJsonRequest,
} from './postJson'
import type { ProxyEndpoint, ProxyEndpoints, WalletKitConfigResponse } from './types'

// The interface lives with the other contracts; here too, where the flows have always found it.
export type { CallOptions } from './contracts'

export interface AuthProxyClientOptions {
  /** Base URL of the proxy, e.g. 'https://auth.example.com' or, in a browser, a same-origin path '/auth-proxy'. */
  proxyUrl: string
  /** The tenant id sent as X-Auth-Proxy-Config-ID on every call. */
  configId: string
  /** Default globalThis.fetch; tests and stories inject the mock proxy's handler. */
  fetch?: typeof fetch | undefined
  /** Whole-request deadline (answer and body), default 20000 ms. */
  timeoutMs?: number | undefined
}

export const DEFAULT_TIMEOUT_MS = 20_000

/**
 * The calls production's client sends a captcha token with (its CAPTCHA_PROTECTED_METHODS), and no other:
 * a token is single-use, and no other endpoint checks one.
 */
const CAPTCHA_ENDPOINT = /^(otp_init|signup)(_v2)?$/

/** A typed client for the auth proxy's /v1 endpoints. Every failure is a KitError with a stable code. */
export function createAuthProxyClient(options: AuthProxyClientOptions): AuthProxyClient {
  assertObject(options, 'createAuthProxyClient(options)')
  const { configId, timeoutMs = DEFAULT_TIMEOUT_MS } = options
  const proxyUrl = typeof options.proxyUrl === 'string' ? options.proxyUrl.trim().replace(/\/+$/, '') : options.proxyUrl
  const baseUrl = resolveBaseUrl(proxyUrl, 'proxyUrl')
  assertNonEmptyString(configId, 'createAuthProxyClient({ configId })')
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw invalidArgument('createAuthProxyClient({ fetch })', 'a fetch function', options.fetch)
  }
  assertTimeoutMs(timeoutMs, 'createAuthProxyClient({ timeoutMs })')
  // Looked up per call rather than captured, and never called as a method of another object:
  // window.fetch throws "Illegal invocation" when `this` is not the window.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  // A CORS refusal of this page's origin reads exactly like a proxy out of reach: while developing, find out which.
  const send = process.env.NODE_ENV !== 'production' ? diagnosingFetch(fetchImpl, baseUrl, configId) : fetchImpl

  /** POST {proxyUrl}/v1/<endpoint> with the tenant's header, and the body's JSON if there is one. */
  function post(
    endpoint: ProxyEndpoint,
    body: object | undefined,
    { signal, captchaToken }: CallOptions = {},
    refineError?: PostJsonRequest['refineError'],
  ): Promise<PostJsonAnswer> {
    assertSignal(signal, endpoint)
    const headers: Record<string, string> = { 'X-Auth-Proxy-Config-ID': configId }
    // Only a body needs a type; the bodiless wallet_kit_config call has none, like the production client.
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    // The header production's client (@turnkey/core's authProxyRequest) carries the token in.
    if (captchaToken !== undefined && CAPTCHA_ENDPOINT.test(endpoint)) headers['X-Captcha-Token'] = captchaToken
    return postJson({
      label: endpoint,
      url: `${baseUrl}/v1/${endpoint}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      fetch: send,
      timeoutMs,
      signal,
      refineError,
    })
  }

  async function walletKitConfig(callOptions?: CallOptions): Promise<WalletKitConfigResponse> {
    const refineError = (error: KitError) => unknownConfigId(error, baseUrl, configId)
    const { body, status } = await post('wallet_kit_config', undefined, callOptions, refineError)
    const bad = (what: string) =>
      new KitError('PROXY_BAD_RESPONSE', `wallet_kit_config: ${what} in the answer (HTTP ${status})`, { status })
    if (typeof body.organizationId !== 'string' || body.organizationId === '') throw bad('no organizationId')
    return withConfigDefaults(body, bad)
  }

  async function call<E extends ProxyEndpoint>(
    endpoint: E,
    body: ProxyEndpoints[E]['request'] | undefined,
    callOptions: CallOptions = {},
  ): Promise<ProxyEndpoints[E]['response']> {
    if (endpoint === 'wallet_kit_config') return walletKitConfig(callOptions) as Promise<ProxyEndpoints[E]['response']>
    if (body !== undefined) assertObject(body, `${endpoint}: body`)
    const answer = await post(endpoint, body, callOptions)
    return checkResponse(endpoint, answer.body, answer.status)
  }

  return {
    proxyUrl,
    configId,
    timeoutMs,
    call,
    walletKitConfig,
    otpInit: (body, callOptions) => call('otp_init', body, callOptions),
    otpVerify: (body, callOptions) => call('otp_verify', body, callOptions),
    otpLogin: (body, callOptions) => call('otp_login', body, callOptions),
    otpInitV2: (body, callOptions) => call('otp_init_v2', body, callOptions),
    otpVerifyV2: (body, callOptions) => call('otp_verify_v2', body, callOptions),
    otpLoginV2: (body, callOptions) => call('otp_login_v2', body, callOptions),
    signup: (body, callOptions) => call('signup', body, callOptions),
    signupV2: (body, callOptions) => call('signup_v2', body, callOptions),
    account: (body, callOptions) => retriedOnce(() => call('account', body, callOptions)),
    oauth2Authenticate: (body, callOptions) => call('oauth2_authenticate', body, callOptions),
    oauthLogin: (body, callOptions) => call('oauth_login', body, callOptions),
  }
}

/**
 * The config call's NOT_FOUND means the proxy knows no tenant by this id (the only thing it is asked):
 * the site's sign-in is not set up, which is what the person reads, and the developer is told which id.
 */
function unknownConfigId(error: KitError, baseUrl: string, configId: string): KitError {
  if (process.env.NODE_ENV !== 'production') {
    if (error.code === 'NOT_FOUND') reportUnknownConfigId(baseUrl, configId)
    // The first call of every page, refused for this page's origin by a proxy that still lets it read why.
    if (error.code === 'PERMISSION_DENIED')
      reportOriginRefused(baseUrl, configId, error.proxy?.message ?? error.message)
  }
  if (error.code !== 'NOT_FOUND') return error
  return new KitError(
    'CONFIG_INVALID',
    `wallet_kit_config: the proxy at ${baseUrl} knows no config id "${configId}": check AuthProxyProvider's configId against the proxy's dashboard (${error.message})`,
    { status: error.status, proxy: error.proxy, cause: error },
  )
}

/**
 * Runs a read-only call, and once more when the first try failed in a way a second may not: no answer
 * (PROXY_UNAVAILABLE, PROXY_TIMEOUT) or an HTTP 503. Only for calls with no effect to repeat (`account`):
 * a flow that fails at its lookup otherwise sends the person back to a code already spent. A second
 * failure surfaces as it is.
 */
async function retriedOnce<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send()
  } catch (error) {
    if (!isTransient(error)) throw error
    return send()
  }
}

function isTransient(error: unknown): boolean {
  if (!(error instanceof KitError)) return false
  return error.code === 'PROXY_UNAVAILABLE' || error.code === 'PROXY_TIMEOUT' || error.status === 503
}

// Protobuf JSON leaves out fields that hold their type's default (empty list, false, "0"), so a real
// proxy may omit them; WIRE.md gives the defaults. An omitted otpAlphanumeric reads as true, the safe
// side: the alphanumeric alphabet includes the digits, so a digits-only code is still accepted.
export const CONFIG_DEFAULTS = { sessionExpirationSeconds: '900', otpLength: '6', otpAlphanumeric: true } as const

function withConfigDefaults(body: Record<string, unknown>, bad: (what: string) => KitError): WalletKitConfigResponse {
  const enabledProviders = body.enabledProviders ?? []
  if (!Array.isArray(enabledProviders) || !enabledProviders.every((p) => typeof p === 'string')) {
    throw bad('enabledProviders is not a list of strings')
  }
  const config: Record<string, unknown> = { ...body, enabledProviders }
  for (const [field, fallback] of Object.entries(CONFIG_DEFAULTS)) {
    let value = body[field] ?? fallback
    if (typeof fallback === 'string') {
      // 64-bit integers are decimal strings on the wire; tolerate a plain number from a lenient server.
      if (typeof value === 'number' && Number.isSafeInteger(value)) value = String(value)
      if (typeof value !== 'string' || !/^\d+$/.test(value)) throw bad(`${field} is not a decimal integer`)
    } else if (typeof value !== 'boolean') throw bad(`${field} is not a boolean`)
    config[field] = value
  }
  return config as unknown as WalletKitConfigResponse
}

// The fields a caller reads without checking: their absence means the answer is not the contract's.
const REQUIRED_STRINGS: { readonly [E in Exclude<ProxyEndpoint, 'wallet_kit_config'>]: readonly string[] } = {
  otp_init: ['otpId'],
  otp_verify: ['verificationToken'],
  otp_login: ['session'],
  otp_init_v2: ['otpId', 'otpEncryptionTargetBundle'],
  otp_verify_v2: ['verificationToken'],
  otp_login_v2: ['session'],
  signup: ['organizationId', 'userId'],
  signup_v2: ['organizationId', 'userId'],
  oauth2_authenticate: ['oidcToken'],
  oauth_login: ['session'],
  account: [],
  wallet_kit_client_params: [],
}

function checkResponse<E extends ProxyEndpoint>(
  endpoint: E,
  body: Record<string, unknown>,
  status: number,
): ProxyEndpoints[E]['response'] {
  const bad = (what: string) =>
    new KitError('PROXY_BAD_RESPONSE', `${endpoint}: ${what} in the answer (HTTP ${status})`, { status })
  for (const field of REQUIRED_STRINGS[endpoint as Exclude<ProxyEndpoint, 'wallet_kit_config'>]) {
    if (typeof body[field] !== 'string' || body[field] === '') throw bad(`no ${field}`)
  }
  if (endpoint === 'account' && body.organizationId !== undefined && typeof body.organizationId !== 'string') {
    throw bad('organizationId is not a string')
  }
  return body as ProxyEndpoints[E]['response']
}
