// retain() and sweep(), the start-up sweep's half of the KeyStore contract, on every store that has them.
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { KeyStore } from '../contracts'
import { isKitError } from '../errors'
import { defaultKeyStore } from './defaultKeyStore'
import { indexedDbKeyStore } from './indexedDbKeyStore'
import { memoryKeyStore } from './memoryKeyStore'

const T0 = Date.UTC(2030, 0, 1)
const MINUTE = 60_000
const AGE = 30 * MINUTE

/** A key store on a clock the test moves. */
type Clocked = { store: KeyStore; clock: { now: number } }
type SweepingKeyStore = KeyStore & Required<Pick<KeyStore, 'retain' | 'sweep'>>

function clocked(make: (now: () => number) => KeyStore): () => Clocked & { store: SweepingKeyStore } {
  return () => {
    const clock = { now: T0 }
    const store = make(() => clock.now)
    if (typeof store.retain !== 'function' || typeof store.sweep !== 'function')
      throw new Error('expected retain and sweep')
    return { store: store as SweepingKeyStore, clock }
  }
}

const stores: [string, ReturnType<typeof clocked>][] = [
  ['indexedDbKeyStore', clocked((now) => indexedDbKeyStore({ indexedDB: new IDBFactory(), now }))],
  ['memoryKeyStore', clocked((now) => memoryKeyStore({ now }))],
  [
    'defaultKeyStore (on IndexedDB)',
    clocked((now) => defaultKeyStore({ indexedDB: new IDBFactory(), now, warn: () => {} })),
  ],
]

const none = new Set<string>()

describe.each(stores)('%s', (_name, make) => {
  it('sweeps the keys created more than olderThanMs ago, by its own clock, and keeps the younger', async () => {
    const { store, clock } = make()
    const old = await store.create()
    clock.now += 20 * MINUTE
    const young = await store.create()
    clock.now += AGE - 20 * MINUTE
    // `old` is exactly AGE old: not yet.
    expect(await store.sweep({ olderThanMs: AGE, now: clock.now, spare: none })).toEqual([])
    clock.now += 1
    expect(await store.sweep({ olderThanMs: AGE, now: clock.now, spare: none })).toEqual([old])
    expect(await store.list()).toEqual([young])
    expect(await store.has(old)).toBe(false)
  })

  it('keeps a retained key until its retain time has passed on the `now` it is given', async () => {
    const { store, clock } = make()
    const bound = await store.create()
    const sessionEnd = T0 + 2 * 60 * MINUTE
    await store.retain(bound, sessionEnd)
    clock.now += 60 * MINUTE
    expect(await store.sweep({ olderThanMs: AGE, now: sessionEnd - 1, spare: none })).toEqual([])
    expect(await store.sweep({ olderThanMs: AGE, now: sessionEnd, spare: none })).toEqual([bound])
  })

  it('keeps the later retain time: a retain() never shortens another', async () => {
    const { store, clock } = make()
    const key = await store.create()
    await store.retain(key, T0 + 90 * MINUTE)
    await store.retain(key, T0 + 45 * MINUTE)
    clock.now += 60 * MINUTE
    expect(await store.sweep({ olderThanMs: AGE, now: T0 + 60 * MINUTE, spare: none })).toEqual([])
    await store.retain(key, T0 + 120 * MINUTE)
    expect(await store.sweep({ olderThanMs: AGE, now: T0 + 100 * MINUTE, spare: none })).toEqual([])
    expect(await store.sweep({ olderThanMs: AGE, now: T0 + 120 * MINUTE, spare: none })).toEqual([key])
  })

  it('never sweeps a spared key, however old', async () => {
    const { store, clock } = make()
    const spared = await store.create()
    const other = await store.create()
    clock.now += 365 * 24 * 60 * MINUTE
    expect(await store.sweep({ olderThanMs: AGE, now: clock.now, spare: new Set([spared]) })).toEqual([other])
    expect(await store.list()).toEqual([spared])
  })

  it('retains an absent key without error and without making one', async () => {
    const { store } = make()
    await store.retain(`02${'11'.repeat(32)}`, T0)
    expect(await store.list()).toEqual([])
  })

  it('refuses malformed arguments with labelled errors', async () => {
    const { store } = make()
    const key = await store.create()
    await expect(store.retain('nope', T0)).rejects.toThrow(/keyStore\.retain\(publicKey\)/)
    await expect(store.retain(key, Number.NaN)).rejects.toThrow(/keyStore\.retain\(untilMs\): expected a time in ms/)
    await expect(store.sweep({ olderThanMs: -1, now: T0, spare: none })).rejects.toThrow(
      /keyStore\.sweep\(\{ olderThanMs \}\)/,
    )
    await expect(store.sweep({ olderThanMs: AGE, now: Number.POSITIVE_INFINITY, spare: none })).rejects.toThrow(
      /keyStore\.sweep\(\{ now \}\)/,
    )
    const error = await store
      .sweep({ olderThanMs: AGE, now: T0, spare: [key] as unknown as Set<string> })
      .catch((e: unknown) => e)
    expect(isKitError(error, 'CONFIG_INVALID')).toBe(true)
    expect(await store.list()).toEqual([key])
  })
})

describe('indexedDbKeyStore sweep across tabs and versions', () => {
  it('spares a key another tab retained (two stores on one database)', async () => {
    const indexedDB = new IDBFactory()
    const clock = { now: T0 }
    const tabA = indexedDbKeyStore({ indexedDB, now: () => clock.now })
    const tabB = indexedDbKeyStore({ indexedDB, now: () => clock.now })
    const bound = await tabA.create()
    const abandoned = await tabA.create()
    await tabA.retain?.(bound, T0 + 3 * 60 * MINUTE)
    clock.now += 60 * MINUTE
    expect(await tabB.sweep?.({ olderThanMs: AGE, now: clock.now, spare: none })).toEqual([abandoned])
    expect(await tabA.list()).toEqual([bound])
  })

  it('stores retainUntil beside the existing fields, in the same version-1 schema', async () => {
    const indexedDB = new IDBFactory()
    const store = indexedDbKeyStore({ indexedDB, now: () => T0 })
    const key = await store.create()
    await store.retain?.(key, T0 + MINUTE)
    const record = await readRaw(indexedDB, key)
    expect(Object.keys(record).sort()).toEqual([
      'createdAt',
      'privateKey',
      'publicKey',
      'publicKeyCrypto',
      'retainUntil',
    ])
    expect(record.retainUntil).toBe(T0 + MINUTE)
    expect(await databaseVersion(indexedDB)).toBe(1)
  })

  it('reads the records an older kit wrote (no retainUntil): they sign, and are swept by age alone', async () => {
    const indexedDB = new IDBFactory()
    const clock = { now: T0 }
    const store = indexedDbKeyStore({ indexedDB, now: () => clock.now })
    const oldKey = await store.create()
    const oldBound = await store.create()
    // What an older kit left: createdAt only. And a record without createdAt, which no version wrote: read safely, as old as can be.
    await rewriteRaw(indexedDB, oldKey, (record) => ({ ...record, createdAt: T0 - 10 * 60 * MINUTE }))
    await rewriteRaw(indexedDB, oldBound, ({ createdAt: _dropped, ...record }) => record)
    expect(await store.signDer(oldKey, new Uint8Array([1]))).toBeInstanceOf(Uint8Array)
    expect((await store.sweep?.({ olderThanMs: AGE, now: clock.now, spare: new Set([oldBound]) })) ?? []).toEqual([
      oldKey,
    ])
    expect((await store.sweep?.({ olderThanMs: AGE, now: clock.now, spare: none })) ?? []).toEqual([oldBound])
  })
})

interface RawRecord {
  publicKey: string
  createdAt?: number
  retainUntil?: number
  [field: string]: unknown
}

function withStore<T>(
  indexedDB: IDBFactory,
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore, done: (value: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('auth-proxy-kit')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const transaction = db.transaction('keys', mode)
      let value: T
      body(transaction.objectStore('keys'), (v) => {
        value = v
      })
      transaction.oncomplete = () => {
        db.close()
        resolve(value)
      }
      transaction.onerror = () => reject(transaction.error)
    }
  })
}

function readRaw(indexedDB: IDBFactory, key: string): Promise<RawRecord> {
  return withStore(indexedDB, 'readonly', (store, done) => {
    const request = store.get(key)
    request.onsuccess = () => done(request.result as RawRecord)
  })
}

function rewriteRaw(indexedDB: IDBFactory, key: string, change: (record: RawRecord) => RawRecord): Promise<void> {
  return withStore(indexedDB, 'readwrite', (store, done) => {
    const request = store.get(key)
    request.onsuccess = () => {
      store.put(change(request.result as RawRecord))
      done(undefined)
    }
  })
}

function databaseVersion(indexedDB: IDBFactory): Promise<number> {
  return withStore(indexedDB, 'readonly', (store, done) => done(store.transaction.db.version))
}
