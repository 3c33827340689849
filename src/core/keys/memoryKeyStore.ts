import { assertBytes } from '../assertBytes'
import { invalidArgument } from '../assert'
import type { KeyStore } from '../contracts'
import { assertTime, checkSweepCriteria, isLeftBehind, laterRetain, type KeyRetention } from './keyRetention'
import { assertCompressedPublicKey, rawSignatureToDer } from './p256'
import { generateKeyPair, keyNotFound, signWithKey, type GeneratedKeyPair } from './webCryptoKeys'

export interface MemoryKeyStoreOptions {
  /** Clock in ms that stamps `createdAt` and ages keys for the sweep; default Date.now. */
  now?: (() => number) | undefined
}

/**
 * A key store that lives as long as the page: the fallback when IndexedDB is unusable, and handy in
 * tests. Keys are still non-extractable WebCrypto keys.
 */
export function memoryKeyStore(options: MemoryKeyStoreOptions = {}): KeyStore {
  const { now = Date.now } = options
  if (typeof now !== 'function') throw invalidArgument('memoryKeyStore({ now })', 'a function returning ms', now)
  const keys = new Map<string, GeneratedKeyPair & KeyRetention>()

  async function sign(publicKey: string, data: Uint8Array): Promise<Uint8Array> {
    assertCompressedPublicKey(publicKey, 'keyStore.sign(publicKey)')
    assertBytes(data, 'keyStore.sign(data)')
    const pair = keys.get(publicKey)
    if (pair === undefined) throw keyNotFound('keyStore.sign', publicKey)
    return signWithKey(pair.privateKey, data)
  }

  return {
    async create() {
      const pair = await generateKeyPair()
      keys.set(pair.publicKey, { ...pair, createdAt: now() })
      return pair.publicKey
    },
    async has(publicKey) {
      assertCompressedPublicKey(publicKey, 'keyStore.has(publicKey)')
      return keys.has(publicKey)
    },
    sign,
    async signDer(publicKey, data) {
      return rawSignatureToDer(await sign(publicKey, data))
    },
    async delete(publicKey) {
      assertCompressedPublicKey(publicKey, 'keyStore.delete(publicKey)')
      keys.delete(publicKey)
    },
    async list() {
      return [...keys.keys()]
    },
    async retain(publicKey, untilMs) {
      assertCompressedPublicKey(publicKey, 'keyStore.retain(publicKey)')
      assertTime(untilMs, 'keyStore.retain(untilMs)')
      const record = keys.get(publicKey)
      if (record !== undefined) record.retainUntil = laterRetain(record.retainUntil, untilMs)
    },
    async sweep(criteria) {
      checkSweepCriteria(criteria)
      const storeNow = now()
      const deleted = [...keys]
        .filter(([publicKey, record]) => isLeftBehind(publicKey, record, criteria, storeNow))
        .map(([publicKey]) => publicKey)
      for (const publicKey of deleted) keys.delete(publicKey)
      return deleted
    },
  }
}
