import { toHex, utf8 } from '../encoding'
import { assertCompressedPublicKey } from '../keys/p256'
import { sha256 } from '../sha256'

/**
 * The OIDC nonce that binds a provider's token to one client key: lowercase
 * `hex(sha256(utf8(publicKeyHex)))`. oauth_login refuses a token whose nonce is not this for the
 * `publicKey` it is given, so a token intercepted on its way back cannot be used with another key.
 */
export async function oauthNonce(publicKeyHex: string): Promise<string> {
  assertCompressedPublicKey(publicKeyHex, 'oauthNonce(publicKeyHex)')
  return toHex(await sha256(utf8(publicKeyHex)))
}
