// The device's clock may be wrong by minutes (set by hand, a dead CMOS battery, a VM restored from a
// snapshot). The proxy's and the API's clocks are right, and every token the proxy issues says when (its
// `iat`): the kit learns "proxy time minus device time" from each fresh token and adds it to the device
// clock, so that expiry checks and the public API's `timestampMs` are on the proxy's time.
import { invalidArgument } from './assert'
import type { SessionEventTarget, SessionStorage } from './contracts'
import { announceWrite, PAGE_STORAGE_EVENT, writtenKey } from './session/pageStorageEvent'

/**
 * Measured offsets smaller than this are ignored, and a learned offset is only replaced by one that
 * differs from it by at least this much. `iat` is whole seconds (up to 1 s early), and the token was
 * issued a round trip before it arrived (a slow mobile network: a few seconds), so a measurement of a
 * right clock reads anywhere from 0 to about -5 s. Nothing the kit times cares about a few seconds: the
 * API accepts a timestamp up to 5 minutes ahead, and the session warns a minute before its end.
 */
export const CLOCK_OFFSET_THRESHOLD_MS = 5_000

/** Where the learned offset is kept: one key per origin, as the device's clock is the same for every tenant. */
export const CLOCK_OFFSET_STORAGE_KEY = 'auth-proxy-kit:clock-offset'

export interface ProxyClock {
  /** The device clock corrected by the learned offset: the proxy's time, in ms since the epoch. */
  now(): number
  /** Proxy time minus device time, in ms; 0 until learned. */
  offsetMs(): number
  /**
   * Learns from a time the proxy or the API stated just now, in ms (a fresh token's `iat` × 1000, a
   * refusal naming the API's clock). Ignored when within CLOCK_OFFSET_THRESHOLD_MS of the corrected
   * clock. Returns true when the offset changed. Never pass a time from storage or from another tab:
   * it is not "now" for the proxy.
   */
  learn(proxyTimeMs: number): boolean
  /** Stops following other tabs. */
  destroy(): void
}

export interface ProxyClockOptions {
  /** The device clock, ms; default Date.now. */
  deviceNow?: (() => number) | undefined
  /** Where the offset persists (the kit's storage); none keeps it in memory. */
  storage?: SessionStorage | undefined
  /** Default CLOCK_OFFSET_STORAGE_KEY. */
  storageKey?: string | undefined
  /**
   * Source of `storage` events: an offset another tab learned is adopted at once (it was learned from
   * a fresh token there), so that this tab does not judge that tab's session by a wrong clock. The same
   * for another kit on this page (PAGE_STORAGE_EVENT), to which this clock announces what it learns.
   */
  window?: SessionEventTarget | undefined
}

export function createProxyClock(options: ProxyClockOptions = {}): ProxyClock {
  const { deviceNow = Date.now, storage, storageKey = CLOCK_OFFSET_STORAGE_KEY, window } = options
  if (typeof deviceNow !== 'function')
    throw invalidArgument('createProxyClock({ deviceNow })', 'a function returning ms', deviceNow)
  let offset = readOffset(storage, storageKey)
  const onStorage = (event: Event): void => {
    const key = writtenKey(event, onStorage)
    if (key === null || key === storageKey) offset = readOffset(storage, storageKey)
  }
  window?.addEventListener('storage', onStorage)
  window?.addEventListener(PAGE_STORAGE_EVENT, onStorage)

  return {
    now: () => deviceNow() + offset,
    offsetMs: () => offset,
    learn(proxyTimeMs) {
      if (typeof proxyTimeMs !== 'number' || !Number.isFinite(proxyTimeMs)) return false
      const residual = proxyTimeMs - (deviceNow() + offset)
      if (Math.abs(residual) < CLOCK_OFFSET_THRESHOLD_MS) return false
      const measured = offset + residual
      // A clock set right again reads as a residual that cancels the old offset: back to none.
      offset = Math.abs(measured) < CLOCK_OFFSET_THRESHOLD_MS ? 0 : Math.round(measured)
      writeOffset(storage, storageKey, offset)
      announceWrite(window, storageKey, onStorage)
      return true
    },
    destroy: () => {
      window?.removeEventListener('storage', onStorage)
      window?.removeEventListener(PAGE_STORAGE_EVENT, onStorage)
    },
  }
}

// The offset was learned on this device, by this kit: a value that is not a finite integer is someone
// else's (or garbage) and is ignored. Storage that throws (blocked) leaves the offset in memory.
function readOffset(storage: SessionStorage | undefined, key: string): number {
  try {
    const text = storage?.getItem(key)
    if (text === null || text === undefined || !/^-?\d{1,15}$/.test(text)) return 0
    return Number(text)
  } catch {
    return 0
  }
}

function writeOffset(storage: SessionStorage | undefined, key: string, offset: number): void {
  try {
    if (offset === 0) storage?.removeItem(key)
    else storage?.setItem(key, String(offset))
  } catch {
    // See readOffset().
  }
}
