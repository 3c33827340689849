import { assertObject } from './assert'
import { DEFAULT_TIMEOUT_MS, connectToProxy, proxyPost, requestWalletKitConfig, type ProxyConnection } from './proxyConnection'
import { withRetryAfter } from './retryAfter'
import { KitError } from './errors'
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

export { DEFAULT_TIMEOUT_MS }

/** A typed client for the auth proxy's /v1 endpoints. Every failure is a KitError with a stable code. */
export function createAuthProxyClient(options: AuthProxyClientOptions): AuthProxyClient {
  return clientOn(connectToProxy(options))
}

/** The client over options already checked (createKit hands its connection over when a flow first calls). */
export function clientOn(connection: ProxyConnection): AuthProxyClient {
  async function call<E extends ProxyEndpoint>(
    endpoint: E,
    body: ProxyEndpoints[E]['request'] | undefined,
    callOptions: CallOptions = {},
  ): Promise<ProxyEndpoints[E]['response']> {
    if (endpoint === 'wallet_kit_config') return requestWalletKitConfig(connection, callOptions) as Promise<ProxyEndpoints[E]['response']>
    if (body !== undefined) assertObject(body, `${endpoint}: body`)
    const answer = await proxyPost(connection, endpoint, body, callOptions, withRetryAfter)
    return checkResponse(endpoint, answer.body, answer.status)
  }

  const { proxyUrl, configId, timeoutMs } = connection
  return {
    proxyUrl,
    configId,
    timeoutMs,
    call,
    walletKitConfig: (callOptions) => requestWalletKitConfig(connection, callOptions),
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
const REQUIRED_STRINGS: { readonly [E in Exclude<ProxyEndpoint, 'wallet_kit_config'>]: readonly string[] } = {
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
  for (const field of REQUIRED_STRINGS[endpoint as Exclude<ProxyEndpoint, 'wallet_kit_config'>]) {
    if (typeof body[field] !== 'string' || body[field] === '') throw bad(`no ${field}`)
  }
  if (endpoint === 'account' && body.organizationId !== undefined && typeof body.organizationId !== 'string') {
    throw bad('organizationId is not a string')
  }
  return body as ProxyEndpoints[E]['response']
}
