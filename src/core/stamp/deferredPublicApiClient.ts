import { forwardMethods } from '../forwardMethods'
import { publicApiModule } from '../lazyModules'
import { resolveBaseUrl } from '../postJson'
import type { PublicApiClient, PublicApiClientOptions } from './publicApiClient'

/**
 * createKit's public API client, whose code loads on the first request: only passkeys and signed-in
 * actions use it. `timeoutMs` is the proxy client's, already checked; the URL is resolved at once.
 */
export function deferredPublicApiClient(options: PublicApiClientOptions & { timeoutMs: number }): PublicApiClient {
  const { timeoutMs } = options
  const apiUrl = resolveBaseUrl(options.apiUrl, 'createKit({ apiUrl })')
  let created: PublicApiClient | undefined
  const client = async () => (created ??= (await publicApiModule.load()).createPublicApiClient({ ...options, apiUrl }))
  return { apiUrl, timeoutMs, ...forwardMethods(client, ['submit', 'query']) }
}
