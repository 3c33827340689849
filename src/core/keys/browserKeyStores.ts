// The choice behind defaultKeyStore(), loaded on its first use with the stores' code (key generation,
// IndexedDB, DER).
import type { DefaultKeyStoreOptions } from './defaultKeyStore'
import { indexedDbKeyStore } from './indexedDbKeyStore'
import type { KeyStore } from './keyStore'
import { memoryKeyStore } from './memoryKeyStore'

/** defaultKeyStore's choice: IndexedDB if it can be opened and read, else memory (with a warning). */
export async function chooseKeyStore(options: DefaultKeyStoreOptions): Promise<KeyStore> {
  const { warn = (message: string) => console.warn(message), ...indexedDbOptions } = options
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
    warn(`auth-proxy-kit: IndexedDB cannot be opened (${describeFailure(error)}); sign-in keys are kept in memory and a reload signs out.`)
    return memoryKeyStore()
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  const detail = cause instanceof Error || cause instanceof DOMException ? `: ${cause.name} ${cause.message}` : ''
  return `${error.message}${detail}`
}
