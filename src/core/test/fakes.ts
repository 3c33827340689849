// In-memory stand-ins for the platform pieces the session store touches.
import type { KeyStore, SessionStorage } from '../contracts'

export interface FakeKeyStore extends KeyStore {
  held: Set<string>
  deleted: string[]
  /** Makes every call fail, as an unusable IndexedDB would. */
  broken: boolean
}

/** Holds public keys by name only; it cannot sign (session tests never sign). */
export function fakeKeyStore(held: string[] = []): FakeKeyStore {
  const store: FakeKeyStore = {
    held: new Set(held),
    deleted: [],
    broken: false,
    async create() {
      throw new Error('fakeKeyStore cannot create keys')
    },
    async has(publicKey) {
      if (store.broken) throw new Error('key store broken')
      return store.held.has(publicKey)
    },
    async sign() {
      throw new Error('fakeKeyStore cannot sign')
    },
    async signDer() {
      throw new Error('fakeKeyStore cannot sign')
    },
    async delete(publicKey) {
      if (store.broken) throw new Error('key store broken')
      store.deleted.push(publicKey)
      store.held.delete(publicKey)
    },
    async list() {
      return [...store.held]
    },
  }
  return store
}

export interface FakeStorage extends SessionStorage {
  items: Map<string, string>
}

export function fakeStorage(initial: Record<string, string> = {}): FakeStorage {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value)
    },
    removeItem: (key) => {
      items.delete(key)
    },
  }
}

/** A window stand-in: an EventTarget on which a test dispatches `storage` and `focus` events. */
export function fakeWindow(): EventTarget {
  return new EventTarget()
}

/** What a browser fires in the *other* tabs after one tab writes localStorage. */
export function storageEvent(key: string | null, newValue: string | null): Event {
  return Object.assign(new Event('storage'), { key, newValue })
}
