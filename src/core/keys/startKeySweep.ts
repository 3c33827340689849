import type { KeyStore, SessionStorage, SessionStore } from '../contracts'
import { decodeSessionToken } from '../session/jwt'

// How long a sign-in may hold a key before a session is bound to it (and retain() protects it), by flow:
// - OTP: the code lives up to 600 s (production's cap on a tenant's lifetime), then the verification
//   token 600 s more, during which a failed step is retried with the same key.
const OTP_FLOW_MS = 600_000 + 600_000
// - OAuth: a pending sign-in lasts OAUTH_PENDING_TTL_MS (10 minutes).
const OAUTH_FLOW_MS = 10 * 60_000
// - Passkey sign-up: a prompt of up to 300 s, then signup and stamp_login (20 s deadline each).
const PASSKEY_SIGNUP_MS = 300_000 + 2 * 20_000
// Room for a flow's last request, a device clock set a little forward while it ran, and flows not yet
// counted above: a key swept too early ends a sign-in, one swept late costs a few bytes.
const MARGIN_MS = 10 * 60_000

/** Keys younger than this are never swept: the longest flow's lifetime (OTP: 20 min) plus a margin. */
export const KEY_SWEEP_AGE_MS = Math.max(OTP_FLOW_MS, OAUTH_FLOW_MS, PASSKEY_SIGNUP_MS) + MARGIN_MS

export interface StartKeySweepOptions {
  keyStore: KeyStore
  /** The kit's session store: the sweep waits for its load, and spares its session's key. */
  session: SessionStore
  /** The kit's session storage: the keys of every kit's session stored there (all config ids) are spared. */
  storage: SessionStorage
  /** The kit's clock, the one retain() times are on. */
  now: () => number
  /**
   * Runs `task` when the page is idle; answers a cancel. Default requestIdleCallback, else a short timer;
   * with no document (Node, a worker) there is no paint to keep clear of, and it runs at once.
   */
  whenIdle?: ((task: () => void) => () => void) | undefined
}

// Once per key store: a page that makes several kits on one store sweeps it once.
const started = new WeakSet<KeyStore>()

/**
 * The start-up sweep: once the session store has loaded, when the page is idle, deletes the keys that
 * abandoned sign-ins left behind (keyStore.sweep): older than KEY_SWEEP_AGE_MS, not retained by a live
 * session (retain()), and not bound to a session this kit can see. A key store without sweep() (a custom
 * one) is not swept. Answers the cancel (kit.destroy). Never throws: a failed sweep is tried next load.
 */
export function startKeySweep(options: StartKeySweepOptions): () => void {
  const { keyStore, session, storage, now, whenIdle = idle } = options
  if (typeof keyStore.sweep !== 'function' || started.has(keyStore)) return ignore
  started.add(keyStore)
  let cancelled = false
  let swept = false
  let cancelIdle = ignore
  void session.ready.then(() => {
    if (cancelled) return
    cancelIdle = whenIdle(() => {
      if (cancelled) return
      swept = true
      cancelIdle = ignore
      const spare = new Set(storedSessionKeys(storage))
      const current = session.getSnapshot().session
      if (current !== null) spare.add(current.publicKey)
      void Promise.resolve()
        .then(() => keyStore.sweep?.({ olderThanMs: KEY_SWEEP_AGE_MS, now: now(), spare }))
        .catch(ignore)
    })
  })
  return () => {
    if (cancelled) return
    cancelled = true
    cancelIdle()
    // A kit destroyed before its sweep (React's strict mode makes and drops one) leaves it to the next kit on the store.
    if (!swept) started.delete(keyStore)
  }
}

/**
 * The keys of the sessions stored in `storage` under any kit's key (`auth-proxy-kit:<configId>:session`),
 * when it can be enumerated, as localStorage can: other tenants' sessions on this origin, stored by kits
 * that may not have retained their keys (older versions).
 */
export function storedSessionKeys(storage: SessionStorage): string[] {
  const enumerable = storage as Partial<Pick<Storage, 'length' | 'key'>>
  const keys: string[] = []
  try {
    if (typeof enumerable.length !== 'number' || typeof enumerable.key !== 'function') return keys
    for (let index = 0; index < enumerable.length; index++) {
      const name = enumerable.key(index)
      if (name === null || !name.startsWith('auth-proxy-kit:') || !name.endsWith(':session')) continue
      const publicKey = tryPublicKey(storage.getItem(name))
      if (publicKey !== undefined) keys.push(publicKey)
    }
  } catch {
    // Blocked storage: the sweep still spares this kit's session and every retained key.
  }
  return keys
}

function tryPublicKey(token: string | null): string | undefined {
  if (token === null) return undefined
  try {
    return decodeSessionToken(token).public_key
  } catch {
    return undefined
  }
}

// requestIdleCallback is missing in Safari before 18 (and in jsdom): a timer stands in.
function idle(task: () => void): () => void {
  if (typeof document === 'undefined') {
    let cancelled = false
    queueMicrotask(() => {
      if (!cancelled) task()
    })
    return () => {
      cancelled = true
    }
  }
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 5000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 1000)
  return () => clearTimeout(timer)
}

function ignore(): void {}
