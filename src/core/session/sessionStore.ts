import { assertInteger, assertMethods, assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import type {
  KeyStore,
  Session,
  SessionEventTarget,
  SessionSetOptions,
  SessionSnapshot,
  SessionStorage,
  SessionStore,
  Store,
} from '../contracts'
import { KitError } from '../errors'
import { createStore } from '../store'
import type { SessionClaims } from '../types'
import { decodeSessionToken } from './jwt'
import { announceWrite, PAGE_STORAGE_EVENT, writtenKey } from './pageStorageEvent'
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
  now?: (() => number) | undefined
  /**
   * Called with a fresh session token's `iat` (in ms) by set(), before the token's expiry is checked,
   * so that `now` is corrected first (the kit's ProxyClock.learn). Never called for a stored token or
   * another tab's: their `iat` is not "now". Default none.
   */
  learnClock?: ((proxyTimeMs: number) => void) | undefined
  /**
   * Source of `storage` events from other tabs (and `focus`), and where this store announces its writes
   * to the page's other kits (PAGE_STORAGE_EVENT); default none.
   */
  window?: SessionEventTarget | undefined
  /** How long before `exp` the snapshot says `expiresSoon`; default 60 000 ms. */
  warnBeforeMs?: number | undefined
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
 * The session of one tenant in one browser profile, kept in step across tabs and the page's other kits:
 * the stored JWT is checked at start (decoded, not expired, bound to a key the key store holds), a timer
 * flips `expiresSoon` and then signs out at `exp`, and other tabs' writes are followed through `storage`
 * events, the page's other kits' through PAGE_STORAGE_EVENT.
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const checked = checkSessionStoreOptions(options)
  const { window } = checked
  let resolveReady: () => void = ignore
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve
  })
  const sessions: Sessions = {
    ...checked,
    identityKey: `${checked.storageKey}:identity`,
    store: createStore<SessionSnapshot>(LOADING),
    resolveReady,
    timer: undefined,
    destroyed: false,
    queue: Promise.resolve(),
  }
  const onStorage = (event: Event): void => {
    const key = writtenKey(event, sessions)
    if (key !== null && key !== sessions.storageKey) return
    void enqueue(sessions, () => reconcile(sessions))
  }
  // Timers do not run while a laptop sleeps; coming back to the page re-checks the expiry at once.
  const onFocus = (): void => {
    if (sessions.store.getSnapshot().session !== null) tick(sessions)
  }
  window?.addEventListener('storage', onStorage)
  window?.addEventListener(PAGE_STORAGE_EVENT, onStorage)
  window?.addEventListener('focus', onFocus)
  void enqueue(sessions, () => load(sessions))

  return {
    storageKey: sessions.storageKey,
    getSnapshot: sessions.store.getSnapshot,
    subscribe: (listener) => {
      if (typeof listener !== 'function') throw invalidArgument('session.subscribe(listener)', 'a function', listener)
      return sessions.store.subscribe(listener)
    },
    ready,
    set: (token, setOptions = {}) => enqueue(sessions, () => setSession(sessions, token, setOptions)),
    logout: () => enqueue(sessions, () => logOut(sessions)),
    destroy: () => {
      if (sessions.destroyed) return
      sessions.destroyed = true
      clearTimer(sessions)
      window?.removeEventListener('storage', onStorage)
      window?.removeEventListener(PAGE_STORAGE_EVENT, onStorage)
      window?.removeEventListener('focus', onFocus)
      sessions.store.clear()
      sessions.resolveReady()
    },
  }
}

type CheckedSessionStoreOptions = Required<Omit<SessionStoreOptions, 'learnClock' | 'window'>> &
  Pick<SessionStoreOptions, 'learnClock' | 'window'>

/** createSessionStore's checks, made once; the defaults filled in. */
function checkSessionStoreOptions(options: SessionStoreOptions): CheckedSessionStoreOptions {
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
  return { storage, storageKey, keyStore, now, learnClock, window, warnBeforeMs }
}

/** A session store at run time: its options as checked, its store, and what is under way. The functions below take it. */
interface Sessions extends CheckedSessionStoreOptions {
  /** Who signed in, beside the token (Session.identity), with the user and key it belongs to. */
  readonly identityKey: string
  readonly store: Store<SessionSnapshot>
  readonly resolveReady: () => void
  timer: ReturnType<typeof setTimeout> | undefined
  destroyed: boolean
  /**
   * Every operation that reads, validates (asynchronously: the key store) and then writes runs in this
   * queue, one at a time, so that a storage event, a set() and a logout() never interleave.
   */
  queue: Promise<unknown>
}

function enqueue<T>(sessions: Sessions, operation: () => Promise<T>): Promise<T> {
  const result = sessions.queue.then(operation)
  sessions.queue = result.catch(ignore)
  return result
}

// ---------------------------------------------------------------------------------------------------
// The operations, each run in the queue

/** At start: a stored session that is unreadable, expired or bound to a key not held is purged. */
async function load(sessions: Sessions): Promise<void> {
  const token = read(sessions)
  if (token === null) return commit(sessions, null)
  let session: Session
  try {
    session = await validate(sessions, token, 'stored session')
  } catch (error) {
    // The key store could not answer (not "the key is missing"): keep the token for next time.
    if (isKeyStoreFailure(error)) return commit(sessions, null)
    removeIf(sessions, token)
    if (error instanceof KitError && error.code === 'SESSION_EXPIRED') {
      const publicKey = tryDecode(token)?.public_key
      if (publicKey !== undefined) await sessions.keyStore.delete(publicKey).catch(ignore)
    }
    return commit(sessions, null)
  }
  commit(sessions, withIdentity(sessions, session))
  // Also marks sessions stored by a kit that did not retain keys yet; off the queue, which the UI waits on.
  void retain(sessions, session).catch(ignore)
}

/**
 * Another tab changed the stored session: follow it. Its keys are the writing tab's business, but a
 * session of ours it replaced (two tabs signing in at once: the last write wins) leaves a key no one
 * will use again: this tab deletes it, unless the new session is bound to it (a refresh). Another tab's
 * logout deletes the key itself.
 */
async function reconcile(sessions: Sessions): Promise<void> {
  const token = read(sessions)
  const current = sessions.store.getSnapshot().session
  if (token === (current?.token ?? null)) return
  if (token === null) return commit(sessions, null)
  try {
    const session = await validate(sessions, token, 'session from another tab')
    commit(sessions, withIdentity(sessions, session))
  } catch {
    commit(sessions, null)
  }
  const publicKey = tryDecode(token)?.public_key
  // An unreadable token names no key: it displaces ours all the same.
  await deleteDisplaced(sessions, [current?.publicKey], publicKey === undefined ? undefined : { publicKey })
}

/** session.set: the token adopted, with the identity given (or the one stored for its user and key). */
async function setSession(sessions: Sessions, token: string, setOptions: SessionSetOptions): Promise<Session> {
  assertObject(setOptions, 'session.set(token, options)')
  const given =
    setOptions.identity === undefined
      ? undefined
      : checkIdentity(setOptions.identity, 'session.set(token, { identity })')
  const { issuedNow = true } = setOptions
  if (typeof issuedNow !== 'boolean') throw invalidArgument('session.set(token, { issuedNow })', 'a boolean', issuedNow)
  // Before validate(): a token issued a second ago must not read as expired on a fast device clock.
  if (issuedNow) learnFrom(sessions, token)
  const validated = await validate(sessions, token, 'session.set')
  const previous = sessions.store.getSnapshot().session
  // Written before the token: another tab reads it when the token's storage event reaches it.
  if (given !== undefined) {
    const { userId, publicKey } = validated
    write(sessions, JSON.stringify({ userId, publicKey, identity: given }), sessions.identityKey)
  }
  const session = withIdentity(sessions, validated)
  if (session.identity === undefined) remove(sessions, sessions.identityKey)
  // What this write replaces: another tab's session stored since this one last looked (two tabs
  // signing in at once), not only the one this tab showed.
  const stored = read(sessions)
  const overwritten = stored === null ? undefined : tryDecode(stored)?.public_key
  write(sessions, token)
  commit(sessions, session)
  await retain(sessions, session).catch(ignore)
  // The replaced sessions' keys sign nothing any more; leaving them would pile up keys. A refresh
  // (same key) deletes nothing.
  await deleteDisplaced(sessions, [previous?.publicKey, overwritten], session)
  return session
}

/** session.logout: the session shown and the one stored go, with their keys. */
async function logOut(sessions: Sessions): Promise<void> {
  const keys = new Set<string>()
  const current = sessions.store.getSnapshot().session
  if (current !== null) keys.add(current.publicKey)
  const stored = read(sessions)
  const storedKey = stored === null ? undefined : tryDecode(stored)?.public_key
  if (storedKey !== undefined) keys.add(storedKey)
  remove(sessions)
  remove(sessions, sessions.identityKey)
  commit(sessions, null)
  // Signed out even if a key cannot be deleted: the session (what grants access) is gone.
  for (const key of keys) await sessions.keyStore.delete(key).catch(ignore)
}

// ---------------------------------------------------------------------------------------------------
// Storage

// Storage access can throw (Safari with storage blocked, quota exceeded); the session then lives only
// in this page, which is still better than failing the sign-in.
function read(sessions: Sessions, key = sessions.storageKey): string | null {
  try {
    return sessions.storage.getItem(key)
  } catch {
    return null
  }
}

// A write of the token is announced to the page's other kits (the identity, written before it, is read
// with it).
function write(sessions: Sessions, token: string, key = sessions.storageKey): void {
  try {
    sessions.storage.setItem(key, token)
  } catch {
    // See read().
  }
  if (key === sessions.storageKey) announceWrite(sessions.window, key, sessions)
}

function remove(sessions: Sessions, key = sessions.storageKey): void {
  try {
    sessions.storage.removeItem(key)
  } catch {
    // See read().
  }
  if (key === sessions.storageKey) announceWrite(sessions.window, key, sessions)
}

/** Removes the stored token (and its identity) only if it is still `token`: another tab may have stored a newer one. */
function removeIf(sessions: Sessions, token: string): void {
  if (read(sessions) === token) {
    remove(sessions)
    remove(sessions, sessions.identityKey)
  }
}

/** `session` with the stored identity when it is this user's and key's (a refresh keeps it; another person's is not shown). */
function withIdentity(sessions: Sessions, session: Session): Session {
  const stored = readIdentity(read(sessions, sessions.identityKey))
  const identity =
    stored?.userId === session.userId && stored.publicKey === session.publicKey ? stored.identity : undefined
  // Same identity, same object: listeners comparing sessions by identity see no change.
  if (JSON.stringify(session.identity) === JSON.stringify(identity)) return session
  const { identity: _previous, ...rest } = session
  return identity === undefined ? rest : { ...rest, identity }
}

// ---------------------------------------------------------------------------------------------------
// Tokens and keys

/** Teaches the clock the proxy's time from a fresh token's `iat`; a token without one (or unreadable) teaches nothing. */
function learnFrom({ learnClock }: Sessions, token: string): void {
  const iat = (tryDecode(token) as { iat?: unknown } | undefined)?.iat
  if (learnClock !== undefined && typeof iat === 'number' && Number.isFinite(iat)) learnClock(iat * 1000)
}

async function validate(sessions: Sessions, token: string, label: string): Promise<Session> {
  const current = sessions.store.getSnapshot().session
  const claims = decodeSessionToken(token)
  const expiresAt = claims.exp * 1000
  if (expiresAt <= sessions.now()) {
    throw new KitError('SESSION_EXPIRED', `${label}: the session expired at ${new Date(expiresAt).toISOString()}`)
  }
  if (!(await sessions.keyStore.has(claims.public_key))) {
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

/** Marks the session's key as in use until it expires, so that no tab's start-up sweep deletes it. */
async function retain({ keyStore }: Sessions, session: Session): Promise<void> {
  await keyStore.retain?.(session.publicKey, session.expiresAt)
}

/** Deletes the keys of sessions `session` displaced (all but its own); a key that cannot be deleted is left to the sweep. */
async function deleteDisplaced(
  { keyStore }: Sessions,
  displaced: Iterable<string | undefined>,
  session: { publicKey: string } | undefined,
): Promise<void> {
  for (const key of new Set(displaced)) {
    if (key !== undefined && key !== session?.publicKey) await keyStore.delete(key).catch(ignore)
  }
}

// ---------------------------------------------------------------------------------------------------
// The snapshot and its timer

/** Publishes `session` (null: signed out), replacing the snapshot only if something changed. */
function commit(sessions: Sessions, session: Session | null): void {
  clearTimer(sessions)
  if (!sessions.destroyed) {
    const { now, warnBeforeMs } = sessions
    sessions.store.setState((previous) => {
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
  sessions.resolveReady()
  schedule(sessions)
}

/** One timer, aimed at the next change: the warning, then the expiry. */
function schedule(sessions: Sessions): void {
  const { session, expiresSoon } = sessions.store.getSnapshot()
  if (session === null || sessions.destroyed) return
  const deadline = expiresSoon ? session.expiresAt : session.expiresAt - sessions.warnBeforeMs
  const delay = Math.min(Math.max(deadline - sessions.now(), 0), MAX_TIMER_DELAY_MS)
  sessions.timer = setTimeout(() => tick(sessions), delay)
}

function tick(sessions: Sessions): void {
  sessions.timer = undefined
  const session = sessions.store.getSnapshot().session
  if (session === null) return
  if (sessions.now() < session.expiresAt) {
    // The warning is due, or the timer fired early (a clamped delay, clock drift): re-evaluate and re-arm.
    return commit(sessions, session)
  }
  // Synchronously, so that the UI flips at `exp` and not after an IndexedDB round trip.
  removeIf(sessions, session.token)
  commit(sessions, null)
  void sessions.keyStore.delete(session.publicKey).catch(ignore)
}

function clearTimer(sessions: Sessions): void {
  if (sessions.timer !== undefined) clearTimeout(sessions.timer)
  sessions.timer = undefined
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
