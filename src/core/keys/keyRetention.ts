// What the key stores share about the start-up sweep: the checks of retain()'s and sweep()'s arguments,
// and the one rule that says whether a stored key was left behind.
import { assertInteger, invalidArgument } from '../assert'
import type { KeyStore } from '../contracts'

export type KeySweepCriteria = Parameters<NonNullable<KeyStore['sweep']>>[0]

/** The sweep's view of a stored key; both fields are absent on records an older kit wrote without them. */
export interface KeyRetention {
  /** ms since the epoch, by the key store's clock. */
  createdAt?: number | undefined
  /** ms since the epoch, by the kit's clock (the session's expiry): retain()'s latest `untilMs`. */
  retainUntil?: number | undefined
}

export function assertTime(value: unknown, label: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw invalidArgument(label, 'a time in ms since the epoch', value)
}

export function checkSweepCriteria(criteria: KeySweepCriteria): KeySweepCriteria {
  if (typeof criteria !== 'object' || criteria === null)
    throw invalidArgument('keyStore.sweep(criteria)', 'an object', criteria)
  assertInteger(criteria.olderThanMs, 'keyStore.sweep({ olderThanMs })', 0, Number.MAX_SAFE_INTEGER)
  assertTime(criteria.now, 'keyStore.sweep({ now })')
  if (!(criteria.spare instanceof Set))
    throw invalidArgument('keyStore.sweep({ spare })', 'a Set of public keys', criteria.spare)
  return criteria
}

/** The later of the recorded and the new retain time: a retain() never shortens another's. */
export function laterRetain(recorded: number | undefined, untilMs: number): number {
  return recorded === undefined || untilMs > recorded ? untilMs : recorded
}

/**
 * True for a key nothing protects any more: not spared, created more than `olderThanMs` before `storeNow`,
 * and retained (if ever) only until before `criteria.now`. A record without a usable `createdAt` is an
 * old key, as old as can be.
 */
export function isLeftBehind(
  publicKey: string,
  record: KeyRetention,
  criteria: KeySweepCriteria,
  storeNow: number,
): boolean {
  if (criteria.spare.has(publicKey)) return false
  const createdAt =
    typeof record.createdAt === 'number' && Number.isFinite(record.createdAt) ? record.createdAt : -Infinity
  if (storeNow - createdAt <= criteria.olderThanMs) return false
  return typeof record.retainUntil !== 'number' || !(record.retainUntil > criteria.now)
}
