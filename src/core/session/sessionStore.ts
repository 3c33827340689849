import { assertInteger, assertMethods, assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import type { KeyStore } from '../keys/keyStore'
import { signInModule } from '../lazyModules'
import type { SessionClaims } from '../types'
import { LOADING, MAX_TIMER_DELAY_MS, SIGNED_OUT } from './sessionSnapshots'

export interface Session {
  /** The session JWT, as the proxy issued it. */
  token: string
  /** The client key the session is bound to (compressed P-256, hex). */
  publicKey: string
  organizationId: string
  userId: string
  /** `exp` in ms since the epoch. */
  expiresAt: number
  claims: SessionClaims
}

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn'

export interface SessionSnapshot {
  status: SessionStatus
  session: Session | null
  /** True from `expiresAt - warnBeforeMs` until the session ends. */
  expiresSoon: boolean
}

export interface SessionStore {
  /** The same object until something changes (what useSyncExternalStore needs). Bound: pass it as is. */
  getSnapshot(): SessionSnapshot
  /** Bound: pass it as is. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Settles once the stored session has been checked (status is no longer 'loading'). Never rejects. */
  readonly ready: Promise<void>
  /**
   * Adopts a session JWT: decoded, bound to a key this client holds, not expired; then stored and
   * announced. On a KitError (SESSION_INVALID, SESSION_EXPIRED, SESSION_KEY_MISMATCH) nothing changes.
   */
  set(token: string): Promise<Session>
  /** Ends the session: removes it from storage, deletes its key, announces it. */
  logout(): Promise<void>
  /** Stops timers and listeners. Final: create a new store to start again. */
  destroy(): void
}

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
export type SessionEventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>

export interface SessionStoreOptions {
  /** Where the JWT is kept; localStorage in a browser, so other tabs share it. */
  storage: SessionStorage
  /** See sessionStorageKey(configId). */
  storageKey: string
  keyStore: KeyStore
  /** Clock in ms; default Date.now. */
  now?: () => number
  /** Source of `storage` events from other tabs (and `focus`); default none. */
  window?: SessionEventTarget
  /** How long before `exp` the snapshot says `expiresSoon`; default 60 000 ms. */
  warnBeforeMs?: number
}

/** The storage key of a tenant's session: `auth-proxy-kit:<configId>:session`. */
export function sessionStorageKey(configId: string): string {
  assertNonEmptyString(configId, 'sessionStorageKey(configId)')
  return `auth-proxy-kit:${configId}:session`
}

/** The session of one tenant in one browser profile, kept in step across tabs. */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  assertObject(options, 'createSessionStore(options)')
  const { storage, storageKey, keyStore, now = Date.now, window, warnBeforeMs = 60_000 } = options
  assertMethods(storage, ['getItem', 'setItem', 'removeItem'], 'createSessionStore({ storage })', 'a Storage (getItem, setItem, removeItem)')
  assertNonEmptyString(storageKey, 'createSessionStore({ storageKey })')
  assertMethods(keyStore, ['has', 'delete'], 'createSessionStore({ keyStore })', 'a KeyStore')
  if (typeof now !== 'function') throw invalidArgument('createSessionStore({ now })', 'a function returning ms', now)
  if (window !== undefined) {
    assertMethods(window, ['addEventListener', 'removeEventListener'], 'createSessionStore({ window })', 'an event target (addEventListener, removeEventListener)')
  }
  assertInteger(warnBeforeMs, 'createSessionStore({ warnBeforeMs })', 0, MAX_TIMER_DELAY_MS)
  return new DeferredSessionStore({ storage, storageKey, keyStore, now, window, warnBeforeMs })
}

/**
 * What every page load needs of the store: the snapshot, its listeners, and a look at the storage.
 * With nothing stored it says "signed out" and waits; the engine (localSessionStore.ts: validation,
 * expiry, other tabs) is loaded as soon as there is a session to handle: one stored at start, one
 * being set, a logout, or another tab's change. From then on the engine does everything and this
 * shell mirrors its snapshot.
 */
class DeferredSessionStore implements SessionStore {
  readonly ready: Promise<void>
  readonly #options: SessionStoreOptions
  readonly #listeners = new Set<() => void>()
  #snapshot: SessionSnapshot = LOADING
  #engine: Promise<SessionStore> | undefined
  /** The engine once created: destroy() stops its timers at once. */
  #started: SessionStore | undefined
  #destroyed = false

  constructor(options: SessionStoreOptions) {
    this.#options = options
    let token: string | null = null
    try {
      token = options.storage.getItem(options.storageKey)
    } catch {
      // Storage that throws (blocked) is empty, as the engine reads it.
    }
    if (token !== null) {
      // Checked by the engine; should its code not load, the token is kept for next time, as the
      // engine keeps it when the key store cannot answer.
      this.ready = this.#start().then(
        (engine) => engine.ready,
        () => this.#publish(SIGNED_OUT),
      )
    } else {
      options.window?.addEventListener('storage', this.#onStorage)
      this.ready = Promise.resolve().then(() => {
        if (this.#engine === undefined) this.#publish(SIGNED_OUT)
      })
    }
  }

  getSnapshot = (): SessionSnapshot => this.#snapshot

  subscribe = (listener: () => void): (() => void) => {
    if (typeof listener !== 'function') throw invalidArgument('session.subscribe(listener)', 'a function', listener)
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  async set(token: string): Promise<Session> {
    return (await this.#start()).set(token)
  }

  async logout(): Promise<void> {
    let engine: SessionStore
    try {
      engine = await this.#start()
    } catch {
      // Without the engine's code there is no session in this page, only perhaps a stored one: signing
      // out must work offline too, as the engine's does when a key cannot be deleted (its key is left).
      try {
        this.#options.storage.removeItem(this.#options.storageKey)
      } catch {
        // Blocked storage: nothing was stored either.
      }
      return this.#publish(SIGNED_OUT)
    }
    return engine.logout()
  }

  destroy(): void {
    if (this.#destroyed) return
    this.#destroyed = true
    this.#options.window?.removeEventListener('storage', this.#onStorage)
    this.#listeners.clear()
    // An engine still loading is destroyed on arrival (#start).
    this.#started?.destroy()
  }

  /** The engine, loaded once; it takes over the storage events and mirrors into this shell. */
  #start(): Promise<SessionStore> {
    if (this.#engine === undefined) {
      const starting = signInModule.load().then(({ createLocalSessionStore }) => {
        const engine = createLocalSessionStore(this.#options)
        this.#started = engine
        if (this.#destroyed) engine.destroy()
        else engine.subscribe(() => this.#publish(engine.getSnapshot()))
        return engine
      })
      this.#options.window?.removeEventListener('storage', this.#onStorage)
      // A chunk that failed to load is fetched again by the next operation.
      starting.catch(() => {
        if (this.#engine === starting) this.#engine = undefined
      })
      this.#engine = starting
    }
    return this.#engine
  }

  #publish(next: SessionSnapshot): void {
    if (next === this.#snapshot || this.#destroyed) return
    this.#snapshot = next
    for (const listener of [...this.#listeners]) listener()
  }

  #onStorage = (event: Event): void => {
    // Another tab stored or removed a session: the engine follows it from now on.
    const key = (event as Partial<StorageEvent>).key
    if (key === this.#options.storageKey) void this.#start().catch(() => undefined)
  }
}
