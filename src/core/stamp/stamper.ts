import type { KeyStore, Stamper } from '../contracts'
import { assertCompressedPublicKey } from '../keys/p256'
import { stampRequestBody } from './stampRequestBody'

// The type lives with the other contracts; here too, where the passkey code finds it.
export type { Stamper } from '../contracts'

/** Stamps with a held P-256 key (X-Stamp): the client key of a sign-up, or a session's key. */
export function apiKeyStamper(kit: { keyStore: KeyStore }, publicKey: string): Stamper {
  assertCompressedPublicKey(publicKey, 'apiKeyStamper(publicKey)')
  return async (body) => ({
    stampHeaderName: 'X-Stamp',
    stampHeaderValue: await stampRequestBody(kit, publicKey, body),
  })
}
