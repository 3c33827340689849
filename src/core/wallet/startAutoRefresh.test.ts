import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Kit, KeyStore } from '../contracts'
import { createKit } from '../createKit'
import { KitError } from '../errors'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeFetch, grpcError, type FakeAnswer, type FakeFetch } from '../test/fakeFetch'
import { fakeStorage, fakeWindow, storageEvent, type FakeStorage } from '../test/fakes'
import { sessionToken } from '../test/tokens'
import { stampLoginAnswer, WALLET_ORG, WALLET_USER } from '../test/walletApi'
import { startAutoRefresh, type RefreshLocks } from './startAutoRefresh'

const T0 = Date.UTC(2030, 5, 1, 12)
const SECOND = 1000
const MINUTE = 60 * SECOND
const STORAGE_KEY = 'auth-proxy-kit:demo:session'
const clock = {
  get now() {
    return Date.now()
  },
}

/** Web Locks' `ifAvailable` semantics in memory, shared by the "tabs" of a test. */
function fakeLocks(): RefreshLocks & { granted: number } {
  const held = new Set<string>()
  const locks = {
    granted: 0,
    async request<T>(
      name: string,
      _options: { ifAvailable: true },
      callback: (lock: unknown) => Promise<T> | T,
    ): Promise<T> {
      if (held.has(name)) return callback(null)
      held.add(name)
      locks.granted += 1
      try {
        return await callback({ name, mode: 'exclusive' })
      } finally {
        held.delete(name)
      }
    },
  }
  return locks
}

/**
 * One browser profile: a localStorage and an IndexedDB key store shared by its tabs; a write by one tab
 * fires `storage` in the others, as browsers do.
 */
function browser() {
  const storage = fakeStorage()
  const keyStore = memoryKeyStore()
  const windows: EventTarget[] = []
  function tabStorage(own: EventTarget): FakeStorage {
    const notify = (key: string, value: string | null) => {
      for (const window of windows) if (window !== own) window.dispatchEvent(storageEvent(key, value))
    }
    return {
      items: storage.items,
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        storage.setItem(key, value)
        notify(key, value)
      },
      removeItem: (key) => {
        storage.removeItem(key)
        notify(key, null)
      },
    }
  }
  return { storage, keyStore, windows, tabStorage }
}

type Browser = ReturnType<typeof browser>

let kits: Kit[] = []
let stops: (() => void)[] = []

function tab(profile: Browser, fake: FakeFetch, { linked = true }: { linked?: boolean } = {}): Kit {
  const window = fakeWindow()
  if (linked) profile.windows.push(window)
  const kit = createKit({
    proxyUrl: 'https://auth.example.com',
    configId: 'demo',
    fetch: fake.fetch,
    keyStore: profile.keyStore as KeyStore,
    storage: profile.tabStorage(window),
    window,
    now: () => Date.now(),
  })
  kits.push(kit)
  return kit
}

function api(overrides: Record<string, FakeAnswer | FakeAnswer[]> = {}): FakeFetch {
  return fakeFetch({ 'submit/stamp_login': stampLoginAnswer(clock), ...overrides })
}

async function signIn(kit: Kit, lifetimeMs = 15 * MINUTE): Promise<string> {
  await kit.session.ready
  const publicKey = await kit.keyStore.create()
  await kit.session.set(
    await sessionToken({
      exp: (Date.now() + lifetimeMs) / 1000,
      public_key: publicKey,
      organization_id: WALLET_ORG,
      user_id: WALLET_USER,
    }),
  )
  return publicKey
}

function start(kit: Kit, options: Parameters<typeof startAutoRefresh>[1] = {}): () => void {
  const stop = startAutoRefresh(kit, options)
  stops.push(stop)
  return stop
}

// Every refresh startAutoRefresh starts (refreshSession, wrapped), until it ends: what settle() waits for.
const refreshes = vi.hoisted(() => new Set<Promise<unknown>>())
vi.mock('./refreshSession', async (importOriginal) => {
  const module = await importOriginal<typeof import('./refreshSession')>()
  return {
    ...module,
    refreshSession(...args: Parameters<typeof module.refreshSession>) {
      const refresh = module.refreshSession(...args)
      refreshes.add(refresh)
      const done = () => void refreshes.delete(refresh)
      refresh.then(done, done)
      return refresh
    },
  }
})

/** Advances the fake clock, then lets the real async work it started (WebCrypto stamps, JWT signing) finish. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms)
  await settle()
}

/**
 * Waits, with the fake clock standing still, for every refresh a timer started to end, however long a
 * busy machine takes, and then for what follows it in the same turn (the lease released, onError told,
 * the retry armed). A timer that fired starts its refresh at once, so none is missed.
 */
async function settle(): Promise<void> {
  while (refreshes.size > 0) await Promise.allSettled(refreshes)
  await new Promise((resolve) => setImmediate(resolve))
}

/** Waits for another tab to follow a write to the shared storage (its session store checks the key first). */
async function followed(kit: Kit, token: string | undefined): Promise<void> {
  while (kit.session.getSnapshot().session?.token !== token) await new Promise((resolve) => setImmediate(resolve))
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})

afterEach(() => {
  for (const stop of stops) stop()
  for (const kit of kits) kit.destroy()
  stops = []
  kits = []
  vi.useRealTimers()
})

describe('startAutoRefresh in one tab', () => {
  it('refreshes beforeMs before expiry with the same key, then again before the new expiry', async () => {
    const fake = api()
    const kit = tab(browser(), fake)
    const sessionKey = await signIn(kit)
    const first = kit.session.getSnapshot().session!
    start(kit, { beforeMs: 2 * MINUTE, locks: fakeLocks() })

    await advance(13 * MINUTE - SECOND)
    expect(fake.endpoints()).toEqual([])
    await advance(2 * SECOND)
    expect(fake.endpoints()).toEqual(['submit/stamp_login'])
    const second = kit.session.getSnapshot().session!
    expect(second.token).not.toBe(first.token)
    expect(second.publicKey).toBe(sessionKey)
    expect(second.expiresAt).toBeGreaterThan(first.expiresAt)

    await advance(13 * MINUTE)
    expect(fake.endpoints()).toEqual(['submit/stamp_login', 'submit/stamp_login'])
  })

  it('defaults to 60 s before expiry, and never refreshes later than 5 s before', async () => {
    const fake = api()
    const kit = tab(browser(), fake)
    await signIn(kit)
    start(kit, { locks: fakeLocks() })
    await advance(14 * MINUTE - SECOND)
    expect(fake.calls).toHaveLength(0)
    await advance(2 * SECOND)
    expect(fake.calls).toHaveLength(1)

    const late = api()
    const other = tab(browser(), late)
    await signIn(other)
    start(other, { beforeMs: 1000, locks: fakeLocks() })
    await advance(15 * MINUTE - 6 * SECOND)
    expect(late.calls).toHaveLength(0)
    await advance(2 * SECOND)
    expect(late.calls).toHaveLength(1)
  })

  it('refreshes a session shorter than beforeMs at half its life, not in a loop', async () => {
    const fake = api({ 'submit/stamp_login': stampLoginAnswer(clock, 40) })
    const kit = tab(browser(), fake)
    await signIn(kit, 40 * SECOND)
    start(kit, { beforeMs: MINUTE, locks: fakeLocks() })
    await advance(19 * SECOND)
    expect(fake.calls).toHaveLength(0)
    await advance(2 * SECOND)
    expect(fake.calls).toHaveLength(1)
    await advance(10 * SECOND)
    expect(fake.calls).toHaveLength(1)
  })

  it('runs no timer while signed out, and stops aiming at a session that was signed out', async () => {
    const fake = api()
    const kit = tab(browser(), fake)
    await kit.session.ready
    start(kit, { locks: fakeLocks() })
    expect(vi.getTimerCount()).toBe(0)
    await signIn(kit)
    expect(vi.getTimerCount()).toBe(2) // the session store's expiry timer and the refresh
    await kit.session.logout()
    expect(vi.getTimerCount()).toBe(0)
    await advance(20 * MINUTE)
    expect(fake.calls).toHaveLength(0)
  })

  it('stop() unsubscribes and clears its timer', async () => {
    const fake = api()
    const kit = tab(browser(), fake)
    await signIn(kit)
    const stop = start(kit, { locks: fakeLocks() })
    expect(vi.getTimerCount()).toBe(2)
    stop()
    expect(vi.getTimerCount()).toBe(1)
    await advance(15 * MINUTE - SECOND)
    expect(fake.calls).toHaveLength(0)
  })
})

describe('startAutoRefresh failures', () => {
  it('retries with backoff after a failure, telling onError each time, until one succeeds', async () => {
    const unavailable = new TypeError('Failed to fetch')
    // A lost answer is sent again at once, identically, by the public API client (one more call per try).
    const fake = api({
      'submit/stamp_login': [unavailable, unavailable, grpcError(14, 'unavailable', 503), stampLoginAnswer(clock)],
    })
    const kit = tab(browser(), fake)
    await signIn(kit)
    const first = kit.session.getSnapshot().session!
    const errors: KitError[] = []
    start(kit, { locks: fakeLocks(), onError: (error) => errors.push(error) })

    await advance(14 * MINUTE)
    expect(fake.calls).toHaveLength(2)
    expect(errors.map((error) => error.code)).toEqual(['PROXY_UNAVAILABLE'])
    await advance(SECOND)
    expect(fake.calls).toHaveLength(3)
    expect(errors).toHaveLength(2)
    await advance(SECOND)
    expect(fake.calls).toHaveLength(3)
    await advance(SECOND)
    expect(fake.calls).toHaveLength(4)
    expect(errors).toHaveLength(2)
    expect(kit.session.getSnapshot().session!.token).not.toBe(first.token)
  })

  it('gives up at expiry', async () => {
    const fake = api({ 'submit/stamp_login': new TypeError('Failed to fetch') })
    const kit = tab(browser(), fake)
    await signIn(kit)
    const errors: KitError[] = []
    start(kit, { locks: fakeLocks(), onError: (error) => errors.push(error) })
    await advance(14 * MINUTE)
    for (const wait of [1, 2, 4, 8, 16, 30, 60]) await advance(wait * SECOND)
    // At 14:00, then 1 s, 2, 4, 8, 16 s later (14:31); the next, 30 s later, would be after exp. Each
    // try is sent twice (its lost answer once more, identically).
    expect(fake.calls).toHaveLength(12)
    expect(errors).toHaveLength(6)
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('does not retry a refused stamp: the API no longer takes this session', async () => {
    const fake = api({ 'submit/stamp_login': grpcError(16, 'expired', 401) })
    const kit = tab(browser(), fake)
    await signIn(kit)
    const errors: KitError[] = []
    start(kit, { locks: fakeLocks(), onError: (error) => errors.push(error) })
    await advance(15 * MINUTE - SECOND)
    expect(fake.calls).toHaveLength(1)
    expect(errors.map((error) => error.code)).toEqual(['STAMP_REFUSED'])
  })
})

describe('startAutoRefresh across tabs', () => {
  it('with Web Locks, exactly one of two tabs refreshes, and the other follows the new session', async () => {
    const profile = browser()
    const fake = api()
    const locks = fakeLocks()
    const one = tab(profile, fake)
    const two = tab(profile, fake)
    const sessionKey = await signIn(one)
    await followed(two, one.session.getSnapshot().session?.token)
    expect(two.session.getSnapshot().session?.publicKey).toBe(sessionKey)
    start(one, { locks })
    start(two, { locks })

    await advance(14 * MINUTE + SECOND)
    expect(fake.endpoints()).toEqual(['submit/stamp_login'])
    const refreshed = one.session.getSnapshot().session!
    expect(two.session.getSnapshot().session?.token).toBe(refreshed.token)
    expect(profile.storage.items.get(STORAGE_KEY)).toBe(refreshed.token)

    // And the next time round too.
    await advance(14 * MINUTE)
    expect(fake.endpoints()).toEqual(['submit/stamp_login', 'submit/stamp_login'])
  })

  it('with a lease in storage instead (no Web Locks), exactly one of two tabs refreshes', async () => {
    const profile = browser()
    const fake = api()
    const one = tab(profile, fake)
    const two = tab(profile, fake)
    await signIn(one)
    await followed(two, one.session.getSnapshot().session?.token)
    start(one, { locks: null })
    start(two, { locks: null })
    await advance(14 * MINUTE + SECOND)
    expect(fake.endpoints()).toEqual(['submit/stamp_login'])
    expect(two.session.getSnapshot().session?.token).toBe(one.session.getSnapshot().session?.token)
    expect([...profile.storage.items.keys()].filter((key) => key.endsWith('-lease'))).toEqual([])
  })

  it('a tab whose lease another live tab holds waits; an expired lease (a closed tab) is taken over', async () => {
    const profile = browser()
    const fake = api()
    const kit = tab(profile, fake)
    await signIn(kit)
    const leaseKey = `${STORAGE_KEY}:refresh-lease`
    profile.storage.setItem(leaseKey, JSON.stringify({ owner: 'other-tab', expiresAt: Date.now() + 15 * MINUTE }))
    start(kit, { locks: null })
    await advance(14 * MINUTE + 10 * SECOND)
    expect(fake.calls).toHaveLength(0)
    profile.storage.setItem(leaseKey, JSON.stringify({ owner: 'other-tab', expiresAt: Date.now() - 1 }))
    await advance(3 * SECOND)
    expect(fake.calls).toHaveLength(1)
  })

  it('a tab that takes the lock after another refreshed (its storage event not handled yet) does nothing', async () => {
    const profile = browser()
    const fake = api()
    const locks = fakeLocks()
    const one = tab(profile, fake)
    await signIn(one)
    // Not linked: it hears no storage events, so its snapshot keeps the old token.
    const late = tab(profile, fake, { linked: false })
    await late.session.ready
    const old = late.session.getSnapshot().session!
    start(one, { locks, beforeMs: 2 * MINUTE })
    start(late, { locks, beforeMs: MINUTE })
    await advance(13 * MINUTE + SECOND)
    expect(fake.calls).toHaveLength(1)
    await advance(MINUTE)
    expect(fake.calls).toHaveLength(1)
    expect(late.session.getSnapshot().session?.token).toBe(old.token)
    expect(locks.granted).toBe(2)
  })
})

describe('startAutoRefresh arguments', () => {
  it('refuses what is not a kit, a beforeMs, an onError or a lock manager', async () => {
    const kit = tab(browser(), api())
    expect(() => startAutoRefresh({} as Kit)).toThrow(/startAutoRefresh\(kit\)/)
    expect(() => startAutoRefresh(kit, { beforeMs: -1 })).toThrow(/startAutoRefresh\(\{ beforeMs \}\)/)
    expect(() => startAutoRefresh(kit, { onError: 'x' as unknown as () => void })).toThrow(
      /startAutoRefresh\(\{ onError \}\)/,
    )
    expect(() => startAutoRefresh(kit, { locks: {} as RefreshLocks })).toThrow(/startAutoRefresh\(\{ locks \}\)/)
  })
})
