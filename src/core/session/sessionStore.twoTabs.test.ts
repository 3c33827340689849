// Two tabs on one localStorage and one key database: the displaced key of a race is deleted, a refresh
// deletes nothing, and the session store marks its session's key for the start-up sweep (retain).
import { describe, expect, it } from 'vitest'
import type { SessionStore } from '../contracts'
import { fakeKeyStore, fakeStorage, fakeWindow, storageEvent, type FakeKeyStore, type FakeStorage } from '../test/fakes'
import { KEY_A, KEY_B, settle, STORAGE_KEY, T0, withSessionStores } from '../test/sessionStores'
import { sessionToken } from '../test/tokens'

const MINUTE = 60_000
const expIn = (ms: number) => (T0 + ms) / 1000

const { makeStore } = withSessionStores()

/** A key store that also records retain() calls, as the memory and IndexedDB stores keep them. */
type RetainingKeyStore = FakeKeyStore & { retained: Map<string, number> }
function retainingKeyStore(held: string[]): RetainingKeyStore {
  const store = fakeKeyStore(held) as RetainingKeyStore
  store.retained = new Map()
  store.retain = async (publicKey, untilMs) => {
    store.retained.set(publicKey, Math.max(untilMs, store.retained.get(publicKey) ?? 0))
  }
  return store
}

/**
 * Tabs sharing one storage. A write is visible to every tab at once; the `storage` events it causes in
 * the other tabs wait in `pending` until the test delivers them, so that it can order the race.
 */
function browser(keyStore: FakeKeyStore) {
  const items = new Map<string, string>()
  const pending: (() => void)[] = []
  const tabs: { store: SessionStore; window: EventTarget }[] = []
  function open(): SessionStore {
    const window = fakeWindow()
    const notifyOthers = (key: string, newValue: string | null) => {
      for (const tab of tabs)
        if (tab.window !== window) pending.push(() => tab.window.dispatchEvent(storageEvent(key, newValue)))
    }
    const storage: FakeStorage = {
      items,
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => {
        items.set(key, value)
        notifyOthers(key, value)
      },
      removeItem: (key) => {
        items.delete(key)
        notifyOthers(key, null)
      },
    }
    const store = makeStore({ storage, keyStore, window })
    tabs.push({ store, window })
    return store
  }
  async function deliver(): Promise<void> {
    while (pending.length > 0) {
      pending.shift()?.()
      await settle()
    }
  }
  return { items, open, deliver, pending }
}

async function tokens() {
  return {
    a: await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A, user_id: 'user-a' }),
    b: await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_B, user_id: 'user-b' }),
  }
}

describe('two tabs signing in at the same moment', () => {
  it('ends with one session in both tabs, its key alone left; a logout in either then leaves no key', async () => {
    const keyStore = fakeKeyStore([KEY_A, KEY_B])
    const { items, open, deliver } = browser(keyStore)
    const tabA = open()
    const tabB = open()
    await Promise.all([tabA.ready, tabB.ready])
    const { a, b } = await tokens()

    await Promise.all([tabA.set(a), tabB.set(b)])
    await deliver()

    const stored = items.get(STORAGE_KEY)
    expect(stored).toBe(b)
    expect(tabA.getSnapshot().session?.token).toBe(b)
    expect(tabB.getSnapshot().session?.token).toBe(b)
    expect([...keyStore.held]).toEqual([KEY_B])

    await tabA.logout()
    await deliver()
    expect(tabA.getSnapshot().status).toBe('signedOut')
    expect(tabB.getSnapshot().status).toBe('signedOut')
    expect([...keyStore.held]).toEqual([])
  })

  // Every order of the two writes and of the events' arrival: the outcome is always one session, one key.
  const orders = [
    ['A sets, B sets, then the events arrive', ['setA', 'setB', 'deliver']],
    ['B sets, A sets, then the events arrive', ['setB', 'setA', 'deliver']],
    ['A sets, B sees it, then B sets', ['setA', 'deliver', 'setB', 'deliver']],
    ['B sets, A sees it, then A sets', ['setB', 'deliver', 'setA', 'deliver']],
    ['both set at once, events arriving in between', ['both', 'deliver']],
  ] as const
  it.each(orders)('%s', async (_name, steps) => {
    const keyStore = fakeKeyStore([KEY_A, KEY_B])
    const { items, open, deliver } = browser(keyStore)
    const tabA = open()
    const tabB = open()
    await Promise.all([tabA.ready, tabB.ready])
    const { a, b } = await tokens()
    for (const step of steps) {
      if (step === 'setA') await tabA.set(a)
      if (step === 'setB') await tabB.set(b)
      if (step === 'both') await Promise.all([tabA.set(a), deliver(), tabB.set(b), deliver()])
      if (step === 'deliver') await deliver()
    }
    const winner = items.get(STORAGE_KEY)
    const winnerKey = winner === a ? KEY_A : KEY_B
    expect([a, b]).toContain(winner)
    expect(tabA.getSnapshot().session?.token).toBe(winner)
    expect(tabB.getSnapshot().session?.token).toBe(winner)
    expect([...keyStore.held]).toEqual([winnerKey])
  })

  it('deletes the key its write displaced even when the other tab is gone before its event', async () => {
    const keyStore = fakeKeyStore([KEY_A, KEY_B])
    const { open, pending } = browser(keyStore)
    const tabA = open()
    const tabB = open()
    await Promise.all([tabA.ready, tabB.ready])
    const { a, b } = await tokens()
    await tabA.set(a)
    tabA.destroy() // the tab is closed: it will never hear of B's session
    pending.length = 0
    await tabB.set(b)
    expect([...keyStore.held]).toEqual([KEY_B])
  })

  it('deletes its displaced key itself when the writing tab did not (an older kit, a failed delete)', async () => {
    const keyStore = fakeKeyStore([KEY_A, KEY_B])
    const storage = fakeStorage()
    const window = fakeWindow()
    const { a, b } = await tokens()
    storage.items.set(STORAGE_KEY, a)
    const tab = makeStore({ storage, keyStore, window })
    await tab.ready
    expect(tab.getSnapshot().session?.publicKey).toBe(KEY_A)
    // Another tab's plain write of its own session over ours.
    storage.items.set(STORAGE_KEY, b)
    window.dispatchEvent(storageEvent(STORAGE_KEY, b))
    await settle()
    expect(tab.getSnapshot().session?.token).toBe(b)
    expect(keyStore.deleted).toEqual([KEY_A])
    expect([...keyStore.held]).toEqual([KEY_B])
  })

  it('deletes nothing when another tab refreshes the session (same key, new token)', async () => {
    const keyStore = fakeKeyStore([KEY_A])
    const { open, deliver } = browser(keyStore)
    const tabA = open()
    const tabB = open()
    await Promise.all([tabA.ready, tabB.ready])
    const { a } = await tokens()
    await tabA.set(a)
    await deliver()
    const refreshed = await sessionToken({ exp: expIn(30 * MINUTE), public_key: KEY_A, user_id: 'user-a' })
    await tabB.set(refreshed)
    await deliver()
    expect(tabA.getSnapshot().session?.token).toBe(refreshed)
    expect(keyStore.deleted).toEqual([])
    expect([...keyStore.held]).toEqual([KEY_A])
  })

  it('follows another tab’s logout, which deleted the key itself', async () => {
    const keyStore = fakeKeyStore([KEY_A])
    const { open, deliver } = browser(keyStore)
    const tabA = open()
    const tabB = open()
    await Promise.all([tabA.ready, tabB.ready])
    await tabA.set((await tokens()).a)
    await deliver()
    await tabB.logout()
    await deliver()
    expect(tabA.getSnapshot().status).toBe('signedOut')
    expect(keyStore.deleted).toEqual([KEY_A])
  })
})

describe('retain: the start-up sweep spares a session’s key until the session ends', () => {
  it('retains the key until exp on set() and on a refresh', async () => {
    const keyStore = retainingKeyStore([KEY_A])
    const { open } = browser(keyStore)
    const tab = open()
    await tab.set((await tokens()).a)
    expect(keyStore.retained.get(KEY_A)).toBe(T0 + 15 * MINUTE)
    await tab.set(await sessionToken({ exp: expIn(40 * MINUTE), public_key: KEY_A, user_id: 'user-a' }))
    expect(keyStore.retained.get(KEY_A)).toBe(T0 + 40 * MINUTE)
  })

  it('retains the key of a session found stored at start (one stored by a kit that did not retain)', async () => {
    const keyStore = retainingKeyStore([KEY_A])
    const { items, open } = browser(keyStore)
    items.set(STORAGE_KEY, (await tokens()).a)
    const tab = open()
    await tab.ready
    await settle()
    expect(tab.getSnapshot().status).toBe('signedIn')
    expect(keyStore.retained.get(KEY_A)).toBe(T0 + 15 * MINUTE)
  })

  it('still signs in when retain() fails', async () => {
    const keyStore = retainingKeyStore([KEY_A])
    keyStore.retain = async () => {
      throw new Error('IndexedDB gone')
    }
    const { open } = browser(keyStore)
    const tab = open()
    const session = await tab.set((await tokens()).a)
    expect(session.publicKey).toBe(KEY_A)
    expect(tab.getSnapshot().status).toBe('signedIn')
  })
})
