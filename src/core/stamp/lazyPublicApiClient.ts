// The stamped public API's client, fetched with the first signed-in request rather than with createKit:
// a page that only signs in never runs it (its stamping, replay and clock-skew handling are ~3 KB of a
// first load), and the React layer prefetches it beside the signed-in actions (chunks.publicApi), so
// that the first request does not wait for it. Everything else is createPublicApiClient's.
import type { PublicApiClient } from '../contracts'
import { browserOffline } from '../browserOffline'
import { KitError } from '../errors'
import type { PublicApiClientOptions } from './publicApiClient'

/** A PublicApiClient whose code loads on first use; `apiUrl` is already resolved by the caller. */
export function lazyPublicApiClient(options: PublicApiClientOptions & { timeoutMs: number }): PublicApiClient {
  let client: Promise<PublicApiClient> | undefined
  const loaded = (): Promise<PublicApiClient> =>
    (client ??= import('./publicApiClient').then(
      ({ createPublicApiClient }) => createPublicApiClient(options),
      (cause: unknown) => {
        // Forgotten, so that the next request fetches again (offline for a moment, a deploy replaced it).
        client = undefined
        const offline = browserOffline()
        throw new KitError(
          offline ? 'OFFLINE' : 'LOAD_FAILED',
          `public API: its client could not be loaded${offline ? ', the browser is offline' : ''} (${String(cause)})`,
          { cause },
        )
      },
    ))
  return {
    apiUrl: options.apiUrl,
    timeoutMs: options.timeoutMs,
    submit: async (activity, envelope, stamper, callOptions) =>
      (await loaded()).submit(activity, envelope, stamper, callOptions),
    query: async (query, body, stamper, callOptions) => (await loaded()).query(query, body, stamper, callOptions),
  }
}
