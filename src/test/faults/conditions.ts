// What goes wrong on the device rather than on the wire (issue 29, item 9): a clock that is off, and
// the browser's storage (IndexedDB for the keys, localStorage for the session) missing, refusing or
// full. Each is run once over a few flows that reach every kind of sign-in and a signature; a run holds
// to the same invariants as a network fault's.
import { IDBFactory } from 'fake-indexeddb'
import { expect } from 'vitest'
import type { SessionStorage } from '../../core/contracts'
import { defaultKeyStore } from '../../core/keys/defaultKeyStore'
import { indexedDbKeyStore } from '../../core/keys/indexedDbKeyStore'
import { memoryStorage } from '../../core/session/memoryStorage'
import type { FlowDef } from './flow'
import type { World, WorldOptions } from './world'

export interface Condition {
  /** Names the run and the summary's column. */
  name: string
  /** What the kit must make of it in `flow`: signed in, or one of these stable codes. */
  expected(flow: FlowDef): 'success' | { codes: string[] }
  /**
   * The device as the run starts (`world`), what goes wrong just before the call under test (`start`),
   * what makes it work again before the documented recovery (`heal`), and what puts back a global the
   * run changed (`restore`, at its end).
   */
  setUp(): { world: WorldOptions; start?(world: World): void; heal(world: World): void; restore?(): void }
  /** What else must hold once signed in (after the call or the recovery). */
  check?(world: World): void
}

/** A storage whose every method throws, as Safari's with all storage blocked, or a sandboxed iframe's. */
function disabledStorage(): SessionStorage {
  const refuse = (): never => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
  return { getItem: refuse, setItem: refuse, removeItem: refuse }
}

/** A full localStorage: reads and removals work, every write throws QuotaExceededError. */
function fullStorage(): SessionStorage {
  const inner = memoryStorage()
  return {
    getItem: (key) => inner.getItem(key),
    removeItem: (key) => inner.removeItem(key),
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    },
  }
}

/** An IndexedDB that refuses to open (old Firefox private windows, storage-blocked iframes). */
function refusingIndexedDb(): IDBFactory {
  const factory = new IDBFactory()
  factory.open = () => {
    throw new DOMException(
      'A mutation operation was attempted on a database that did not allow mutations.',
      'InvalidStateError',
    )
  }
  return factory
}

/**
 * An IndexedDB that opens and then refuses every write while `broken` (a full disk: the browser's
 * QuotaExceededError; reads still work), until healed.
 */
function failingIndexedDb(state: { broken: boolean }): IDBFactory {
  const factory = new IDBFactory()
  const open = factory.open.bind(factory)
  factory.open = (name, version) => {
    const request = open(name, version)
    request.addEventListener('success', () => {
      const db = request.result
      const transaction = db.transaction.bind(db)
      db.transaction = ((...args: Parameters<IDBDatabase['transaction']>) => {
        const [, mode] = args
        if (state.broken && mode === 'readwrite')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return transaction(...args)
      }) as IDBDatabase['transaction']
    })
    return request
  }
  return factory
}

const quiet = () => undefined

/** Signed in with a wrong clock, the kit reads the proxy's time (kit.now(): the device's, corrected). */
function checkCorrectedClock(world: World): void {
  const off = Math.abs(world.kit.now() - world.proxyNow()) / 1000
  expect.soft(off, 'seconds between the kit’s corrected clock and the proxy’s').toBeLessThanOrEqual(60)
}

export const CLOCK_SKEW_SECONDS = 10 * 60

export const CONDITIONS: readonly Condition[] = [
  // The device's clock ten minutes ahead of the proxy's, then behind: the kit learns the offset from the
  // proxy's answers (proxyClock.ts) and stamps in the proxy's time.
  {
    name: 'clock ahead',
    expected: () => 'success',
    setUp: () => ({ world: { clockSkewSeconds: CLOCK_SKEW_SECONDS }, heal: quiet }),
    check: checkCorrectedClock,
  },
  {
    name: 'clock behind',
    expected: () => 'success',
    setUp: () => ({ world: { clockSkewSeconds: -CLOCK_SKEW_SECONDS }, heal: quiet }),
    check: checkCorrectedClock,
  },
  // No IndexedDB at all, or one that will not open: the keys are kept in memory (defaultKeyStore).
  {
    name: 'IndexedDB unavailable',
    expected: () => 'success',
    setUp: () => {
      const saved = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB')
      Reflect.deleteProperty(globalThis, 'indexedDB')
      return {
        world: { keyStore: defaultKeyStore({ warn: quiet }) },
        heal: quiet,
        restore: () => {
          if (saved !== undefined) Object.defineProperty(globalThis, 'indexedDB', saved)
        },
      }
    },
  },
  {
    name: 'IndexedDB refuses to open',
    expected: () => 'success',
    setUp: () => ({
      world: { keyStore: defaultKeyStore({ indexedDB: refusingIndexedDb(), warn: quiet }) },
      heal: quiet,
    }),
  },
  // Opened, then every write refused (a full disk): a sign-in cannot keep a key, and says so; once the
  // browser has room again, starting again signs in. A signature or a refresh, with the key it has, works.
  {
    name: 'IndexedDB throws',
    expected: (flow) => (flow.makesNoKey === true ? 'success' : { codes: ['KEY_STORE_UNAVAILABLE'] }),
    setUp: () => {
      const state = { broken: false }
      return {
        world: { keyStore: indexedDbKeyStore({ indexedDB: failingIndexedDb(state) }) },
        start: () => void (state.broken = true),
        heal: () => void (state.broken = false),
      }
    },
  },
  // The session cannot be written (or read) in localStorage: it lives in memory for the page.
  {
    name: 'localStorage full',
    expected: () => 'success',
    setUp: () => ({ world: { storage: fullStorage() }, heal: quiet }),
  },
  {
    name: 'localStorage disabled',
    expected: () => 'success',
    setUp: () => ({ world: { storage: disabledStorage() }, heal: quiet }),
  },
]
