import { assertNonEmptyString } from '../assert'
import { assertBytes } from '../assertBytes'
import { KitError } from '../errors'
import type { KeyStore } from '../contracts'
import { assertCompressedPublicKey, rawSignatureToDer } from './p256'
import { generateKeyPair, keyNotFound, signWithKey } from './webCryptoKeys'

export interface IndexedDbKeyStoreOptions {
  /** Default 'auth-proxy-kit'. */
  dbName?: string
  /** Default 'keys'. */
  storeName?: string
  /** Default globalThis.indexedDB; tests inject fake-indexeddb. */
  indexedDB?: IDBFactory
}

/** One stored key. CryptoKey objects are structured-cloneable, so IndexedDB keeps them as they are. */
export interface StoredKeyRecord {
  publicKey: string
  /** extractable: false, usages ['sign']: the browser will sign with it but never reveal it. */
  privateKey: CryptoKey
  publicKeyCrypto: CryptoKey
  /** ms since the epoch; lets a later sweep find keys left behind by abandoned sign-ins. */
  createdAt: number
}

const DB_VERSION = 1

/**
 * Keys kept in IndexedDB, so they survive reloads and are shared by the tabs of an origin, while the
 * private halves stay non-extractable.
 */
export function indexedDbKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  const dbName = options.dbName ?? 'auth-proxy-kit'
  const storeName = options.storeName ?? 'keys'
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
    const db = await database()
    return new Promise<T>((resolve, reject) => {
      let transaction: IDBTransaction
      try {
        transaction = db.transaction(storeName, mode)
      } catch (cause) {
        // The connection was closed (another tab upgraded the database): reopen on the next call.
        opening = undefined
        reject(storeUnavailable(`could not start a transaction on ${dbName}/${storeName}`, cause))
        return
      }
      const request = operation(transaction.objectStore(storeName))
      // Resolve on complete, not on the request's success: only then is a write durable.
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(storeUnavailable(`${dbName}/${storeName} ${mode} failed`, transaction.error))
      transaction.onabort = () => reject(storeUnavailable(`${dbName}/${storeName} ${mode} aborted`, transaction.error))
    })
  }

  async function record(publicKey: string): Promise<StoredKeyRecord | undefined> {
    return run<StoredKeyRecord | undefined>('readonly', (store) => store.get(publicKey))
  }

  async function sign(publicKey: string, data: Uint8Array): Promise<Uint8Array> {
    assertCompressedPublicKey(publicKey, 'keyStore.sign(publicKey)')
    assertBytes(data, 'keyStore.sign(data)')
    const stored = await record(publicKey)
    if (stored === undefined) throw keyNotFound('keyStore.sign', publicKey)
    return signWithKey(stored.privateKey, data)
  }

  return {
    async create() {
      const pair = await generateKeyPair()
      const stored: StoredKeyRecord = { ...pair, createdAt: Date.now() }
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
  }
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
