// What every page load needs of the proxy client: its options checked and resolved, one POST to an
// endpoint, and the wallet_kit_config request. The rest of the client (client.ts: the flows' endpoints
// and their answers' checks) comes with the flows.
import { assertNonEmptyString, assertObject, invalidArgument } from './assert'
import type { AuthProxyClientOptions, CallOptions } from './client'
import { KitError } from './errors'
import { assertSignal, assertTimeoutMs, postJson, resolveBaseUrl, type PostJsonAnswer, type PostJsonRequest } from './postJson'
import type { WalletKitConfigResponse } from './types'

export const DEFAULT_TIMEOUT_MS = 20_000

/** createAuthProxyClient's options, checked and resolved. */
export interface ProxyConnection {
  /** As given, without trailing slashes. */
  readonly proxyUrl: string
  /** Absolute (a same-origin path resolved against the page). */
  readonly baseUrl: string
  readonly configId: string
  readonly timeoutMs: number
  readonly fetch: typeof fetch
}

export function connectToProxy(options: AuthProxyClientOptions): ProxyConnection {
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
  return { proxyUrl, baseUrl, configId, timeoutMs, fetch: fetchImpl }
}

/** POST {proxyUrl}/v1/<endpoint> with the tenant's header, and the body's JSON if there is one. */
export function proxyPost(
  connection: ProxyConnection,
  endpoint: string,
  body: object | undefined,
  { signal }: CallOptions = {},
  refineError?: PostJsonRequest['refineError'],
): Promise<PostJsonAnswer> {
  assertSignal(signal, endpoint)
  const headers: Record<string, string> = { 'X-Auth-Proxy-Config-ID': connection.configId }
  // Only a body needs a type; the bodiless wallet_kit_config call has none, like the production client.
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return postJson({
    label: endpoint,
    url: `${connection.baseUrl}/v1/${endpoint}`,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    fetch: connection.fetch,
    timeoutMs: connection.timeoutMs,
    signal,
    refineError,
  })
}

/** wallet_kit_config, with no body as the production client sends it; missing defaults filled in (WIRE.md). */
export async function requestWalletKitConfig(connection: ProxyConnection, options?: CallOptions): Promise<WalletKitConfigResponse> {
  const { body, status } = await proxyPost(connection, 'wallet_kit_config', undefined, options)
  const bad = (what: string) => new KitError('PROXY_BAD_RESPONSE', `wallet_kit_config: ${what} in the answer (HTTP ${status})`, { status })
  if (typeof body.organizationId !== 'string' || body.organizationId === '') throw bad('no organizationId')
  return withConfigDefaults(body, bad)
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
