import { afterEach, describe, expect, it, vi } from 'vitest'
import { KitError } from '../errors'
import { fakeKeyStore, fakeStorage, fakeWindow, storageEvent } from '../test/fakes'
import { KEY_A, KEY_B, settle, STORAGE_KEY, T0, withSessionStores } from '../test/sessionStores'
import { sessionToken } from '../test/tokens'
import { createSessionStore, sessionStorageKey, type SessionStoreOptions } from './sessionStore'

const SECOND = 1000
const MINUTE = 60 * SECOND
const DAY = 24 * 60 * MINUTE

/** exp claim (seconds) `ms` after T0. */
const expIn = (ms: number) => (T0 + ms) / 1000

const { makeStore } = withSessionStores()

async function caught(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('sessionStorageKey', () => {
  it('namespaces the session by tenant', () => {
    expect(sessionStorageKey('demo')).toBe('auth-proxy-kit:demo:session')
    expect(() => sessionStorageKey('')).toThrow(/sessionStorageKey\(configId\)/)
  })
})

describe('given nothing stored', () => {
  it('starts loading, then is signed out once ready', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore() })
    expect(store.getSnapshot()).toEqual({ status: 'loading', session: null, expiresSoon: false })
    await store.ready
    expect(store.getSnapshot()).toEqual({ status: 'signedOut', session: null, expiresSoon: false })
  })

  it('returns the same snapshot object until something changes', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore() })
    await store.ready
    expect(store.getSnapshot()).toBe(store.getSnapshot())
  })
})

describe('one store, whole from the start', () => {
  it('follows another tab that stores a session, though nothing was stored when it started', async () => {
    const window = fakeWindow()
    const storage = fakeStorage()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A]), window })
    await store.ready
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    storage.items.set(STORAGE_KEY, token)
    window.dispatchEvent(storageEvent(STORAGE_KEY, token))
    await settle()
    expect(store.getSnapshot().status).toBe('signedIn')
  })

  it('keeps the same signed-out snapshot object when a logout finds nothing to end', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    await store.ready
    const signedOut = store.getSnapshot()
    const listener = vi.fn()
    store.subscribe(listener)
    await store.logout()
    expect(store.getSnapshot()).toBe(signedOut)
    expect(listener).not.toHaveBeenCalled()
  })

  it('is signed out, with the token kept, when the key store says KEY_STORE_UNAVAILABLE', async () => {
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    const storage = fakeStorage({ [STORAGE_KEY]: token })
    const keyStore = fakeKeyStore([KEY_A])
    keyStore.has = () =>
      Promise.reject(new KitError('KEY_STORE_UNAVAILABLE', 'indexedDbKeyStore: could not open database auth-proxy-kit'))
    const store = makeStore({ storage, keyStore })
    await store.ready
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.get(STORAGE_KEY)).toBe(token)
  })

  it('freezes its snapshot once destroyed, even for a set() already under way', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    await store.ready
    const signedOut = store.getSnapshot()
    const setting = store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    store.destroy()
    await setting
    expect(store.getSnapshot()).toBe(signedOut)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('given a stored session at start', () => {
  it('adopts a valid one whose key is held', async () => {
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    const store = makeStore({ storage: fakeStorage({ [STORAGE_KEY]: token }), keyStore: fakeKeyStore([KEY_A]) })
    await store.ready
    expect(store.getSnapshot()).toEqual({
      status: 'signedIn',
      expiresSoon: false,
      session: {
        token,
        publicKey: KEY_A,
        organizationId: 'org-1',
        userId: 'user-1',
        expiresAt: T0 + 10 * MINUTE,
        claims: expect.objectContaining({ public_key: KEY_A, exp: expIn(10 * MINUTE) }),
      },
    })
  })

  it('purges an expired one and deletes its key', async () => {
    const token = await sessionToken({ exp: expIn(-SECOND), public_key: KEY_A })
    const storage = fakeStorage({ [STORAGE_KEY]: token })
    const keyStore = fakeKeyStore([KEY_A])
    const store = makeStore({ storage, keyStore })
    await store.ready
    await settle()
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.has(STORAGE_KEY)).toBe(false)
    expect(keyStore.deleted).toEqual([KEY_A])
  })

  it('purges one bound to a key this client does not hold', async () => {
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    const storage = fakeStorage({ [STORAGE_KEY]: token })
    const keyStore = fakeKeyStore([KEY_B])
    const store = makeStore({ storage, keyStore })
    await store.ready
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.has(STORAGE_KEY)).toBe(false)
    expect(keyStore.deleted).toEqual([])
  })

  it('purges one that is not a session token', async () => {
    const storage = fakeStorage({ [STORAGE_KEY]: 'garbage' })
    const store = makeStore({ storage, keyStore: fakeKeyStore() })
    await store.ready
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.has(STORAGE_KEY)).toBe(false)
  })

  it('keeps the token (but is signed out) when the key store cannot answer', async () => {
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    const storage = fakeStorage({ [STORAGE_KEY]: token })
    const keyStore = fakeKeyStore([KEY_A])
    keyStore.broken = true
    const store = makeStore({ storage, keyStore })
    await store.ready
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.get(STORAGE_KEY)).toBe(token)
  })

  it('treats storage that throws (blocked storage) as empty', async () => {
    const storage = fakeStorage()
    storage.getItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    const store = makeStore({ storage, keyStore: fakeKeyStore() })
    await store.ready
    expect(store.getSnapshot().status).toBe('signedOut')
  })
})

describe('set(token)', () => {
  it('stores a valid session, announces it once, and returns it', async () => {
    const storage = fakeStorage()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A]) })
    await store.ready
    const listener = vi.fn()
    store.subscribe(listener)
    const before = store.getSnapshot()
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })

    const session = await store.set(token)

    expect(session).toMatchObject({ token, publicKey: KEY_A, expiresAt: T0 + 15 * MINUTE })
    expect(storage.items.get(STORAGE_KEY)).toBe(token)
    expect(listener).toHaveBeenCalledTimes(1)
    const after = store.getSnapshot()
    expect(after).not.toBe(before)
    expect(after).toEqual({ status: 'signedIn', session, expiresSoon: false })
    expect(store.getSnapshot()).toBe(after)
  })

  it('setting the same token again changes nothing and notifies no one', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    const first = await store.set(token)
    const snapshot = store.getSnapshot()
    const listener = vi.fn()
    store.subscribe(listener)
    expect(await store.set(token)).toBe(first)
    expect(store.getSnapshot()).toBe(snapshot)
    expect(listener).not.toHaveBeenCalled()
  })

  it.each([
    ['SESSION_KEY_MISMATCH', { exp: expIn(15 * MINUTE), public_key: KEY_B }, /bound to key 03b{2}/],
    ['SESSION_EXPIRED', { exp: expIn(0), public_key: KEY_A }, /expired at 2030-01-01T00:00:00.000Z/],
    ['SESSION_INVALID', { exp: expIn(15 * MINUTE), public_key: KEY_A, user_id: '' }, /"user_id" claim/],
  ] as const)('refuses with %s and changes nothing', async (code, claims, message) => {
    const storage = fakeStorage()
    const keyStore = fakeKeyStore([KEY_A])
    const store = makeStore({ storage, keyStore })
    const current = await store.set(await sessionToken({ exp: expIn(5 * MINUTE), public_key: KEY_A }))
    const snapshot = store.getSnapshot()
    const listener = vi.fn()
    store.subscribe(listener)

    const error = await caught(store.set(await sessionToken(claims)))

    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
    expect(store.getSnapshot()).toBe(snapshot)
    expect(storage.items.get(STORAGE_KEY)).toBe(current.token)
    expect(listener).not.toHaveBeenCalled()
    expect(keyStore.deleted).toEqual([])
  })

  it('refuses text that is not a JWT', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    expect((await caught(store.set('nope'))).code).toBe('SESSION_INVALID')
  })

  it('deletes the key of the session it replaces when the new one uses another key', async () => {
    const keyStore = fakeKeyStore([KEY_A, KEY_B])
    const store = makeStore({ storage: fakeStorage(), keyStore })
    await store.set(await sessionToken({ exp: expIn(5 * MINUTE), public_key: KEY_A }))
    await store.set(await sessionToken({ exp: expIn(6 * MINUTE), public_key: KEY_A, user_id: 'same-key' }))
    expect(keyStore.deleted).toEqual([])
    await store.set(await sessionToken({ exp: expIn(5 * MINUTE), public_key: KEY_B }))
    expect(keyStore.deleted).toEqual([KEY_A])
  })

  it('waits for the initial check, so a set() during loading is not undone by it', async () => {
    const stale = await sessionToken({ exp: expIn(-SECOND), public_key: KEY_A })
    const fresh = await sessionToken({ exp: expIn(5 * MINUTE), public_key: KEY_B })
    const storage = fakeStorage({ [STORAGE_KEY]: stale })
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A, KEY_B]) })
    expect(store.getSnapshot().status).toBe('loading')
    await store.set(fresh)
    expect(store.getSnapshot().session?.token).toBe(fresh)
    expect(storage.items.get(STORAGE_KEY)).toBe(fresh)
  })
})

describe('expiry', () => {
  it('flips expiresSoon at exp - warnBeforeMs, then signs out at exp deleting the key', async () => {
    const storage = fakeStorage()
    const keyStore = fakeKeyStore([KEY_A])
    const store = makeStore({ storage, keyStore, warnBeforeMs: 2 * MINUTE })
    await store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    const listener = vi.fn()
    store.subscribe(listener)

    await vi.advanceTimersByTimeAsync(8 * MINUTE - 1)
    expect(store.getSnapshot().expiresSoon).toBe(false)
    expect(listener).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1)
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', expiresSoon: true })
    expect(listener).toHaveBeenCalledTimes(1)

    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1)
    expect(store.getSnapshot().status).toBe('signedIn')

    await vi.advanceTimersByTimeAsync(1)
    expect(store.getSnapshot()).toEqual({ status: 'signedOut', session: null, expiresSoon: false })
    expect(listener).toHaveBeenCalledTimes(2)
    expect(storage.items.has(STORAGE_KEY)).toBe(false)
    await settle()
    expect(keyStore.deleted).toEqual([KEY_A])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('warns 60 s before by default, and at once for a session already that close', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    await store.set(await sessionToken({ exp: expIn(30 * SECOND), public_key: KEY_A }))
    expect(store.getSnapshot().expiresSoon).toBe(true)
    await store.set(await sessionToken({ exp: expIn(2 * MINUTE), public_key: KEY_A }))
    expect(store.getSnapshot().expiresSoon).toBe(false)
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(store.getSnapshot().expiresSoon).toBe(true)
  })

  it('handles delays beyond setTimeout’s 24.8-day limit by re-arming', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]), warnBeforeMs: 0 })
    await store.set(await sessionToken({ exp: expIn(60 * DAY), public_key: KEY_A }))

    await vi.advanceTimersByTimeAsync(2 ** 31) // a naive timer would have fired at once or here
    expect(store.getSnapshot().status).toBe('signedIn')
    await vi.advanceTimersByTimeAsync(60 * DAY - 2 ** 31 - 1)
    expect(store.getSnapshot().status).toBe('signedIn')
    await vi.advanceTimersByTimeAsync(1)
    expect(store.getSnapshot().status).toBe('signedOut')
  })

  it('re-checks on focus: timers do not run while a laptop sleeps', async () => {
    let clock = T0
    const window = fakeWindow()
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]), now: () => clock, window })
    await store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    clock = T0 + 3 * 60 * MINUTE // woke up hours later; no timer fired meanwhile
    window.dispatchEvent(new Event('focus'))
    expect(store.getSnapshot().status).toBe('signedOut')
  })
})

describe('other tabs (storage events)', () => {
  async function signedInStore() {
    const storage = fakeStorage()
    const keyStore = fakeKeyStore([KEY_A, KEY_B])
    const window = fakeWindow()
    const store = makeStore({ storage, keyStore, window })
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    await store.set(token)
    return { storage, keyStore, window, store, token }
  }

  it('adopts a session another tab stored', async () => {
    const storage = fakeStorage()
    const window = fakeWindow()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_B]), window })
    await store.ready
    const listener = vi.fn()
    store.subscribe(listener)
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_B })

    storage.items.set(STORAGE_KEY, token) // the other tab's write, visible to all tabs
    window.dispatchEvent(storageEvent(STORAGE_KEY, token))
    await settle()

    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', session: { token, publicKey: KEY_B } })
    expect(listener).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10 * MINUTE)
    expect(store.getSnapshot().status).toBe('signedOut') // and it follows the adopted session's expiry
  })

  it('signs out when another tab removed the session, leaving the key to that tab', async () => {
    const { storage, keyStore, window, store } = await signedInStore()
    storage.items.delete(STORAGE_KEY)
    window.dispatchEvent(storageEvent(STORAGE_KEY, null))
    await settle()
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(keyStore.deleted).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('signs out when another tab cleared all of localStorage (key null)', async () => {
    const { storage, window, store } = await signedInStore()
    storage.items.clear()
    window.dispatchEvent(storageEvent(null, null))
    await settle()
    expect(store.getSnapshot().status).toBe('signedOut')
  })

  it('is signed out, without touching storage, when another tab stores a session it cannot use', async () => {
    const { storage, window, store } = await signedInStore()
    const foreign = await sessionToken({ exp: expIn(10 * MINUTE), public_key: `02${'cc'.repeat(32)}` })
    storage.items.set(STORAGE_KEY, foreign)
    window.dispatchEvent(storageEvent(STORAGE_KEY, foreign))
    await settle()
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.get(STORAGE_KEY)).toBe(foreign)
  })

  it('ignores events for other keys', async () => {
    const { window, store } = await signedInStore()
    const snapshot = store.getSnapshot()
    window.dispatchEvent(storageEvent('something-else', null))
    await settle()
    expect(store.getSnapshot()).toBe(snapshot)
  })
})

describe('logout()', () => {
  it('removes the session, deletes its key and announces it', async () => {
    const storage = fakeStorage()
    const keyStore = fakeKeyStore([KEY_A])
    const store = makeStore({ storage, keyStore })
    await store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    const listener = vi.fn()
    store.subscribe(listener)

    await store.logout()

    expect(store.getSnapshot().status).toBe('signedOut')
    expect(listener).toHaveBeenCalledTimes(1)
    expect(storage.items.has(STORAGE_KEY)).toBe(false)
    expect(keyStore.deleted).toEqual([KEY_A])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('is signed out even when the key cannot be deleted', async () => {
    const keyStore = fakeKeyStore([KEY_A])
    const store = makeStore({ storage: fakeStorage(), keyStore })
    await store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    keyStore.broken = true
    await store.logout()
    expect(store.getSnapshot().status).toBe('signedOut')
  })
})

describe('subscribe and destroy', () => {
  it('unsubscribes', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    unsubscribe()
    await store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    expect(listener).not.toHaveBeenCalled()
  })

  it('works unbound, as useSyncExternalStore calls it', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore() })
    const { getSnapshot, subscribe } = store
    const listener = vi.fn()
    subscribe(listener)
    await store.ready
    expect(getSnapshot().status).toBe('signedOut')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('destroy() stops timers and stops following other tabs', async () => {
    const storage = fakeStorage()
    const window = fakeWindow()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A]), window })
    await store.set(await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A }))
    expect(vi.getTimerCount()).toBe(1)

    store.destroy()

    expect(vi.getTimerCount()).toBe(0)
    const snapshot = store.getSnapshot()
    storage.items.delete(STORAGE_KEY)
    window.dispatchEvent(storageEvent(STORAGE_KEY, null))
    await settle()
    expect(store.getSnapshot()).toBe(snapshot)
  })

  it('destroy() during loading still settles ready', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore() })
    store.destroy()
    await expect(store.ready).resolves.toBeUndefined()
  })
})

describe('createSessionStore input checks', () => {
  it.each([
    [{ storage: {} }, /\{ storage \}\): expected a Storage/],
    [{ storageKey: '' }, /\{ storageKey \}/],
    [{ keyStore: {} }, /\{ keyStore \}\): expected a KeyStore/],
    [{ now: 5 }, /\{ now \}/],
    [{ window: {} }, /\{ window \}/],
    [{ warnBeforeMs: -1 }, /\{ warnBeforeMs \}\): expected an integer/],
  ])('refuses %o', (change, message) => {
    const options = {
      storage: fakeStorage(),
      storageKey: STORAGE_KEY,
      keyStore: fakeKeyStore(),
      ...change,
    } as SessionStoreOptions
    expect(() => createSessionStore(options)).toThrow(message)
  })
})
