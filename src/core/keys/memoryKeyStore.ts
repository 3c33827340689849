import { assertBytes } from '../assertBytes'
import type { KeyStore } from '../contracts'
import { assertCompressedPublicKey, rawSignatureToDer } from './p256'
import { generateKeyPair, keyNotFound, signWithKey, type GeneratedKeyPair } from './webCryptoKeys'

/**
 * A key store that lives as long as the page: the fallback when IndexedDB is unusable, and handy in
 * tests. Keys are still non-extractable WebCrypto keys.
 */
export function memoryKeyStore(): KeyStore {
  const keys = new Map<string, GeneratedKeyPair>()

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
      keys.set(pair.publicKey, pair)
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
  }
}
