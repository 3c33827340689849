// Where the key that signs sessions comes from: production's notarizer key (a constant, as in
// production's SDK), a key given as hex (the mock's, or a pinned one), or a JWKS fetched and cached by
// jose (the mock's /.well-known/jwks.json, whose session key is named SESSION_NOTARIZER_KID).
import { createRemoteJWKSet, customFetch, errors as joseErrors, type CryptoKey, type RemoteJWKSet } from 'jose'
import { SessionTokenError } from './SessionTokenError'

/**
 * Turnkey's notarizer key, which signs every production session (uncompressed P-256, hex): the value of
 * @turnkey/crypto's PRODUCTION_NOTARIZER_SIGN_PUBLIC_KEY. The default key.
 */
export const PRODUCTION_NOTARIZER_PUBLIC_KEY =
  '04d498aa87ac3bf982ac2b5dd9604d0074905cfbda5d62727c5a237b895e6749205e9f7cd566909c4387f6ca25c308445c60884b788560b785f4a96ac33702a469'

/**
 * The `kid` of the session key in the mock's JWKS (`GET /.well-known/jwks.json`). Production publishes
 * no such document (its key is a constant of its SDK): the name is the mock's.
 */
export const SESSION_NOTARIZER_KID = 'session-notarizer'

const UNCOMPRESSED_P256_HEX = /^04[0-9a-fA-F]{128}$/

export interface NotarizerKeySource {
  key(): Promise<CryptoKey>
  /**
   * Fetches the keys again when a signature failed with the cached one, in case the issuer's key
   * changed (a restarted mock): answers the new key, or undefined when nothing new can be had (a fixed
   * key, or a JWKS fetched too recently: at most one fetch per cooldown, so forged tokens cannot make the
   * server fetch at will).
   */
  refreshed(): Promise<CryptoKey | undefined>
}

const importedKeys = new Map<string, Promise<CryptoKey>>()

/** A fixed key, imported once per process. */
export function hexKeySource(hex: string, option: string): NotarizerKeySource {
  if (typeof hex !== 'string' || !UNCOMPRESSED_P256_HEX.test(hex)) {
    throw new TypeError(
      `${option}: expected an uncompressed P-256 public key in hex (130 characters starting with 04, as @turnkey/crypto's PRODUCTION_NOTARIZER_SIGN_PUBLIC_KEY or the mock's sessionNotarizerPublicKey)`,
    )
  }
  const normalized = hex.toLowerCase()
  let key = importedKeys.get(normalized)
  if (key === undefined) {
    const bytes = Uint8Array.from(normalized.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
    key = crypto.subtle.importKey('raw', bytes, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
    importedKeys.set(normalized, key)
  }
  return { key: () => key, refreshed: async () => undefined }
}

/** One remote set per URL (and fetch), shared by every call: jose caches the keys and spaces the fetches. */
const remoteSets = new WeakMap<object, Map<string, RemoteJWKSet>>()
const GLOBAL_FETCH = {}

export function jwksKeySource(
  jwksUrl: string | URL,
  fetchImplementation: typeof fetch | undefined,
): NotarizerKeySource {
  let url: URL
  try {
    url = new URL(jwksUrl)
  } catch {
    throw new TypeError(
      `jwksUrl: expected an absolute URL such as http://127.0.0.1:8787/.well-known/jwks.json, got ${String(jwksUrl)}`,
    )
  }
  const owner = fetchImplementation ?? GLOBAL_FETCH
  let byUrl = remoteSets.get(owner)
  if (byUrl === undefined) remoteSets.set(owner, (byUrl = new Map()))
  let set = byUrl.get(url.href)
  if (set === undefined) {
    set = createRemoteJWKSet(
      url,
      fetchImplementation === undefined ? {} : { [customFetch]: (input, init) => fetchImplementation(input, init) },
    )
    byUrl.set(url.href, set)
  }
  const remote = set
  const key = async () => {
    try {
      // Sessions name no key: the JWKS's session key is picked by its kid.
      return await remote({ alg: 'ES256', kid: SESSION_NOTARIZER_KID })
    } catch (cause) {
      const problem =
        cause instanceof joseErrors.JWKSNoMatchingKey
          ? `holds no P-256 key with kid "${SESSION_NOTARIZER_KID}"`
          : `could not be read (${cause instanceof Error ? cause.message : String(cause)})`
      throw new SessionTokenError('KEYS_UNAVAILABLE', `the session keys at ${url.href} ${problem}`, { cause })
    }
  }
  return {
    key,
    async refreshed() {
      if (remote.coolingDown) return undefined
      try {
        await remote.reload()
      } catch {
        return undefined
      }
      return key()
    },
  }
}
