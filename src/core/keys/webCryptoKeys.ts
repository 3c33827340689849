// Key generation and signing shared by the IndexedDB and memory stores.
import { KitError } from '../errors'
import { compressPublicKey } from './p256'

export interface GeneratedKeyPair {
  publicKey: string
  privateKey: CryptoKey
  publicKeyCrypto: CryptoKey
}

const ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' }
const SIGN_ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' }

export function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle
  if (subtle === undefined) {
    // Browsers expose crypto.subtle only in secure contexts (https, or http://localhost).
    throw new KitError(
      'KEY_STORE_UNAVAILABLE',
      'WebCrypto (crypto.subtle) is not available: serve the page over https or from localhost',
    )
  }
  return subtle
}

export async function generateKeyPair(): Promise<GeneratedKeyPair> {
  const subtle = subtleCrypto()
  let pair: CryptoKeyPair
  try {
    // extractable: false applies to the private key; WebCrypto always lets the public half be exported.
    pair = await subtle.generateKey(ALGORITHM, false, ['sign', 'verify'])
  } catch (cause) {
    throw new KitError('KEY_STORE_UNAVAILABLE', 'could not generate a P-256 key with WebCrypto', { cause })
  }
  const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey))
  return { publicKey: compressPublicKey(raw), privateKey: pair.privateKey, publicKeyCrypto: pair.publicKey }
}

export async function signWithKey(privateKey: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  // Copy into a fresh ArrayBuffer-backed view: WebCrypto's BufferSource type excludes views over a
  // SharedArrayBuffer, and a copy also protects against the caller mutating `data` mid-signature.
  const signature = await subtleCrypto().sign(SIGN_ALGORITHM, privateKey, new Uint8Array(data))
  // WebCrypto's ECDSA output is IEEE P1363, i.e. raw r ‖ s (64 bytes for P-256).
  return new Uint8Array(signature)
}

export function keyNotFound(operation: string, publicKey: string): KitError {
  return new KitError('KEY_NOT_FOUND', `${operation}: no key ${publicKey} in the key store`)
}
