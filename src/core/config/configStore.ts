import { isKitError, type KitError } from '../errors'
import { createStore, type ReadableStore } from '../store'
import type { WalletKitConfigResponse } from '../types'

/** The tenant's config as it loads: like a query's state, for readers outside React. */
export type ConfigSnapshot =
  | { readonly status: 'pending'; readonly data: undefined; readonly error: null; readonly isFetching: boolean }
  /** The last failure (after the retries) until a new attempt succeeds. */
  | { readonly status: 'error'; readonly data: undefined; readonly error: KitError; readonly isFetching: boolean }
  /** Kept for the kit's life: a tenant's config does not change under a page. */
  | { readonly status: 'success'; readonly data: WalletKitConfigResponse; readonly error: null; readonly isFetching: false }

export interface ConfigStore extends ReadableStore<ConfigSnapshot> {
  /**
   * The config: at once when it is here, else from the one request under way, else from a new one.
   * Failures to reach the proxy are retried twice; a refusal is not (it will not change by itself).
   * A failure is not kept: the next call asks again.
   */
  ensure(): Promise<WalletKitConfigResponse>
}

export interface ConfigStoreOptions {
  /** One wallet_kit_config request (the proxy client's). */
  request(): Promise<WalletKitConfigResponse>
  /** Attempts after the first on PROXY_UNAVAILABLE or PROXY_TIMEOUT; default 2. */
  retries?: number
  /** Waits between attempts, in ms (attempt 1, 2, …); default 1 s then 2 s. Tests pass 0. */
  retryDelayMs?(attempt: number): number
}

const PENDING: ConfigSnapshot = Object.freeze({ status: 'pending', data: undefined, error: null, isFetching: false })

/** The tenant's wallet_kit_config, asked for once per kit (once per page load) whoever needs it first. */
export function createConfigStore({ request, retries = 2, retryDelayMs = (attempt) => 1000 * attempt }: ConfigStoreOptions): ConfigStore {
  const store = createStore<ConfigSnapshot>(PENDING)
  let inFlight: Promise<WalletKitConfigResponse> | undefined

  const attempt = async (): Promise<WalletKitConfigResponse> => {
    for (let failures = 0; ; failures += 1) {
      try {
        return await request()
      } catch (error) {
        const transient = isKitError(error, 'PROXY_UNAVAILABLE') || isKitError(error, 'PROXY_TIMEOUT')
        if (!transient || failures >= retries) throw error
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures + 1)))
      }
    }
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    ensure() {
      const current = store.getSnapshot()
      if (current.status === 'success') return Promise.resolve(current.data)
      if (inFlight) return inFlight
      store.setState({ ...current, isFetching: true } as ConfigSnapshot)
      const running = attempt().then(
        (data) => {
          store.setState({ status: 'success', data, error: null, isFetching: false })
          return data
        },
        (error: KitError) => {
          inFlight = undefined
          store.setState({ status: 'error', data: undefined, error, isFetching: false })
          throw error
        },
      )
      inFlight = running
      return running
    },
  }
}
