import type { ConfigSnapshot, ConfigStore } from '../contracts'
import { isKitError, type KitError } from '../errors'
import { createStore } from '../store'
import type { WalletKitConfigResponse } from '../types'

export interface ConfigStoreOptions {
  /** One wallet_kit_config request (the proxy client's). */
  request(): Promise<WalletKitConfigResponse>
  /** Attempts after the first on PROXY_UNAVAILABLE or PROXY_TIMEOUT; default 2. */
  retries?: number | undefined
  /** Waits between attempts, in ms (attempt 1, 2, …); default 1 s then 2 s. Tests pass 0. */
  retryDelayMs?: ((attempt: number) => number) | undefined
}

const PENDING: ConfigSnapshot = Object.freeze({ status: 'pending', data: undefined, error: null, isFetching: false })

/** The tenant's wallet_kit_config, asked for once per kit (once per page load) whoever needs it first. */
export function createConfigStore({
  request,
  retries = 2,
  retryDelayMs = (attempt) => 1000 * attempt,
}: ConfigStoreOptions): ConfigStore {
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
