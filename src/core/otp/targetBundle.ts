// The current generation's code target (otp_init_v2): the key a code is encrypted to, made by the
// proxy's enclave for this code alone and signed by the enclave's key. The kit checks that signature
// against the key it trusts before any code leaves the page, so that a proxy, or anything between it
// and the page, that swapped the target could not read the code.
import { fromHex, fromUtf8 } from '../encoding'
import { KitError } from '../errors'
import { derSignatureToRaw } from '../keys/p256'
import { subtleCrypto } from '../keys/webCryptoKeys'

/**
 * The key production's enclave signs code targets (and verification tokens) with: @turnkey/crypto's
 * PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY, which its encryptOtpCodeToBundle checks against.
 */
export const PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201'

/**
 * The target public key (65 bytes, uncompressed) of an `otpEncryptionTargetBundle`, once its
 * signature checks out against `trustedSignerKey` (uncompressed P-256, hex). A bundle signed by any
 * other key, or altered, is PROXY_BAD_RESPONSE, and nothing is encrypted to it.
 */
export async function readTargetBundle(bundle: string, trustedSignerKey: string, label: string): Promise<Uint8Array> {
  const refuse = (why: string) =>
    new KitError('PROXY_BAD_RESPONSE', `${label}: the code's encryption target ${why}; no code was sent to it`)
  let parsed: unknown
  try {
    parsed = JSON.parse(bundle)
  } catch {
    throw refuse('is not JSON')
  }
  const { enclaveQuorumPublic: signer, dataSignature, data } = (parsed ?? {}) as Record<string, unknown>
  if (typeof signer !== 'string' || typeof dataSignature !== 'string' || typeof data !== 'string') {
    throw refuse('is not {enclaveQuorumPublic, dataSignature, data}')
  }
  if (signer.toLowerCase() !== trustedSignerKey.toLowerCase()) {
    throw refuse(
      `is signed by ${signer}, not by the enclave key this kit trusts (${trustedSignerKey}): production's unless dangerouslyOverrideSignerPublicKey names another, such as the mock's`,
    )
  }
  const signed = hexBytes(data)
  const signature = hexBytes(dataSignature)
  const raw = signature && derSignatureToRaw(signature)
  if (signed === null || !raw) throw refuse('is not hex with a DER signature')
  const subtle = subtleCrypto()
  const key = await subtle
    .importKey('raw', new Uint8Array(fromHex(trustedSignerKey)), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ])
    .catch(() => {
      throw new KitError('CONFIG_INVALID', `${label}: the trusted enclave key ${trustedSignerKey} is not a P-256 key`)
    })
  // Copies backed by a plain ArrayBuffer: WebCrypto's BufferSource type takes no other view.
  const valid = await subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new Uint8Array(raw),
    new Uint8Array(signed),
  )
  if (!valid)
    throw refuse("has a signature that does not verify with the enclave's key (altered, or signed by another)")
  let targetPublic: unknown
  try {
    targetPublic = (JSON.parse(fromUtf8(signed)) as { targetPublic?: unknown }).targetPublic
  } catch {
    throw refuse('signs something other than JSON')
  }
  const target = typeof targetPublic === 'string' && /^04[0-9a-fA-F]{128}$/.test(targetPublic) ? targetPublic : null
  if (target === null) throw refuse('names no uncompressed P-256 targetPublic')
  return fromHex(target.toLowerCase())
}

function hexBytes(text: string): Uint8Array | null {
  return /^([0-9a-fA-F]{2})+$/.test(text) ? fromHex(text.toLowerCase()) : null
}
