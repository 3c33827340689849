import { indexedDbKeyStore, type IndexedDbKeyStoreOptions } from './indexedDbKeyStore'
import type { KeyStore } from './keyStore'
import { memoryKeyStore } from './memoryKeyStore'

export interface DefaultKeyStoreOptions extends IndexedDbKeyStoreOptions {
  /** Told once why the memory fallback is used. Default console.warn. */
  warn?: (message: string) => void
}

/**
 * IndexedDB when it works, else memory. "Works" is proven by opening the database and reading it,
 * because its mere presence proves nothing: Firefox private windows (before 115) and sandboxed or
 * storage-blocked iframes expose `indexedDB` and then fail to open it. The choice is made once, on
 * first use, so that creating the store stays synchronous.
 *
 * With the memory fallback, keys (and therefore sessions) last only as long as the page.
 */
export function defaultKeyStore(options: DefaultKeyStoreOptions = {}): KeyStore {
  const { warn = (message: string) => console.warn(message), ...indexedDbOptions } = options
  let chosen: Promise<KeyStore> | undefined

  function store(): Promise<KeyStore> {
    chosen ??= (async () => {
      const indexedDB = indexedDbOptions.indexedDB ?? globalThis.indexedDB
      if (indexedDB === undefined) {
        warn('auth-proxy-kit: IndexedDB is not available here; sign-in keys are kept in memory and a reload signs out.')
        return memoryKeyStore()
      }
      const persistent = indexedDbKeyStore({ ...indexedDbOptions, indexedDB })
      try {
        await persistent.list()
        return persistent
      } catch (error) {
        const reason = describeFailure(error)
        warn(
          `auth-proxy-kit: IndexedDB cannot be opened (${reason}); sign-in keys are kept in memory and a reload signs out.`,
        )
        return memoryKeyStore()
      }
    })()
    return chosen
  }

  return {
    create: async () => (await store()).create(),
    has: async (publicKey) => (await store()).has(publicKey),
    sign: async (publicKey, data) => (await store()).sign(publicKey, data),
    signDer: async (publicKey, data) => (await store()).signDer(publicKey, data),
    delete: async (publicKey) => (await store()).delete(publicKey),
    list: async () => (await store()).list(),
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  const detail = cause instanceof Error || cause instanceof DOMException ? `: ${cause.name} ${cause.message}` : ''
  return `${error.message}${detail}`
}
