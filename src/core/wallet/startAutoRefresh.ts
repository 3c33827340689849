import { assertInteger, assertObject, invalidArgument } from '../assert'
import type { Kit, Session, SessionStorage } from '../contracts'
import { KitError, type KitErrorCode } from '../errors'
import { refreshSession } from './refreshSession'
import { checkWalletCall } from './walletOptions'

/** The part of the Web Locks API used: `navigator.locks`, or a stand-in shared by a test's "tabs". */
export interface RefreshLocks {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T> | T): Promise<T>
}

export interface AutoRefreshOptions {
  /** How long before expiry to refresh; default 60 000 ms, never less than 5 000. */
  beforeMs?: number | undefined
  /** Each failed attempt (they are retried with backoff until the session expires). */
  onError?: ((error: KitError) => void) | undefined
  /**
   * Which tab refreshes: default `navigator.locks` when the browser has it; null (or no Web Locks) takes
   * a lease in the session's storage instead.
   */
  locks?: RefreshLocks | null | undefined
}

export const DEFAULT_REFRESH_BEFORE_MS = 60_000
export const MIN_REFRESH_BEFORE_MS = 5_000
// How long a storage lease holds when its tab dies mid-refresh: longer than a request's deadline.
const LEASE_MS = 30_000
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000
// A refusal that another attempt will not change: the API no longer takes this session, or this one may not refresh.
const FINAL: ReadonlySet<KitErrorCode> = new Set<KitErrorCode>([
  'STAMP_REFUSED',
  'NOT_SIGNED_IN',
  'PERMISSION_DENIED',
  'INVALID_REQUEST',
  'CONFIG_INVALID',
  'SESSION_KEY_MISMATCH',
])

type Attempt = 'refreshed' | 'unchanged' | 'busy'

/**
 * Keeps the session alive while the page is open: `beforeMs` before it expires, one tab (Web Locks, or
 * a lease in the session's storage) refreshes it with refreshSession; the others follow through the
 * session store. A tab that takes the lock after another refreshed sees the new token and does nothing.
 * A timer runs only while signed in. Failures are retried with backoff until expiry, each reported to
 * `onError`; a refusal (STAMP_REFUSED, ...) is not retried. Returns stop(), which cleans everything up.
 */
export function startAutoRefresh(kit: Kit, options: AutoRefreshOptions = {}): () => void {
  const { lead, onError, locks } = checkAutoRefreshOptions(kit, options)
  // The lock is named after the storage it guards: the store's own key.
  const { storageKey } = kit.session
  const refresher: Refresher = {
    kit,
    lead,
    onError,
    locks,
    storageKey,
    lockName: `${storageKey}:refresh`,
    owner: randomOwner(),
    stopped: false,
    timer: undefined,
    aimedAt: undefined,
    firstSeen: new Map(),
    failures: 0,
    running: undefined,
  }
  const unsubscribe = kit.session.subscribe(() => follow(refresher))
  void kit.session.ready.then(() => follow(refresher))
  follow(refresher)

  return () => {
    if (refresher.stopped) return
    refresher.stopped = true
    unsubscribe()
    clearTimer(refresher)
    refresher.running?.abort()
  }
}

const LABEL = 'startAutoRefresh'

/** startAutoRefresh's checks, made once: how long before expiry, who hears of failures, which locks. */
function checkAutoRefreshOptions(kit: Kit, options: AutoRefreshOptions): Pick<Refresher, 'lead' | 'onError' | 'locks'> {
  checkWalletCall(kit, {}, LABEL)
  assertObject(options as unknown, `${LABEL}(options)`)
  const { beforeMs = DEFAULT_REFRESH_BEFORE_MS, onError } = options
  assertInteger(beforeMs, `${LABEL}({ beforeMs })`, 0, 2 ** 31 - 1)
  if (onError !== undefined && typeof onError !== 'function')
    throw invalidArgument(`${LABEL}({ onError })`, 'a function', onError)
  const locks: RefreshLocks | null = options.locks === undefined ? browserLocks() : options.locks
  if (locks !== null && typeof (locks as Partial<RefreshLocks> | undefined)?.request !== 'function') {
    throw invalidArgument(`${LABEL}({ locks })`, 'a LockManager (navigator.locks) or null', locks)
  }
  return { lead: Math.max(beforeMs, MIN_REFRESH_BEFORE_MS), onError, locks }
}

/** One tab's refresher at run time: what startAutoRefresh was given, and its timer. The functions below take it. */
interface Refresher {
  readonly kit: Kit
  readonly lead: number
  readonly onError: ((error: KitError) => void) | undefined
  readonly locks: RefreshLocks | null
  readonly storageKey: string
  readonly lockName: string
  readonly owner: string
  stopped: boolean
  timer: ReturnType<typeof setTimeout> | undefined
  /** The token the timer is aimed at, and when this tab first saw it (see leadFor). */
  aimedAt: string | undefined
  firstSeen: Map<string, number>
  failures: number
  running: AbortController | undefined
}

function clearTimer(refresher: Refresher): void {
  if (refresher.timer !== undefined) clearTimeout(refresher.timer)
  refresher.timer = undefined
}

/** Never more than half the life this tab saw the session with: a short session must not refresh in a loop. */
function leadFor(refresher: Refresher, session: Session): number {
  const seen = refresher.firstSeen.get(session.token) ?? refresher.kit.now()
  return Math.min(refresher.lead, Math.max(MIN_REFRESH_BEFORE_MS, (session.expiresAt - seen) / 2))
}

function arm(refresher: Refresher, delay: number): void {
  clearTimer(refresher)
  refresher.timer = setTimeout(() => void fire(refresher), Math.min(Math.max(delay, 0), 2 ** 31 - 1))
}

/** The session changed (or was read at start): aim the timer at it, or stop when signed out. */
function follow(refresher: Refresher): void {
  if (refresher.stopped) return
  const { kit } = refresher
  const session = kit.session.getSnapshot().session
  if (session === null) {
    clearTimer(refresher)
    refresher.aimedAt = undefined
    refresher.running?.abort()
    return
  }
  if (session.token === refresher.aimedAt) return
  refresher.aimedAt = session.token
  refresher.failures = 0
  refresher.firstSeen = new Map([[session.token, refresher.firstSeen.get(session.token) ?? kit.now()]])
  arm(refresher, session.expiresAt - leadFor(refresher, session) - kit.now())
}

async function fire(refresher: Refresher): Promise<void> {
  refresher.timer = undefined
  const { kit } = refresher
  const session = kit.session.getSnapshot().session
  // The timer belongs to the session it was aimed at; a new one has re-aimed it already.
  if (refresher.stopped || session === null || session.token !== refresher.aimedAt) return
  let outcome: Attempt
  try {
    outcome = await withLock(refresher, () => attempt(refresher, session))
  } catch (error) {
    failed(refresher, session, error)
    return
  }
  if (refresher.stopped) return
  // Another tab holds the lock and is refreshing: look again shortly, when its token has arrived or it gave up.
  if (outcome === 'busy' && kit.session.getSnapshot().session?.token === session.token)
    arm(refresher, Math.min(FIRST_RETRY_MS * 2, Math.max(session.expiresAt - kit.now(), 0)))
}

/** A refresh failed: reported, and retried with backoff while the session lasts, unless the refusal is final. */
function failed(refresher: Refresher, session: Session, error: unknown): void {
  const { kit } = refresher
  const kitError =
    error instanceof KitError ? error : new KitError('PROXY_ERROR', `${LABEL}: ${String(error)}`, { cause: error })
  if (refresher.stopped || kitError.code === 'ABORTED') return
  refresher.onError?.(kitError)
  refresher.failures += 1
  const delay = Math.min(FIRST_RETRY_MS * 2 ** (refresher.failures - 1), MAX_RETRY_MS)
  // Retried while the session lasts (and only that session: a new one re-aims the timer).
  if (
    !FINAL.has(kitError.code) &&
    kit.session.getSnapshot().session?.token === session.token &&
    kit.now() + delay < session.expiresAt
  ) {
    arm(refresher, delay)
  }
}

/** Under the lock: refresh only if the session is still the one the timer was aimed at, here and in storage. */
async function attempt(refresher: Refresher, session: Session): Promise<Attempt> {
  const { kit } = refresher
  const stored = readStored(kit.storage, refresher.storageKey)
  if (kit.session.getSnapshot().session?.token !== session.token || (stored !== undefined && stored !== session.token))
    return 'unchanged'
  refresher.running = new AbortController()
  try {
    await refreshSession(kit, { signal: refresher.running.signal })
    return 'refreshed'
  } finally {
    refresher.running = undefined
  }
}

async function withLock(refresher: Refresher, run: () => Promise<Attempt>): Promise<Attempt> {
  const { locks, lockName } = refresher
  if (locks !== null) {
    return locks.request<Attempt>(lockName, { ifAvailable: true }, (lock: unknown) => (lock === null ? 'busy' : run()))
  }
  return withLease(refresher.kit, `${lockName}-lease`, refresher.owner, run)
}

/** A lease in the shared storage: `{owner, expiresAt}`, written then read back; whoever reads their own id holds it. */
async function withLease(kit: Kit, key: string, owner: string, run: () => Promise<Attempt>): Promise<Attempt> {
  const held = readLease(kit.storage, key)
  if (held !== undefined && held.owner !== owner && held.expiresAt > kit.now()) return 'busy'
  try {
    kit.storage.setItem(key, JSON.stringify({ owner, expiresAt: kit.now() + LEASE_MS }))
  } catch {
    // No storage to share: this tab alone decides (it is likely the only one that can keep a session).
    return run()
  }
  // Two tabs writing at once: the later write wins, and only its writer reads its own id back.
  if (readLease(kit.storage, key)?.owner !== owner) return 'busy'
  try {
    return await run()
  } finally {
    if (readLease(kit.storage, key)?.owner === owner) {
      try {
        kit.storage.removeItem(key)
      } catch {
        // The lease expires by itself.
      }
    }
  }
}

function readLease(storage: SessionStorage, key: string): { owner: string; expiresAt: number } | undefined {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? 'null') as { owner?: unknown; expiresAt?: unknown } | null
    return typeof parsed?.owner === 'string' && typeof parsed.expiresAt === 'number'
      ? { owner: parsed.owner, expiresAt: parsed.expiresAt }
      : undefined
  } catch {
    return undefined
  }
}

/** The token in storage; undefined when storage cannot be read (then only this tab's view counts). */
function readStored(storage: SessionStorage, key: string): string | null | undefined {
  try {
    return storage.getItem(key)
  } catch {
    return undefined
  }
}

function browserLocks(): RefreshLocks | null {
  const locks = (globalThis as { navigator?: { locks?: RefreshLocks | undefined } | undefined }).navigator?.locks
  return typeof locks?.request === 'function' ? locks : null
}

function randomOwner(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
