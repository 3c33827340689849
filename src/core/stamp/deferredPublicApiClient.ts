import { assertObject } from '../assert'
import { DEFAULT_TIMEOUT_MS } from '../client'
import { publicApiModule } from '../lazyModules'
import { assertTimeoutMs, resolveBaseUrl } from '../postJson'
import type { PublicApiClient, PublicApiClientOptions } from './publicApiClient'

/**
 * createPublicApiClient with its code loaded on the first request: only passkeys and signed-in
 * actions use the public API, so a kit does not carry it from the start. The options are checked at
 * once, with the same messages.
 */
export function deferredPublicApiClient(options: PublicApiClientOptions): PublicApiClient {
  assertObject(options, 'createPublicApiClient(options)')
  const { timeoutMs = DEFAULT_TIMEOUT_MS } = options
  const apiUrl = resolveBaseUrl(
    typeof options.apiUrl === 'string' ? options.apiUrl.trim() : options.apiUrl,
    'createPublicApiClient({ apiUrl })',
  )
  assertTimeoutMs(timeoutMs, 'createPublicApiClient({ timeoutMs })')
  let created: PublicApiClient | undefined
  const client = async () => (created ??= (await publicApiModule.load()).createPublicApiClient(options))
  return {
    apiUrl,
    timeoutMs,
    submit: async (activity, envelope, stamper, callOptions) => (await client()).submit(activity, envelope, stamper, callOptions),
    query: async (query, body, stamper, callOptions) => (await client()).query(query, body, stamper, callOptions),
  }
}
