import { generateKeyPair, type CryptoKey } from 'jose'

let key: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> | undefined

/**
 * An RS256 key pair no mock provider holds, for forging a provider's token: made once per process, since
 * an RSA key takes up to a second to generate and any key but the provider's proves the same refusal.
 */
export function foreignRsaKey(): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  key ??= generateKeyPair('RS256')
  return key
}
