import type { KeyStore } from '../keys/keyStore'
import { assertCompressedPublicKey } from '../keys/p256'
import { stampRequestBody } from './stampRequestBody'

export type StampHeaderName = 'X-Stamp' | 'X-Stamp-WebAuthn'

/** One header proving who sent a body; the API accepts exactly one per request. */
export interface Stamp {
  stampHeaderName: StampHeaderName
  stampHeaderValue: string
}

/** Stamps the exact text of a request body. The public API client calls it once per request. */
export type Stamper = (body: string) => Promise<Stamp>

/** Stamps with a held P-256 key (X-Stamp): the client key of a sign-up, or a session's key. */
export function apiKeyStamper(kit: { keyStore: KeyStore }, publicKey: string): Stamper {
  assertCompressedPublicKey(publicKey, 'apiKeyStamper(publicKey)')
  return async (body) => ({ stampHeaderName: 'X-Stamp', stampHeaderValue: await stampRequestBody(kit, publicKey, body) })
}
