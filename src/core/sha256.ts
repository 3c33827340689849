import { subtleCrypto } from './keys/webCryptoKeys'

/** SHA-256 by WebCrypto: the platform's audited hash, at no cost to the bundle. */
export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  // A fresh ArrayBuffer-backed copy: BufferSource excludes views over a SharedArrayBuffer.
  return new Uint8Array(await subtleCrypto().digest('SHA-256', new Uint8Array(data)))
}
