// What the session store's tests stand on: two session keys, the demo tenant's storage key, fake timers
// from T0 (whole seconds, like exp), and the stores a test made destroyed before the timers are real again.
import { afterEach, beforeEach, vi } from 'vitest'
import type { SessionStore } from '../contracts'
import { createSessionStore, type SessionStoreOptions } from '../session/sessionStore'
import type { FakeKeyStore, FakeStorage } from './fakes'

export const KEY_A = `02${'aa'.repeat(32)}`
export const KEY_B = `03${'bb'.repeat(32)}`
export const STORAGE_KEY = 'auth-proxy-kit:demo:session'
export const T0 = Date.UTC(2030, 0, 1)

/** Registers the fake timers and the clean-up; answers makeStore, a store on the fake clock. */
export function withSessionStores(): {
  makeStore: (options: Partial<SessionStoreOptions> & { storage: FakeStorage; keyStore: FakeKeyStore }) => SessionStore
} {
  let stores: SessionStore[] = []
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
  })
  afterEach(() => {
    for (const store of stores) store.destroy()
    stores = []
    vi.useRealTimers()
  })
  return {
    makeStore(options) {
      const store = createSessionStore({ storageKey: STORAGE_KEY, now: () => Date.now(), ...options })
      stores.push(store)
      return store
    },
  }
}

/** Lets queued promise work (key store calls, the operation queue) finish. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}
