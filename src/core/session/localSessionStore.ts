// The session store's engine: validation (jose), storage, expiry timers, other tabs. Loaded with
// the first session (stored at start, set by a flow, or announced by another tab); a page where no one
// is signed in never needs it. createSessionStore (sessionStore.ts) checks the options and hands over.
import { invalidArgument } from '../assert'
import { KitError } from '../errors'
import type { KeyStore } from '../keys/keyStore'
import type { SessionClaims } from '../types'
import { decodeSessionToken } from './jwt'
import { LOADING, MAX_TIMER_DELAY_MS, SIGNED_OUT } from './sessionSnapshots'
import type { Session, SessionEventTarget, SessionSnapshot, SessionStorage, SessionStore, SessionStoreOptions } from './sessionStore'

/** The whole store, for options already checked by createSessionStore. */
export function createLocalSessionStore(options: SessionStoreOptions): SessionStore {
  return new LocalSessionStore(options)
}

const ignore = () => {}

class LocalSessionStore implements SessionStore {
  readonly ready: Promise<void>
  readonly #storage: SessionStorage
  readonly #storageKey: string
  readonly #keyStore: KeyStore
  readonly #now: () => number
  readonly #window: SessionEventTarget | undefined
  readonly #warnBeforeMs: number
  readonly #listeners = new Set<() => void>()
  #snapshot: SessionSnapshot = LOADING
  #timer: ReturnType<typeof setTimeout> | undefined
  #destroyed = false
  #resolveReady: () => void = ignore
  // Every operation that reads, validates (asynchronously: the key store) and then writes runs in
  // this queue, one at a time, so that a storage event, a set() and a logout() never interleave.
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: SessionStoreOptions) {
    const { storage, storageKey, keyStore, now = Date.now, window, warnBeforeMs = 60_000 } = options
    this.#storage = storage
    this.#storageKey = storageKey
    this.#keyStore = keyStore
    this.#now = now
    this.#window = window
    this.#warnBeforeMs = warnBeforeMs
    this.ready = new Promise<void>((resolve) => {
      this.#resolveReady = resolve
    })
    window?.addEventListener('storage', this.#onStorage)
    // Timers do not run while a laptop sleeps; coming back to the page re-checks the expiry at once.
    window?.addEventListener('focus', this.#onFocus)
    void this.#enqueue(() => this.#load())
  }

  getSnapshot = (): SessionSnapshot => this.#snapshot

  subscribe = (listener: () => void): (() => void) => {
    if (typeof listener !== 'function') throw invalidArgument('session.subscribe(listener)', 'a function', listener)
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  set(token: string): Promise<Session> {
    return this.#enqueue(async () => {
      const session = await this.#validate(token, 'session.set')
      const previous = this.#snapshot.session
      this.#write(token)
      this.#commit(session)
      // The replaced session's key signs nothing any more; leaving it would pile up keys.
      if (previous !== null && previous.publicKey !== session.publicKey) {
        await this.#keyStore.delete(previous.publicKey).catch(ignore)
      }
      return session
    })
  }

  logout(): Promise<void> {
    return this.#enqueue(async () => {
      const keys = new Set<string>()
      const current = this.#snapshot.session
      if (current !== null) keys.add(current.publicKey)
      const stored = this.#read()
      const storedKey = stored === null ? undefined : tryDecode(stored)?.public_key
      if (storedKey !== undefined) keys.add(storedKey)
      this.#remove()
      this.#commit(null)
      // Signed out even if a key cannot be deleted: the session (what grants access) is gone.
      for (const key of keys) await this.#keyStore.delete(key).catch(ignore)
    })
  }

  destroy(): void {
    if (this.#destroyed) return
    this.#destroyed = true
    this.#clearTimer()
    this.#window?.removeEventListener('storage', this.#onStorage)
    this.#window?.removeEventListener('focus', this.#onFocus)
    this.#listeners.clear()
    this.#resolveReady()
  }

  #enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(operation)
    this.#queue = result.catch(ignore)
    return result
  }

  /** At start: a stored session that is unreadable, expired or bound to a key not held is purged. */
  async #load(): Promise<void> {
    const token = this.#read()
    if (token === null) return this.#commit(null)
    let session: Session
    try {
      session = await this.#validate(token, 'stored session')
    } catch (error) {
      if (isKeyStoreFailure(error)) {
        // The key store could not answer (not "the key is missing"): keep the token for next time.
        return this.#commit(null)
      }
      this.#removeIf(token)
      if (error instanceof KitError && error.code === 'SESSION_EXPIRED') {
        const publicKey = tryDecode(token)?.public_key
        if (publicKey !== undefined) await this.#keyStore.delete(publicKey).catch(ignore)
      }
      return this.#commit(null)
    }
    this.#commit(session)
  }

  /** Another tab changed the stored session: follow it. Keys are the writing tab's business. */
  async #reconcile(): Promise<void> {
    const token = this.#read()
    if (token === (this.#snapshot.session?.token ?? null)) return
    if (token === null) return this.#commit(null)
    try {
      this.#commit(await this.#validate(token, 'session from another tab'))
    } catch {
      this.#commit(null)
    }
  }

  async #validate(token: string, label: string): Promise<Session> {
    const current = this.#snapshot.session
    const claims = decodeSessionToken(token)
    const expiresAt = claims.exp * 1000
    if (expiresAt <= this.#now()) {
      throw new KitError('SESSION_EXPIRED', `${label}: the session expired at ${new Date(expiresAt).toISOString()}`)
    }
    if (!(await this.#keyStore.has(claims.public_key))) {
      throw new KitError(
        'SESSION_KEY_MISMATCH',
        `${label}: the session is bound to key ${claims.public_key}, which this client's key store does not hold`,
      )
    }
    // Same token, same object: listeners comparing sessions by identity see no change.
    if (current !== null && current.token === token) return current
    return {
      token,
      publicKey: claims.public_key,
      organizationId: claims.organization_id,
      userId: claims.user_id,
      expiresAt,
      claims,
    }
  }

  /** Publishes `session` (null: signed out), replacing the snapshot only if something changed. */
  #commit(session: Session | null): void {
    this.#clearTimer()
    const next: SessionSnapshot =
      session === null
        ? SIGNED_OUT
        : { status: 'signedIn', session, expiresSoon: this.#now() >= session.expiresAt - this.#warnBeforeMs }
    const previous = this.#snapshot
    if (previous.status !== next.status || previous.session !== next.session || previous.expiresSoon !== next.expiresSoon) {
      this.#snapshot = next
      for (const listener of [...this.#listeners]) listener()
    }
    this.#resolveReady()
    this.#schedule()
  }

  /** One timer, aimed at the next change: the warning, then the expiry. */
  #schedule(): void {
    const { session, expiresSoon } = this.#snapshot
    if (session === null || this.#destroyed) return
    const deadline = expiresSoon ? session.expiresAt : session.expiresAt - this.#warnBeforeMs
    const delay = Math.min(Math.max(deadline - this.#now(), 0), MAX_TIMER_DELAY_MS)
    this.#timer = setTimeout(this.#tick, delay)
  }

  #tick = (): void => {
    this.#timer = undefined
    const session = this.#snapshot.session
    if (session === null) return
    if (this.#now() < session.expiresAt) {
      // The warning is due, or the timer fired early (a clamped delay, clock drift): re-evaluate and re-arm.
      return this.#commit(session)
    }
    // Synchronously, so that the UI flips at `exp` and not after an IndexedDB round trip.
    this.#removeIf(session.token)
    this.#commit(null)
    void this.#keyStore.delete(session.publicKey).catch(ignore)
  }

  #onStorage = (event: Event): void => {
    // `key` is null when another tab called localStorage.clear().
    const key = (event as Partial<StorageEvent>).key
    if (key !== null && key !== this.#storageKey) return
    void this.#enqueue(() => this.#reconcile())
  }

  #onFocus = (): void => {
    if (this.#snapshot.session !== null) this.#tick()
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
  }

  // Storage access can throw (Safari with storage blocked, quota exceeded); the session then lives only
  // in this page, which is still better than failing the sign-in.
  #read(): string | null {
    try {
      return this.#storage.getItem(this.#storageKey)
    } catch {
      return null
    }
  }

  #write(token: string): void {
    try {
      this.#storage.setItem(this.#storageKey, token)
    } catch {
      // See #read.
    }
  }

  #remove(): void {
    try {
      this.#storage.removeItem(this.#storageKey)
    } catch {
      // See #read.
    }
  }

  /** Removes the stored token only if it is still `token`: another tab may have stored a newer one. */
  #removeIf(token: string): void {
    if (this.#read() === token) this.#remove()
  }
}

function tryDecode(token: string): SessionClaims | undefined {
  try {
    return decodeSessionToken(token)
  } catch {
    return undefined
  }
}

function isKeyStoreFailure(error: unknown): boolean {
  // LOAD_FAILED: the key store's own code could not be fetched (defaultKeyStore loads it on first use).
  return !(error instanceof KitError) || error.code === 'KEY_STORE_UNAVAILABLE' || error.code === 'LOAD_FAILED'
}
