import { sha256 } from '@noble/hashes/sha2.js'
import { toHex, utf8 } from '../encoding'
import { assertCompressedPublicKey } from '../keys/p256'

/**
 * The OIDC nonce that binds a provider's token to one client key: lowercase
 * `hex(sha256(utf8(publicKeyHex)))`. oauth_login refuses a token whose nonce is not this for the
 * `publicKey` it is given, so a token intercepted on its way back cannot be used with another key.
 */
export function oauthNonce(publicKeyHex: string): string {
  assertCompressedPublicKey(publicKeyHex, 'oauthNonce(publicKeyHex)')
  return toHex(sha256(utf8(publicKeyHex)))
}
