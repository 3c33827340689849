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
  beforeMs?: number
  /** Each failed attempt (they are retried with backoff until the session expires). */
  onError?(error: KitError): void
  /**
   * Which tab refreshes: default `navigator.locks` when the browser has it; null (or no Web Locks) takes
   * a lease in the session's storage instead.
   */
  locks?: RefreshLocks | null
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
  const label = 'startAutoRefresh'
  checkWalletCall(kit, {}, label)
  assertObject(options as unknown, `${label}(options)`)
  const { beforeMs = DEFAULT_REFRESH_BEFORE_MS, onError } = options
  assertInteger(beforeMs, `${label}({ beforeMs })`, 0, 2 ** 31 - 1)
  if (onError !== undefined && typeof onError !== 'function')
    throw invalidArgument(`${label}({ onError })`, 'a function', onError)
  const locks: RefreshLocks | null = options.locks === undefined ? browserLocks() : options.locks
  if (locks !== null && typeof (locks as Partial<RefreshLocks> | undefined)?.request !== 'function') {
    throw invalidArgument(`${label}({ locks })`, 'a LockManager (navigator.locks) or null', locks)
  }
  const lead = Math.max(beforeMs, MIN_REFRESH_BEFORE_MS)
  // The lock is named after the storage it guards: the store's own key.
  const { storageKey } = kit.session
  const lockName = `${storageKey}:refresh`
  const owner = randomOwner()

  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  // The token the timer is aimed at, and when this tab first saw it (see leadFor).
  let aimedAt: string | undefined
  let firstSeen = new Map<string, number>()
  let failures = 0
  let running: AbortController | undefined

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  /** Never more than half the life this tab saw the session with: a short session must not refresh in a loop. */
  function leadFor(session: Session): number {
    const seen = firstSeen.get(session.token) ?? kit.now()
    return Math.min(lead, Math.max(MIN_REFRESH_BEFORE_MS, (session.expiresAt - seen) / 2))
  }

  function arm(delay: number): void {
    clearTimer()
    timer = setTimeout(fire, Math.min(Math.max(delay, 0), 2 ** 31 - 1))
  }

  function follow(): void {
    if (stopped) return
    const session = kit.session.getSnapshot().session
    if (session === null) {
      clearTimer()
      aimedAt = undefined
      running?.abort()
      return
    }
    if (session.token === aimedAt) return
    aimedAt = session.token
    failures = 0
    firstSeen = new Map([[session.token, firstSeen.get(session.token) ?? kit.now()]])
    arm(session.expiresAt - leadFor(session) - kit.now())
  }

  async function fire(): Promise<void> {
    timer = undefined
    const session = kit.session.getSnapshot().session
    // The timer belongs to the session it was aimed at; a new one has re-aimed it already.
    if (stopped || session === null || session.token !== aimedAt) return
    let outcome: Attempt
    try {
      outcome = await withLock(() => attempt(session))
    } catch (error) {
      const kitError =
        error instanceof KitError ? error : new KitError('PROXY_ERROR', `${label}: ${String(error)}`, { cause: error })
      if (stopped || kitError.code === 'ABORTED') return
      onError?.(kitError)
      failures += 1
      const delay = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS)
      // Retried while the session lasts (and only that session: a new one re-aims the timer).
      if (
        !FINAL.has(kitError.code) &&
        kit.session.getSnapshot().session?.token === session.token &&
        kit.now() + delay < session.expiresAt
      ) {
        arm(delay)
      }
      return
    }
    if (stopped) return
    // Another tab holds the lock and is refreshing: look again shortly, when its token has arrived or it gave up.
    if (outcome === 'busy' && kit.session.getSnapshot().session?.token === session.token)
      arm(Math.min(FIRST_RETRY_MS * 2, Math.max(session.expiresAt - kit.now(), 0)))
  }

  /** Under the lock: refresh only if the session is still the one the timer was aimed at, here and in storage. */
  async function attempt(session: Session): Promise<Attempt> {
    const stored = readStored(kit.storage, storageKey)
    if (
      kit.session.getSnapshot().session?.token !== session.token ||
      (stored !== undefined && stored !== session.token)
    )
      return 'unchanged'
    running = new AbortController()
    try {
      await refreshSession(kit, { signal: running.signal })
      return 'refreshed'
    } finally {
      running = undefined
    }
  }

  async function withLock(run: () => Promise<Attempt>): Promise<Attempt> {
    if (locks !== null) {
      return locks.request<Attempt>(lockName, { ifAvailable: true }, (lock: unknown) =>
        lock === null ? 'busy' : run(),
      )
    }
    return withLease(kit, `${lockName}-lease`, owner, run)
  }

  const unsubscribe = kit.session.subscribe(follow)
  void kit.session.ready.then(follow)
  follow()

  return () => {
    if (stopped) return
    stopped = true
    unsubscribe()
    clearTimer()
    running?.abort()
  }
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
  const locks = (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks
  return typeof locks?.request === 'function' ? locks : null
}

function randomOwner(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
