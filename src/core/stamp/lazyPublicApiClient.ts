// The stamped public API's client, fetched with the first signed-in request rather than with createKit:
// a page that only signs in never runs it (its stamping, replay and clock-skew handling are ~3 KB of a
// first load). Its code also comes with the wallet, passkey and signing chunks (they re-export it), so
// that the first request does not wait for it. Everything else is createPublicApiClient's.
import type { PublicApiClient } from '../contracts'
import { lazyModule } from '../lazyModule'
import type { PublicApiClientOptions } from './publicApiClient'

/** A PublicApiClient whose code loads on first use; `apiUrl` is already resolved by the caller. */
export function lazyPublicApiClient(options: PublicApiClientOptions & { timeoutMs: number }): PublicApiClient {
  // A failed download is LOAD_FAILED (OFFLINE when the browser knows), and is fetched again next time.
  const code = lazyModule('public API client', () => import('./publicApiClient'))
  let client: PublicApiClient | undefined
  const loaded = async (): Promise<PublicApiClient> => {
    const { createPublicApiClient } = await code.load()
    // After the await: calls that waited together share one client (its double-call guard is per client).
    return (client ??= createPublicApiClient(options))
  }
  return {
    apiUrl: options.apiUrl,
    timeoutMs: options.timeoutMs,
    submit: async (activity, envelope, stamper, callOptions) =>
      (await loaded()).submit(activity, envelope, stamper, callOptions),
    query: async (query, body, stamper, callOptions) => (await loaded()).query(query, body, stamper, callOptions),
  }
}
