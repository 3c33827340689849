// The KeyStore contract, run against every implementation.
import { p256 } from '@noble/curves/nist.js'
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { isKitError } from '../errors'
import { fromHex, utf8 } from '../encoding'
import { defaultKeyStore } from './defaultKeyStore'
import { indexedDbKeyStore } from './indexedDbKeyStore'
import type { KeyStore } from '../contracts'
import { memoryKeyStore } from './memoryKeyStore'

const stores: [string, () => KeyStore][] = [
  ['indexedDbKeyStore', () => indexedDbKeyStore({ indexedDB: new IDBFactory() })],
  ['memoryKeyStore', () => memoryKeyStore()],
  ['defaultKeyStore (on IndexedDB)', () => defaultKeyStore({ indexedDB: new IDBFactory(), warn: () => {} })],
]

const ABSENT_KEY = `02${'11'.repeat(32)}`

describe.each(stores)('%s', (_name, makeStore) => {
  it('creates keys named by their compressed public key', async () => {
    const store = makeStore()
    const first = await store.create()
    const second = await store.create()
    expect(first).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(second).not.toBe(first)
    expect(await store.has(first)).toBe(true)
    expect((await store.list()).sort()).toEqual([first, second].sort())
  })

  it('signs raw r‖s (64 bytes) that verifies against the compressed key with SHA-256', async () => {
    const store = makeStore()
    const publicKey = await store.create()
    const message = utf8('{"login":{"publicKey":"x"},"tokenId":"t","type":"USAGE_TYPE_LOGIN"}')
    const signature = await store.sign(publicKey, message)
    expect(signature).toHaveLength(64)
    // WebCrypto does not normalize s, so high-S signatures are legitimate here.
    expect(p256.verify(signature, message, fromHex(publicKey), { lowS: false })).toBe(true)
    expect(p256.verify(signature, utf8('another message'), fromHex(publicKey), { lowS: false })).toBe(false)
  })

  it('signs DER that verifies as DER', async () => {
    const store = makeStore()
    const publicKey = await store.create()
    const message = utf8('stamp me')
    const der = await store.signDer(publicKey, message)
    expect(der[0]).toBe(0x30)
    expect(p256.verify(der, message, fromHex(publicKey), { format: 'der', lowS: false })).toBe(true)
  })

  it('deletes keys; deleting an absent key is not an error', async () => {
    const store = makeStore()
    const kept = await store.create()
    const deleted = await store.create()
    await store.delete(deleted)
    await store.delete(deleted)
    await store.delete(ABSENT_KEY)
    expect(await store.has(deleted)).toBe(false)
    expect(await store.has(kept)).toBe(true)
    expect(await store.list()).toEqual([kept])
  })

  it('refuses to sign with a key it does not hold: KEY_NOT_FOUND', async () => {
    const store = makeStore()
    const error = await store.sign(ABSENT_KEY, utf8('x')).catch((e: unknown) => e)
    expect(isKitError(error, 'KEY_NOT_FOUND')).toBe(true)
    expect((error as Error).message).toContain(ABSENT_KEY)
    const derError = await store.signDer(ABSENT_KEY, utf8('x')).catch((e: unknown) => e)
    expect(isKitError(derError, 'KEY_NOT_FOUND')).toBe(true)
  })

  it('refuses malformed arguments with labelled errors', async () => {
    const store = makeStore()
    const publicKey = await store.create()
    await expect(store.has('not-a-key')).rejects.toThrow(
      /keyStore\.has\(publicKey\): expected a compressed P-256 public key/,
    )
    await expect(store.sign(publicKey, 'text' as unknown as Uint8Array)).rejects.toThrow(/keyStore\.sign\(data\)/)
    await expect(store.delete(publicKey.toUpperCase())).rejects.toThrow(/keyStore\.delete\(publicKey\)/)
  })
})

describe('indexedDbKeyStore', () => {
  it('keeps keys across store instances on the same database (a reload)', async () => {
    const indexedDB = new IDBFactory()
    const first = indexedDbKeyStore({ indexedDB })
    const publicKey = await first.create()

    const second = indexedDbKeyStore({ indexedDB })
    expect(await second.has(publicKey)).toBe(true)
    const message = utf8('after reload')
    expect(p256.verify(await second.sign(publicKey, message), message, fromHex(publicKey), { lowS: false })).toBe(true)
  })

  it('separates databases by name', async () => {
    const indexedDB = new IDBFactory()
    const publicKey = await indexedDbKeyStore({ indexedDB, dbName: 'one' }).create()
    expect(await indexedDbKeyStore({ indexedDB, dbName: 'two' }).has(publicKey)).toBe(false)
  })

  it('stores { publicKey, privateKey, publicKeyCrypto, createdAt } in auth-proxy-kit/keys, the private key non-extractable', async () => {
    const indexedDB = new IDBFactory()
    const before = Date.now()
    const publicKey = await indexedDbKeyStore({ indexedDB }).create()
    const record = await readRecord(indexedDB, 'auth-proxy-kit', 'keys', publicKey)

    expect(Object.keys(record).sort()).toEqual(['createdAt', 'privateKey', 'publicKey', 'publicKeyCrypto'])
    expect(record.publicKey).toBe(publicKey)
    expect(record.createdAt).toBeGreaterThanOrEqual(before)
    expect(record.privateKey.type).toBe('private')
    expect(record.privateKey.extractable).toBe(false)
    expect(record.privateKey.usages).toEqual(['sign'])
    await expect(crypto.subtle.exportKey('pkcs8', record.privateKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', record.privateKey)).rejects.toThrow()
    expect(record.publicKeyCrypto.type).toBe('public')
  })

  it('reports an IndexedDB that cannot be opened as KEY_STORE_UNAVAILABLE', async () => {
    const store = indexedDbKeyStore({ indexedDB: throwingIndexedDB() })
    const error = await store.list().catch((e: unknown) => e)
    expect(isKitError(error, 'KEY_STORE_UNAVAILABLE')).toBe(true)
    expect((error as Error).message).toMatch(/could not open database auth-proxy-kit/)
  })

  it('reports a request IndexedDB refuses at once (not a failed request: a throw) as KEY_STORE_UNAVAILABLE, keeping nothing', async () => {
    const indexedDB = new IDBFactory()
    const store = indexedDbKeyStore({ indexedDB })
    await store.list()
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('The operation failed for reasons unrelated to the database itself.', 'UnknownError')
    })
    onTestFinished(() => add.mockRestore())
    const error = await store.create().catch((e: unknown) => e)
    expect(isKitError(error, 'KEY_STORE_UNAVAILABLE')).toBe(true)
    expect((error as Error).message).toMatch(/readwrite failed at once/)
    expect(await store.list()).toEqual([])
  })

  it('refuses an existing database that lacks its object store', async () => {
    const indexedDB = new IDBFactory()
    await indexedDbKeyStore({ indexedDB, dbName: 'shared', storeName: 'other' }).list()
    const error = await indexedDbKeyStore({ indexedDB, dbName: 'shared' })
      .list()
      .catch((e: unknown) => e)
    expect(isKitError(error, 'KEY_STORE_UNAVAILABLE')).toBe(true)
    expect((error as Error).message).toMatch(/has no object store keys/)
  })
})

describe('defaultKeyStore', () => {
  it('uses IndexedDB when it opens: keys survive a new store', async () => {
    const indexedDB = new IDBFactory()
    const warnings: string[] = []
    const publicKey = await defaultKeyStore({ indexedDB, warn: (m) => warnings.push(m) }).create()
    expect(await defaultKeyStore({ indexedDB }).has(publicKey)).toBe(true)
    expect(warnings).toEqual([])
  })

  it('falls back to memory, once and with one warning naming why, when IndexedDB throws on open (Firefox private mode)', async () => {
    const warnings: string[] = []
    const store = defaultKeyStore({ indexedDB: throwingIndexedDB(), warn: (m) => warnings.push(m) })
    const publicKey = await store.create()
    expect(await store.has(publicKey)).toBe(true)
    await store.list()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/IndexedDB cannot be opened .*InvalidStateError.*kept in memory/)
  })

  it('falls back to memory with a warning when there is no IndexedDB at all', async () => {
    const saved = globalThis.indexedDB
    const warnings: string[] = []
    try {
      // @ts-expect-error -- simulating an environment without IndexedDB
      delete globalThis.indexedDB
      const store = defaultKeyStore({ warn: (m) => warnings.push(m) })
      expect(await store.list()).toEqual([])
    } finally {
      globalThis.indexedDB = saved
    }
    expect(warnings).toEqual([expect.stringMatching(/IndexedDB is not available here/)])
  })
})

function throwingIndexedDB(): IDBFactory {
  const factory = new IDBFactory()
  factory.open = () => {
    throw new DOMException(
      'A mutation operation was attempted on a database that did not allow mutations.',
      'InvalidStateError',
    )
  }
  return factory
}

interface RawRecord {
  publicKey: string
  privateKey: CryptoKey
  publicKeyCrypto: CryptoKey
  createdAt: number
}

function readRecord(indexedDB: IDBFactory, dbName: string, storeName: string, key: string): Promise<RawRecord> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const request = open.result.transaction(storeName).objectStore(storeName).get(key)
      request.onerror = () => reject(request.error)
      request.onsuccess = () => resolve(request.result as RawRecord)
    }
  })
}
