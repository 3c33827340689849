import { assertNonEmptyString, invalidArgument } from '../assert'
import { assertBytes } from '../assertBytes'
import { KitError } from '../errors'
import type { KeyStore } from '../contracts'
import { assertTime, checkSweepCriteria, isLeftBehind, laterRetain, type KeySweepCriteria } from './keyRetention'
import { assertCompressedPublicKey, rawSignatureToDer } from './p256'
import { generateKeyPair, keyNotFound, signWithKey } from './webCryptoKeys'

export interface IndexedDbKeyStoreOptions {
  /** Default 'auth-proxy-kit'. */
  dbName?: string | undefined
  /** Default 'keys'. */
  storeName?: string | undefined
  /** Default globalThis.indexedDB; tests inject fake-indexeddb. */
  indexedDB?: IDBFactory | undefined
  /** Clock in ms that stamps `createdAt` and ages keys for the sweep; default Date.now. */
  now?: (() => number) | undefined
}

/** One stored key. CryptoKey objects are structured-cloneable, so IndexedDB keeps them as they are. */
export interface StoredKeyRecord {
  publicKey: string
  /** extractable: false, usages ['sign']: the browser will sign with it but never reveal it. */
  privateKey: CryptoKey
  publicKeyCrypto: CryptoKey
  /** ms since the epoch; lets the sweep (keyStore.sweep) find keys left behind by abandoned sign-ins. */
  createdAt: number
  /**
   * Until when (ms since the epoch, the kit's clock) a session is bound to the key: keyStore.retain.
   * Absent on keys no session was stored for, and on every key an older kit wrote (the schema is
   * unchanged, so those are read as they are and swept by age).
   */
  retainUntil?: number | undefined
}

// Unchanged by retainUntil: an optional field of the records needs no upgrade.
const DB_VERSION = 1

/**
 * Keys kept in IndexedDB, so they survive reloads and are shared by the tabs of an origin, while the
 * private halves stay non-extractable.
 */
export function indexedDbKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  const dbName = options.dbName ?? 'auth-proxy-kit'
  const storeName = options.storeName ?? 'keys'
  const { now = Date.now } = options
  if (typeof now !== 'function') throw invalidArgument('indexedDbKeyStore({ now })', 'a function returning ms', now)
  assertNonEmptyString(dbName, 'indexedDbKeyStore({ dbName })')
  assertNonEmptyString(storeName, 'indexedDbKeyStore({ storeName })')
  let opening: Promise<IDBDatabase> | undefined

  function database(): Promise<IDBDatabase> {
    // Opened once and shared; a failed open is forgotten so the next call can try again.
    opening ??= openDatabase(options.indexedDB, dbName, storeName, () => {
      opening = undefined
    }).catch((error: unknown) => {
      opening = undefined
      throw error
    })
    return opening
  }

  async function run<T>(mode: IDBTransactionMode, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    return transact(mode, oneRequest(operation))
  }

  /** One transaction (see inTransaction) on the shared connection. */
  async function transact<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => () => T): Promise<T> {
    const db = await database()
    return inTransaction(db, dbName, storeName, mode, body, () => {
      // The connection was closed (another tab upgraded the database): reopen on the next call.
      opening = undefined
    })
  }

  async function sign(publicKey: string, data: Uint8Array): Promise<Uint8Array> {
    assertCompressedPublicKey(publicKey, 'keyStore.sign(publicKey)')
    assertBytes(data, 'keyStore.sign(data)')
    const stored = await run<StoredKeyRecord | undefined>('readonly', (store) => store.get(publicKey))
    if (stored === undefined) throw keyNotFound('keyStore.sign', publicKey)
    return signWithKey(stored.privateKey, data)
  }

  return {
    async create() {
      const pair = await generateKeyPair()
      const stored: StoredKeyRecord = { ...pair, createdAt: now() }
      await run('readwrite', (store) => store.add(stored))
      return pair.publicKey
    },
    async has(publicKey) {
      assertCompressedPublicKey(publicKey, 'keyStore.has(publicKey)')
      const count = await run('readonly', (store) => store.count(publicKey))
      return count > 0
    },
    sign,
    async signDer(publicKey, data) {
      return rawSignatureToDer(await sign(publicKey, data))
    },
    async delete(publicKey) {
      assertCompressedPublicKey(publicKey, 'keyStore.delete(publicKey)')
      await run('readwrite', (store) => store.delete(publicKey))
    },
    async list() {
      const keys = await run('readonly', (store) => store.getAllKeys())
      return keys.filter((key): key is string => typeof key === 'string')
    },
    async retain(publicKey, untilMs) {
      assertCompressedPublicKey(publicKey, 'keyStore.retain(publicKey)')
      assertTime(untilMs, 'keyStore.retain(untilMs)')
      // Read and write in one transaction, so that two tabs retaining the same key keep the later time.
      await transact('readwrite', (store) => retainIn(store, publicKey, untilMs))
    },
    async sweep(criteria) {
      checkSweepCriteria(criteria)
      const storeNow = now()
      // One cursor in one readwrite transaction: a retain() from another tab lands before or after, never between the check and the delete.
      return transact('readwrite', (store) => sweepIn(store, criteria, storeNow))
    },
  }
}

/**
 * One transaction on `db`: `body` makes its requests (and may chain more from their callbacks, which
 * keeps the transaction alive) and answers how to read the result once the transaction has completed.
 * `onClosed` hears that the connection can no longer start one.
 */
function inTransaction<T>(
  db: IDBDatabase,
  dbName: string,
  storeName: string,
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore) => () => T,
  onClosed: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let transaction: IDBTransaction
    try {
      transaction = db.transaction(storeName, mode)
    } catch (cause) {
      onClosed()
      reject(storeUnavailable(`could not start a transaction on ${dbName}/${storeName}`, cause))
      return
    }
    let result: () => T
    try {
      result = body(transaction.objectStore(storeName))
    } catch (cause) {
      // A request refused at once (the store gone, a record it cannot clone, a browser's own failure):
      // the key store's failure, not an unexplained one, and nothing of the transaction is kept.
      try {
        transaction.abort()
      } catch {
        // Already finished: nothing to undo.
      }
      reject(storeUnavailable(`${dbName}/${storeName} ${mode} failed at once`, cause))
      return
    }
    // Resolve on complete, not on the request's success: only then is a write durable.
    transaction.oncomplete = () => resolve(result())
    transaction.onerror = () => reject(storeUnavailable(`${dbName}/${storeName} ${mode} failed`, transaction.error))
    transaction.onabort = () => reject(storeUnavailable(`${dbName}/${storeName} ${mode} aborted`, transaction.error))
  })
}

/** A transaction's body of one request, whose result is read once the transaction has completed. */
function oneRequest<T>(operation: (store: IDBObjectStore) => IDBRequest<T>): (store: IDBObjectStore) => () => T {
  return (store) => {
    const request = operation(store)
    return () => request.result
  }
}

/** keyStore.retain's transaction: the key's retainUntil moved to the later of its own and `untilMs`. */
function retainIn(store: IDBObjectStore, publicKey: string, untilMs: number): () => undefined {
  const request = store.get(publicKey)
  request.onsuccess = () => {
    const stored = request.result as StoredKeyRecord | undefined
    if (stored === undefined) return
    const retainUntil = laterRetain(stored.retainUntil, untilMs)
    if (retainUntil !== stored.retainUntil) store.put({ ...stored, retainUntil })
  }
  return () => undefined
}

/** keyStore.sweep's transaction: every key `criteria` finds left behind at `now`, deleted and listed. */
function sweepIn(store: IDBObjectStore, criteria: KeySweepCriteria, now: number): () => string[] {
  const deleted: string[] = []
  const request = store.openCursor()
  request.onsuccess = () => {
    const cursor = request.result
    if (cursor === null) return
    const record = cursor.value as Partial<StoredKeyRecord>
    if (typeof cursor.primaryKey === 'string' && isLeftBehind(cursor.primaryKey, record, criteria, now)) {
      cursor.delete()
      deleted.push(cursor.primaryKey)
    }
    cursor.continue()
  }
  return () => deleted
}

function storeUnavailable(message: string, cause: unknown): KitError {
  return new KitError('KEY_STORE_UNAVAILABLE', `indexedDbKeyStore: ${message}`, { cause })
}

function openDatabase(
  factory: IDBFactory | undefined,
  dbName: string,
  storeName: string,
  onClosed: () => void,
): Promise<IDBDatabase> {
  const indexedDB = factory ?? globalThis.indexedDB
  if (indexedDB === undefined) {
    return Promise.reject(storeUnavailable('IndexedDB is not available in this environment', undefined))
  }
  return new Promise<IDBDatabase>((resolve, reject) => {
    let request: IDBOpenDBRequest
    try {
      // Some browsers throw synchronously here (old Firefox private windows: InvalidStateError;
      // sandboxed iframes: SecurityError) instead of failing the request.
      request = indexedDB.open(dbName, DB_VERSION)
    } catch (cause) {
      reject(storeUnavailable(`could not open database ${dbName}`, cause))
      return
    }
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(storeName)) db.createObjectStore(storeName, { keyPath: 'publicKey' })
    }
    request.onsuccess = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(storeName)) {
        // The database exists at this version without our store (another library's dbName): refuse
        // rather than guess.
        db.close()
        reject(storeUnavailable(`database ${dbName} has no object store ${storeName}`, undefined))
        return
      }
      // Let another tab upgrade the schema instead of blocking it forever; the next call reopens.
      db.onversionchange = () => {
        db.close()
        onClosed()
      }
      // The browser may close the connection itself (storage cleared by the user, disk errors).
      db.onclose = onClosed
      resolve(db)
    }
    request.onerror = () => reject(storeUnavailable(`could not open database ${dbName}`, request.error))
  })
}
