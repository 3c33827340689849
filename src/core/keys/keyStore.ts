/**
 * Where the client's P-256 keys live. A key is named by its compressed public key in hex (its wire
 * form); the private half never leaves the store: it signs, it cannot be read.
 */
export interface KeyStore {
  /** Generates a new non-extractable P-256 key pair; returns its compressed public key (hex). */
  create(): Promise<string>
  has(publicKey: string): Promise<boolean>
  /** ECDSA P-256 / SHA-256 over `data`; raw `r ‖ s`, 64 bytes. KitError KEY_NOT_FOUND when not held. */
  sign(publicKey: string, data: Uint8Array): Promise<Uint8Array>
  /** Same signature, ASN.1 DER encoded (for X-Stamp). */
  signDer(publicKey: string, data: Uint8Array): Promise<Uint8Array>
  /** Removes the key; a key that is not held is not an error. */
  delete(publicKey: string): Promise<void>
  list(): Promise<string[]>
}
