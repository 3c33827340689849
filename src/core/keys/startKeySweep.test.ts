import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KeyStore, SessionStore } from '../contracts'
import { createKit } from '../createKit'
import { VERIFICATION_TOKEN_LIFETIME_SECONDS } from '../../mock/tokens'
import { OTP_MAX_EXPIRATION_SECONDS } from '../../mock/otp'
import { OAUTH_PENDING_TTL_MS } from '../oauth/pendingOAuth'
import { memoryStorage } from '../session/memoryStorage'
import { createSessionStore, sessionStorageKey } from '../session/sessionStore'
import { fakeFetch } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { sessionToken } from '../test/tokens'
import { memoryKeyStore } from './memoryKeyStore'
import { KEY_SWEEP_AGE_MS, startKeySweep, storedSessionKeys } from './startKeySweep'

const T0 = Date.UTC(2030, 0, 1)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

let cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup()
  cleanups = []
  vi.useRealTimers()
})

/** An idle queue the test runs by hand. */
function manualIdle(): { whenIdle: (task: () => void) => () => void; tasks: (() => void)[]; run: () => void } {
  const tasks: (() => void)[] = []
  return {
    tasks,
    whenIdle: (task) => {
      tasks.push(task)
      return () => tasks.splice(tasks.indexOf(task), 1)
    },
    run: () => {
      for (const task of tasks.splice(0)) task()
    },
  }
}

/** A memory key store, a clock, and the stores the test made, destroyed afterwards. */
function world() {
  const clock = { now: T0 }
  const keyStore = memoryKeyStore({ now: () => clock.now })
  const storage = memoryStorage()
  const now = () => clock.now
  const sessionStore = (configId = 'demo'): SessionStore => {
    const store = createSessionStore({ storage, storageKey: sessionStorageKey(configId), keyStore, now })
    cleanups.push(() => store.destroy())
    return store
  }
  return { clock, keyStore, storage, now, sessionStore }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('KEY_SWEEP_AGE_MS', () => {
  it('outlasts the longest flow (OTP code at production’s cap, then its verification token), with a margin', () => {
    const otpFlowMs = (OTP_MAX_EXPIRATION_SECONDS + VERIFICATION_TOKEN_LIFETIME_SECONDS) * 1000
    expect(KEY_SWEEP_AGE_MS).toBeGreaterThanOrEqual(otpFlowMs + 5 * MINUTE)
    expect(KEY_SWEEP_AGE_MS).toBeGreaterThanOrEqual(OAUTH_PENDING_TTL_MS + 5 * MINUTE)
    expect(KEY_SWEEP_AGE_MS).toBe(30 * MINUTE)
  })
})

describe('startKeySweep', () => {
  it('after the session has loaded, when idle, deletes only the keys nothing protects', async () => {
    const { clock, keyStore, storage, now, sessionStore } = world()
    const abandoned = await keyStore.create()
    const ours = await keyStore.create()
    const otherTenants = await keyStore.create()
    const endedSession = await keyStore.create()
    // This tenant's session, and another tenant's stored by a kit that never retained its key.
    storage.setItem(sessionStorageKey('demo'), await sessionToken({ exp: (T0 + 2 * HOUR) / 1000, public_key: ours }))
    storage.setItem(
      sessionStorageKey('other'),
      await sessionToken({ exp: (T0 + 2 * HOUR) / 1000, public_key: otherTenants }),
    )
    // A session that ended (its retain time passed) without its tab deleting the key: the page was closed.
    await keyStore.retain?.(endedSession, T0 + 20 * MINUTE)
    clock.now += HOUR
    const young = await keyStore.create()

    const idle = manualIdle()
    const session = sessionStore()
    startKeySweep({ keyStore, session, storage, now, whenIdle: idle.whenIdle })
    expect(idle.tasks).toHaveLength(0)
    await session.ready
    await flush()
    expect(idle.tasks).toHaveLength(1)
    expect((await keyStore.list()).sort()).toEqual([abandoned, ours, otherTenants, endedSession, young].sort())
    idle.run()
    await flush()
    expect((await keyStore.list()).sort()).toEqual([ours, otherTenants, young].sort())
    expect(session.getSnapshot().session?.publicKey).toBe(ours)
  })

  it('spares the session the store holds even when storage cannot be read or enumerated', async () => {
    const { clock, keyStore, now } = world()
    const ours = await keyStore.create()
    const abandoned = await keyStore.create()
    // A storage without key()/length (a custom one): only the session store's own session is known.
    const storage = fakeStorage()
    const session = createSessionStore({
      storage,
      storageKey: sessionStorageKey('demo'),
      keyStore: { ...keyStore, retain: undefined },
      now,
    })
    cleanups.push(() => session.destroy())
    await session.ready
    await session.set(await sessionToken({ exp: (T0 + 3 * HOUR) / 1000, public_key: ours }))
    clock.now += 2 * HOUR
    const idle = manualIdle()
    startKeySweep({ keyStore, session, storage, now, whenIdle: idle.whenIdle })
    await flush()
    idle.run()
    await flush()
    expect(await keyStore.list()).toEqual([ours])
    expect(await keyStore.has(abandoned)).toBe(false)
  })

  it('sweeps a key store once, however many kits start on it; a kit destroyed before its sweep hands it on', async () => {
    const { keyStore, storage, now, sessionStore } = world()
    const sweep = vi.fn(async () => [])
    const counted: KeyStore = { ...keyStore, sweep }
    const idle = manualIdle()
    const stopFirst = startKeySweep({
      keyStore: counted,
      session: sessionStore(),
      storage,
      now,
      whenIdle: idle.whenIdle,
    })
    await flush()
    stopFirst()
    expect(idle.tasks).toHaveLength(0)
    startKeySweep({ keyStore: counted, session: sessionStore('second'), storage, now, whenIdle: idle.whenIdle })
    startKeySweep({ keyStore: counted, session: sessionStore('third'), storage, now, whenIdle: idle.whenIdle })
    await flush()
    expect(idle.tasks).toHaveLength(1)
    idle.run()
    await flush()
    expect(sweep).toHaveBeenCalledTimes(1)
    expect(sweep).toHaveBeenCalledWith({ olderThanMs: KEY_SWEEP_AGE_MS, now: T0, spare: new Set() })
  })

  it('does nothing with a key store that cannot sweep (a custom one)', async () => {
    const { keyStore, storage, now, sessionStore } = world()
    const idle = manualIdle()
    const stop = startKeySweep({
      keyStore: { ...keyStore, sweep: undefined },
      session: sessionStore(),
      storage,
      now,
      whenIdle: idle.whenIdle,
    })
    await flush()
    expect(idle.tasks).toHaveLength(0)
    stop()
  })

  it('swallows a failing sweep: it is tried again at the next load', async () => {
    const { keyStore, storage, now, sessionStore } = world()
    const idle = manualIdle()
    const sweep = vi.fn(async () => {
      throw new Error('IndexedDB gone')
    })
    startKeySweep({ keyStore: { ...keyStore, sweep }, session: sessionStore(), storage, now, whenIdle: idle.whenIdle })
    await flush()
    idle.run()
    await flush()
    expect(sweep).toHaveBeenCalledTimes(1)
  })
})

describe('storedSessionKeys', () => {
  it('reads the key of every kit session stored, and nothing else', async () => {
    const storage = memoryStorage()
    const a = `02${'aa'.repeat(32)}`
    const b = `03${'bb'.repeat(32)}`
    storage.setItem('auth-proxy-kit:one:session', await sessionToken({ exp: T0 / 1000, public_key: a }))
    storage.setItem('auth-proxy-kit:two:session', await sessionToken({ exp: T0 / 1000, public_key: b }))
    storage.setItem('auth-proxy-kit:three:session', 'not a token')
    storage.setItem(
      'auth-proxy-kit:one:session:identity',
      await sessionToken({ exp: T0 / 1000, public_key: `02${'cc'.repeat(32)}` }),
    )
    storage.setItem('another-app:session', await sessionToken({ exp: T0 / 1000, public_key: `02${'dd'.repeat(32)}` }))
    expect(storedSessionKeys(storage).sort()).toEqual([a, b])
  })

  it('answers none for storage it cannot enumerate or read', () => {
    expect(storedSessionKeys(fakeStorage({ 'auth-proxy-kit:one:session': 'x' }))).toEqual([])
    const blocked = Object.assign(memoryStorage(), {
      key: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
    })
    blocked.setItem('auth-proxy-kit:one:session', 'x')
    expect(storedSessionKeys(blocked)).toEqual([])
  })
})

describe('createKit', () => {
  it('sweeps at start (at once in Node: no page to paint), and not after destroy()', async () => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const base = {
      proxyUrl: 'https://auth.example.com/',
      configId: 'demo',
      fetch: fakeFetch({}).fetch,
      storage: memoryStorage(),
      window: new EventTarget(),
    }
    const swept = memoryKeyStore()
    const abandoned = await swept.create()
    const kept = memoryKeyStore()
    const notSwept = await kept.create()
    vi.setSystemTime(T0 + HOUR)

    const destroyed = createKit({ ...base, keyStore: kept })
    await destroyed.session.ready
    destroyed.destroy()
    const kit = createKit({ ...base, keyStore: swept })
    cleanups.push(() => kit.destroy())
    await kit.session.ready
    await flushMicrotasks()
    expect(vi.getTimerCount()).toBe(0)
    expect(await swept.has(abandoned)).toBe(false)
    expect(await kept.has(notSwept)).toBe(true)
  })
})

describe('startKeySweep in a page', () => {
  it('waits for requestIdleCallback, and cancels it on destroy', async () => {
    const { keyStore, storage, now, sessionStore } = world()
    const idleCallbacks = new Map<number, () => void>()
    vi.stubGlobal('document', {})
    vi.stubGlobal('requestIdleCallback', (task: () => void) => {
      idleCallbacks.set(idleCallbacks.size + 1, task)
      return idleCallbacks.size
    })
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idleCallbacks.delete(handle))
    cleanups.push(() => vi.unstubAllGlobals())
    const sweep = vi.fn(async () => [])
    const stop = startKeySweep({ keyStore: { ...keyStore, sweep }, session: sessionStore(), storage, now })
    await flush()
    expect(idleCallbacks.size).toBe(1)
    expect(sweep).not.toHaveBeenCalled()
    stop()
    expect(idleCallbacks.size).toBe(0)

    const again = startKeySweep({ keyStore: { ...keyStore, sweep }, session: sessionStore('again'), storage, now })
    cleanups.push(again)
    await flush()
    for (const task of idleCallbacks.values()) task()
    await flush()
    expect(sweep).toHaveBeenCalledTimes(1)
  })

  it('falls back to a short timer without requestIdleCallback (Safari before 18)', async () => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout'] })
    const { keyStore, storage, now, sessionStore } = world()
    vi.stubGlobal('document', {})
    cleanups.push(() => vi.unstubAllGlobals())
    const sweep = vi.fn(async () => [])
    const session = sessionStore()
    cleanups.push(startKeySweep({ keyStore: { ...keyStore, sweep }, session, storage, now }))
    await session.ready
    await flushMicrotasks()
    expect(sweep).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(sweep).toHaveBeenCalledTimes(1)
  })
})
