import type { KeyStore } from '../contracts'
import { indexedDbKeyStore, type IndexedDbKeyStoreOptions } from './indexedDbKeyStore'
import { memoryKeyStore } from './memoryKeyStore'

export interface DefaultKeyStoreOptions extends IndexedDbKeyStoreOptions {
  /** Told once why the memory fallback is used. Default console.warn. */
  warn?: ((message: string) => void) | undefined
}

/**
 * IndexedDB when it works, else memory. "Works" is proven by opening the database and reading it,
 * because its mere presence proves nothing: Firefox private windows (before 115) and sandboxed or
 * storage-blocked iframes expose `indexedDB` and then fail to open it. The choice is made once, on
 * first use, so that creating the store stays synchronous (and opens no database on a page that never
 * signs anyone in).
 *
 * With the memory fallback, keys (and therefore sessions) last only as long as the page.
 */
export function defaultKeyStore(options: DefaultKeyStoreOptions = {}): KeyStore {
  let chosen: Promise<KeyStore> | undefined
  // The choice cannot fail (it falls back to memory), so it is made once and kept.
  const store = (): Promise<KeyStore> => (chosen ??= chooseKeyStore(options))
  return {
    create: async () => (await store()).create(),
    has: async (publicKey) => (await store()).has(publicKey),
    sign: async (publicKey, data) => (await store()).sign(publicKey, data),
    signDer: async (publicKey, data) => (await store()).signDer(publicKey, data),
    delete: async (publicKey) => (await store()).delete(publicKey),
    list: async () => (await store()).list(),
    // Both stores it may choose keep retain times and can be swept.
    retain: async (publicKey, untilMs) => (await store()).retain?.(publicKey, untilMs),
    sweep: async (criteria) => (await store()).sweep?.(criteria) ?? [],
  }
}

/** IndexedDB if it can be opened and read, else memory (with a warning). */
async function chooseKeyStore(options: DefaultKeyStoreOptions): Promise<KeyStore> {
  const { warn = (message: string) => console.warn(message), ...indexedDbOptions } = options
  const indexedDB = indexedDbOptions.indexedDB ?? globalThis.indexedDB
  if (indexedDB === undefined) {
    warn('auth-proxy-kit: IndexedDB is not available here; sign-in keys are kept in memory and a reload signs out.')
    return memoryKeyStore({ now: indexedDbOptions.now })
  }
  const persistent = indexedDbKeyStore({ ...indexedDbOptions, indexedDB })
  try {
    await persistent.list()
    return persistent
  } catch (error) {
    warn(
      `auth-proxy-kit: IndexedDB cannot be opened (${describeFailure(error)}); sign-in keys are kept in memory and a reload signs out.`,
    )
    return memoryKeyStore({ now: indexedDbOptions.now })
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  const detail = cause instanceof Error || cause instanceof DOMException ? `: ${cause.name} ${cause.message}` : ''
  return `${error.message}${detail}`
}
