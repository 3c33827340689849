import { assertNonEmptyString, assertObject, invalidArgument } from './assert'
import { KitError } from './errors'
import { assertSignal, assertTimeoutMs, postJson, resolveBaseUrl } from './postJson'
import type {
  AccountRequest,
  AccountResponse,
  OAuth2AuthenticateRequest,
  OAuth2AuthenticateResponse,
  OAuthLoginRequest,
  OAuthLoginResponse,
  OtpInitRequest,
  OtpInitResponse,
  OtpLoginRequest,
  OtpLoginResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  ProxyEndpoint,
  ProxyEndpoints,
  SignupRequest,
  SignupResponse,
  WalletKitConfigResponse,
} from './types'

export interface AuthProxyClientOptions {
  /** Base URL of the proxy, e.g. 'https://auth.example.com' or, in a browser, a same-origin path '/auth-proxy'. */
  proxyUrl: string
  /** The tenant id sent as X-Auth-Proxy-Config-ID on every call. */
  configId: string
  /** Default globalThis.fetch; tests and stories inject the mock proxy's handler. */
  fetch?: typeof fetch
  /** Whole-request deadline (answer and body), default 20000 ms. */
  timeoutMs?: number
}

export interface CallOptions {
  signal?: AbortSignal
}

export interface AuthProxyClient {
  /** As given, without trailing slashes. */
  readonly proxyUrl: string
  readonly configId: string
  readonly timeoutMs: number
  /** Any endpoint of the wire table; the named methods below are this with the endpoint filled in. */
  call<E extends ProxyEndpoint>(
    endpoint: E,
    body: ProxyEndpoints[E]['request'] | undefined,
    options?: CallOptions,
  ): Promise<ProxyEndpoints[E]['response']>
  /** Sends no body, as the production client does. Missing defaults are filled in (see WIRE.md). */
  walletKitConfig(options?: CallOptions): Promise<WalletKitConfigResponse>
  otpInit(body: OtpInitRequest, options?: CallOptions): Promise<OtpInitResponse>
  otpVerify(body: OtpVerifyRequest, options?: CallOptions): Promise<OtpVerifyResponse>
  otpLogin(body: OtpLoginRequest, options?: CallOptions): Promise<OtpLoginResponse>
  signup(body: SignupRequest, options?: CallOptions): Promise<SignupResponse>
  account(body: AccountRequest, options?: CallOptions): Promise<AccountResponse>
  oauth2Authenticate(body: OAuth2AuthenticateRequest, options?: CallOptions): Promise<OAuth2AuthenticateResponse>
  oauthLogin(body: OAuthLoginRequest, options?: CallOptions): Promise<OAuthLoginResponse>
}

export const DEFAULT_TIMEOUT_MS = 20_000

/** A typed client for the auth proxy's /v1 endpoints. Every failure is a KitError with a stable code. */
export function createAuthProxyClient(options: AuthProxyClientOptions): AuthProxyClient {
  assertObject(options, 'createAuthProxyClient(options)')
  const { configId, timeoutMs = DEFAULT_TIMEOUT_MS } = options
  const proxyUrl = typeof options.proxyUrl === 'string' ? options.proxyUrl.trim().replace(/\/+$/, '') : options.proxyUrl
  const baseUrl = resolveBaseUrl(proxyUrl, 'createAuthProxyClient({ proxyUrl })')
  assertNonEmptyString(configId, 'createAuthProxyClient({ configId })')
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw invalidArgument('createAuthProxyClient({ fetch })', 'a fetch function', options.fetch)
  }
  assertTimeoutMs(timeoutMs, 'createAuthProxyClient({ timeoutMs })')
  // Looked up per call rather than captured, and never called as a method of another object:
  // window.fetch throws "Illegal invocation" when `this` is not the window.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function call<E extends ProxyEndpoint>(
    endpoint: E,
    body: ProxyEndpoints[E]['request'] | undefined,
    callOptions: CallOptions = {},
  ): Promise<ProxyEndpoints[E]['response']> {
    const { signal } = callOptions
    assertSignal(signal, endpoint)
    if (body !== undefined) assertObject(body, `${endpoint}: body`)

    const headers: Record<string, string> = { 'X-Auth-Proxy-Config-ID': configId }
    // Only a body needs a type; the bodiless wallet_kit_config call has none, like the production client.
    if (body !== undefined) headers['Content-Type'] = 'application/json'

    const answer = await postJson({
      label: endpoint,
      url: `${baseUrl}/v1/${endpoint}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      fetch: fetchImpl,
      timeoutMs,
      signal,
    })
    return checkResponse(endpoint, answer.body, answer.status)
  }

  return {
    proxyUrl,
    configId,
    timeoutMs,
    call,
    walletKitConfig: (callOptions) => call('wallet_kit_config', undefined, callOptions),
    otpInit: (body, callOptions) => call('otp_init', body, callOptions),
    otpVerify: (body, callOptions) => call('otp_verify', body, callOptions),
    otpLogin: (body, callOptions) => call('otp_login', body, callOptions),
    signup: (body, callOptions) => call('signup', body, callOptions),
    account: (body, callOptions) => call('account', body, callOptions),
    oauth2Authenticate: (body, callOptions) => call('oauth2_authenticate', body, callOptions),
    oauthLogin: (body, callOptions) => call('oauth_login', body, callOptions),
  }
}

// The fields a caller reads without checking: their absence means the answer is not the contract's.
const REQUIRED_STRINGS: { readonly [E in ProxyEndpoint]: readonly string[] } = {
  wallet_kit_config: ['organizationId'],
  otp_init: ['otpId'],
  otp_verify: ['verificationToken'],
  otp_login: ['session'],
  signup: ['organizationId', 'userId'],
  oauth2_authenticate: ['oidcToken'],
  oauth_login: ['session'],
  account: [],
}

function checkResponse<E extends ProxyEndpoint>(
  endpoint: E,
  body: Record<string, unknown>,
  status: number,
): ProxyEndpoints[E]['response'] {
  const bad = (what: string) =>
    new KitError('PROXY_BAD_RESPONSE', `${endpoint}: ${what} in the answer (HTTP ${status})`, { status })
  for (const field of REQUIRED_STRINGS[endpoint]) {
    if (typeof body[field] !== 'string' || body[field] === '') throw bad(`no ${field}`)
  }
  if (endpoint === 'account' && body.organizationId !== undefined && typeof body.organizationId !== 'string') {
    throw bad('organizationId is not a string')
  }
  if (endpoint === 'wallet_kit_config') return withConfigDefaults(body, bad) as ProxyEndpoints[E]['response']
  return body as ProxyEndpoints[E]['response']
}

// Protobuf JSON leaves out fields that hold their type's default (empty list, false, "0"), so a real
// proxy may omit them; WIRE.md gives the defaults. An omitted otpAlphanumeric reads as true, the safe
// side: the alphanumeric alphabet includes the digits, so a digits-only code is still accepted.
function withConfigDefaults(body: Record<string, unknown>, bad: (what: string) => KitError): WalletKitConfigResponse {
  const enabledProviders = body.enabledProviders ?? []
  if (!Array.isArray(enabledProviders) || !enabledProviders.every((p) => typeof p === 'string')) {
    throw bad('enabledProviders is not a list of strings')
  }
  return {
    ...(body as unknown as WalletKitConfigResponse),
    enabledProviders: enabledProviders as WalletKitConfigResponse['enabledProviders'],
    sessionExpirationSeconds: decimal(body.sessionExpirationSeconds, '900', 'sessionExpirationSeconds', bad),
    otpLength: decimal(body.otpLength, '6', 'otpLength', bad),
    otpAlphanumeric: boolean(body.otpAlphanumeric, true, 'otpAlphanumeric', bad),
  }
}

function decimal(value: unknown, fallback: string, field: string, bad: (what: string) => KitError): string {
  if (value === undefined) return fallback
  // 64-bit integers are decimal strings on the wire; tolerate a plain number from a lenient server.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value === 'string' && /^\d+$/.test(value)) return value
  throw bad(`${field} is not a decimal integer`)
}

function boolean(value: unknown, fallback: boolean, field: string, bad: (what: string) => KitError): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw bad(`${field} is not a boolean`)
  return value
}
