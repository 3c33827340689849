import { assertInteger, assertMethods, assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import type { KeyStore, Session, SessionEventTarget, SessionSnapshot, SessionStorage, SessionStore } from '../contracts'
import { KitError } from '../errors'
import { createStore } from '../store'
import type { SessionClaims } from '../types'
import { decodeSessionToken } from './jwt'
import { checkIdentity, readIdentity } from './storedIdentity'

// The interface lives with the other contracts; here too, where the flows have always found it.
export type { Session } from '../contracts'

export interface SessionStoreOptions {
  /** Where the JWT is kept; localStorage in a browser, so other tabs share it. */
  storage: SessionStorage
  /** See sessionStorageKey(configId). */
  storageKey: string
  keyStore: KeyStore
  /** Clock in ms; default Date.now. The kit gives its corrected clock (Kit.now), so expiries are on the proxy's time. */
  now?: () => number
  /**
   * Called with a fresh session token's `iat` (in ms) by set(), before the token's expiry is checked,
   * so that `now` is corrected first (the kit's ProxyClock.learn). Never called for a stored token or
   * another tab's: their `iat` is not "now". Default none.
   */
  learnClock?: (proxyTimeMs: number) => void
  /** Source of `storage` events from other tabs (and `focus`); default none. */
  window?: SessionEventTarget
  /** How long before `exp` the snapshot says `expiresSoon`; default 60 000 ms. */
  warnBeforeMs?: number
}

// Frozen and shared: every signed-out store publishes this very object, so that a reader comparing
// snapshots by identity sees no change when a signed-out store finds nothing to change.
const LOADING: SessionSnapshot = Object.freeze({ status: 'loading', session: null, expiresSoon: false })
const SIGNED_OUT: SessionSnapshot = Object.freeze({ status: 'signedOut', session: null, expiresSoon: false })

// setTimeout's delay is a signed 32-bit integer (about 24.8 days); a longer one fires at once.
// Longer waits are cut to this and re-armed when the timer fires early.
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1

const ignore = () => {}

/** The storage key of a tenant's session: `auth-proxy-kit:<configId>:session`. */
export function sessionStorageKey(configId: string): string {
  assertNonEmptyString(configId, 'sessionStorageKey(configId)')
  return `auth-proxy-kit:${configId}:session`
}

/**
 * The session of one tenant in one browser profile, kept in step across tabs: the stored JWT is checked
 * at start (decoded, not expired, bound to a key the key store holds), a timer flips `expiresSoon` and
 * then signs out at `exp`, and other tabs' writes are followed through `storage` events.
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  assertObject(options, 'createSessionStore(options)')
  const { storage, storageKey, keyStore, now = Date.now, learnClock, window, warnBeforeMs = 60_000 } = options
  assertMethods(
    storage,
    ['getItem', 'setItem', 'removeItem'],
    'createSessionStore({ storage })',
    'a Storage (getItem, setItem, removeItem)',
  )
  assertNonEmptyString(storageKey, 'createSessionStore({ storageKey })')
  assertMethods(keyStore, ['has', 'delete'], 'createSessionStore({ keyStore })', 'a KeyStore')
  if (typeof now !== 'function') throw invalidArgument('createSessionStore({ now })', 'a function returning ms', now)
  if (learnClock !== undefined && typeof learnClock !== 'function') {
    throw invalidArgument('createSessionStore({ learnClock })', 'a function taking ms', learnClock)
  }
  if (window !== undefined) {
    assertMethods(
      window,
      ['addEventListener', 'removeEventListener'],
      'createSessionStore({ window })',
      'an event target (addEventListener, removeEventListener)',
    )
  }
  assertInteger(warnBeforeMs, 'createSessionStore({ warnBeforeMs })', 0, MAX_TIMER_DELAY_MS)

  const store = createStore<SessionSnapshot>(LOADING)
  let timer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false
  let resolveReady: () => void = ignore
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve
  })
  // Every operation that reads, validates (asynchronously: the key store) and then writes runs in
  // this queue, one at a time, so that a storage event, a set() and a logout() never interleave.
  let queue: Promise<unknown> = Promise.resolve()

  function enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const result = queue.then(operation)
    queue = result.catch(ignore)
    return result
  }

  // Storage access can throw (Safari with storage blocked, quota exceeded); the session then lives only
  // in this page, which is still better than failing the sign-in.
  function read(key = storageKey): string | null {
    try {
      return storage.getItem(key)
    } catch {
      return null
    }
  }

  function write(token: string, key = storageKey): void {
    try {
      storage.setItem(key, token)
    } catch {
      // See read().
    }
  }

  function remove(key = storageKey): void {
    try {
      storage.removeItem(key)
    } catch {
      // See read().
    }
  }

  // Who signed in, beside the token (Session.identity), with the user and key it belongs to.
  const identityKey = `${storageKey}:identity`

  /** Removes the stored token (and its identity) only if it is still `token`: another tab may have stored a newer one. */
  function removeIf(token: string): void {
    if (read() === token) {
      remove()
      remove(identityKey)
    }
  }

  /** `session` with the stored identity when it is this user's and key's (a refresh keeps it; another person's is not shown). */
  function withIdentity(session: Session): Session {
    const stored = readIdentity(read(identityKey))
    const identity =
      stored?.userId === session.userId && stored.publicKey === session.publicKey ? stored.identity : undefined
    // Same identity, same object: listeners comparing sessions by identity see no change.
    if (JSON.stringify(session.identity) === JSON.stringify(identity)) return session
    const { identity: _previous, ...rest } = session
    return identity === undefined ? rest : { ...rest, identity }
  }

  /** Teaches the clock the proxy's time from a fresh token's `iat`; a token without one (or unreadable) teaches nothing. */
  function learnFrom(token: string): void {
    const iat = (tryDecode(token) as { iat?: unknown } | undefined)?.iat
    if (learnClock !== undefined && typeof iat === 'number' && Number.isFinite(iat)) learnClock(iat * 1000)
  }

  async function validate(token: string, label: string): Promise<Session> {
    const current = store.getSnapshot().session
    const claims = decodeSessionToken(token)
    const expiresAt = claims.exp * 1000
    if (expiresAt <= now()) {
      throw new KitError('SESSION_EXPIRED', `${label}: the session expired at ${new Date(expiresAt).toISOString()}`)
    }
    if (!(await keyStore.has(claims.public_key))) {
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
  function commit(session: Session | null): void {
    clearTimer()
    if (!destroyed) {
      store.setState((previous) => {
        const next: SessionSnapshot =
          session === null
            ? SIGNED_OUT
            : { status: 'signedIn', session, expiresSoon: now() >= session.expiresAt - warnBeforeMs }
        const same =
          previous.status === next.status &&
          previous.session === next.session &&
          previous.expiresSoon === next.expiresSoon
        return same ? previous : next
      })
    }
    resolveReady()
    schedule()
  }

  /** One timer, aimed at the next change: the warning, then the expiry. */
  function schedule(): void {
    const { session, expiresSoon } = store.getSnapshot()
    if (session === null || destroyed) return
    const deadline = expiresSoon ? session.expiresAt : session.expiresAt - warnBeforeMs
    const delay = Math.min(Math.max(deadline - now(), 0), MAX_TIMER_DELAY_MS)
    timer = setTimeout(tick, delay)
  }

  function tick(): void {
    timer = undefined
    const session = store.getSnapshot().session
    if (session === null) return
    if (now() < session.expiresAt) {
      // The warning is due, or the timer fired early (a clamped delay, clock drift): re-evaluate and re-arm.
      return commit(session)
    }
    // Synchronously, so that the UI flips at `exp` and not after an IndexedDB round trip.
    removeIf(session.token)
    commit(null)
    void keyStore.delete(session.publicKey).catch(ignore)
  }

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  /** Marks the session's key as in use until it expires, so that no tab's start-up sweep deletes it. */
  async function retain(session: Session): Promise<void> {
    await keyStore.retain?.(session.publicKey, session.expiresAt)
  }

  /** Deletes the keys of sessions `session` displaced (all but its own); a key that cannot be deleted is left to the sweep. */
  async function deleteDisplaced(
    displaced: Iterable<string | undefined>,
    session: { publicKey: string } | undefined,
  ): Promise<void> {
    for (const key of new Set(displaced)) {
      if (key !== undefined && key !== session?.publicKey) await keyStore.delete(key).catch(ignore)
    }
  }

  /** At start: a stored session that is unreadable, expired or bound to a key not held is purged. */
  async function load(): Promise<void> {
    const token = read()
    if (token === null) return commit(null)
    let session: Session
    try {
      session = await validate(token, 'stored session')
    } catch (error) {
      // The key store could not answer (not "the key is missing"): keep the token for next time.
      if (isKeyStoreFailure(error)) return commit(null)
      removeIf(token)
      if (error instanceof KitError && error.code === 'SESSION_EXPIRED') {
        const publicKey = tryDecode(token)?.public_key
        if (publicKey !== undefined) await keyStore.delete(publicKey).catch(ignore)
      }
      return commit(null)
    }
    commit(withIdentity(session))
    // Also marks sessions stored by a kit that did not retain keys yet; off the queue, which the UI waits on.
    void retain(session).catch(ignore)
  }

  /**
   * Another tab changed the stored session: follow it. Its keys are the writing tab's business, but a
   * session of ours it replaced (two tabs signing in at once: the last write wins) leaves a key no one
   * will use again: this tab deletes it, unless the new session is bound to it (a refresh). Another tab's
   * logout deletes the key itself.
   */
  async function reconcile(): Promise<void> {
    const token = read()
    const current = store.getSnapshot().session
    if (token === (current?.token ?? null)) return
    if (token === null) return commit(null)
    try {
      const session = await validate(token, 'session from another tab')
      commit(withIdentity(session))
    } catch {
      commit(null)
    }
    const publicKey = tryDecode(token)?.public_key
    // An unreadable token names no key: it displaces ours all the same.
    await deleteDisplaced([current?.publicKey], publicKey === undefined ? undefined : { publicKey })
  }

  const onStorage = (event: Event): void => {
    // `key` is null when another tab called localStorage.clear().
    const key = (event as Partial<StorageEvent>).key
    if (key !== null && key !== storageKey) return
    void enqueue(reconcile)
  }

  // Timers do not run while a laptop sleeps; coming back to the page re-checks the expiry at once.
  const onFocus = (): void => {
    if (store.getSnapshot().session !== null) tick()
  }

  window?.addEventListener('storage', onStorage)
  window?.addEventListener('focus', onFocus)
  void enqueue(load)

  return {
    storageKey,
    getSnapshot: store.getSnapshot,
    subscribe: (listener) => {
      if (typeof listener !== 'function') throw invalidArgument('session.subscribe(listener)', 'a function', listener)
      return store.subscribe(listener)
    },
    ready,
    set: (token, setOptions = {}) =>
      enqueue(async () => {
        assertObject(setOptions, 'session.set(token, options)')
        const given =
          setOptions.identity === undefined
            ? undefined
            : checkIdentity(setOptions.identity, 'session.set(token, { identity })')
        const { issuedNow = true } = setOptions
        if (typeof issuedNow !== 'boolean')
          throw invalidArgument('session.set(token, { issuedNow })', 'a boolean', issuedNow)
        // Before validate(): a token issued a second ago must not read as expired on a fast device clock.
        if (issuedNow) learnFrom(token)
        const validated = await validate(token, 'session.set')
        const previous = store.getSnapshot().session
        // Written before the token: another tab reads it when the token's storage event reaches it.
        if (given !== undefined)
          write(
            JSON.stringify({ userId: validated.userId, publicKey: validated.publicKey, identity: given }),
            identityKey,
          )
        const session = withIdentity(validated)
        if (session.identity === undefined) remove(identityKey)
        // What this write replaces: another tab's session stored since this one last looked (two tabs
        // signing in at once), not only the one this tab showed.
        const stored = read()
        const overwritten = stored === null ? undefined : tryDecode(stored)?.public_key
        write(token)
        commit(session)
        await retain(session).catch(ignore)
        // The replaced sessions' keys sign nothing any more; leaving them would pile up keys. A refresh
        // (same key) deletes nothing.
        await deleteDisplaced([previous?.publicKey, overwritten], session)
        return session
      }),
    logout: () =>
      enqueue(async () => {
        const keys = new Set<string>()
        const current = store.getSnapshot().session
        if (current !== null) keys.add(current.publicKey)
        const stored = read()
        const storedKey = stored === null ? undefined : tryDecode(stored)?.public_key
        if (storedKey !== undefined) keys.add(storedKey)
        remove()
        remove(identityKey)
        commit(null)
        // Signed out even if a key cannot be deleted: the session (what grants access) is gone.
        for (const key of keys) await keyStore.delete(key).catch(ignore)
      }),
    destroy: () => {
      if (destroyed) return
      destroyed = true
      clearTimer()
      window?.removeEventListener('storage', onStorage)
      window?.removeEventListener('focus', onFocus)
      store.clear()
      resolveReady()
    },
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
  return !(error instanceof KitError) || error.code === 'KEY_STORE_UNAVAILABLE'
}
