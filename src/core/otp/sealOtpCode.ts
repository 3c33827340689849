// The code and the client's key, encrypted to the code's target (otp_verify_v2's encryptedOtpBundle),
// as @turnkey/crypto's encryptOtpCodeToBundle seals them: HPKE (RFC 9180, base mode) with DHKEM P-256
// HKDF-SHA256, HKDF-SHA256 and AES-256-GCM, info "turnkey_hpke", the encapsulated key followed by the
// target key as associated data. HPKE is panva's `hpke` (WebCrypto underneath), loaded with the first
// code sealed (hpkeModule.ts).
import { toHex, utf8 } from '../encoding'
import { loadHpke } from './hpkeModule'

const INFO = utf8('turnkey_hpke')

/** `{"encappedPublic", "ciphertext"}` (hex) of `{"otp_code", "public_key"}` sealed to `targetPublic` (65 bytes). */
export async function sealOtpCode(targetPublic: Uint8Array, otpCode: string, publicKey: string): Promise<string> {
  const { AEAD_AES_256_GCM, CipherSuite, KDF_HKDF_SHA256, KEM_DHKEM_P256_HKDF_SHA256 } = await loadHpke()
  const suite = new CipherSuite(KEM_DHKEM_P256_HKDF_SHA256, KDF_HKDF_SHA256, AEAD_AES_256_GCM)
  const recipient = await suite.DeserializePublicKey(targetPublic)
  // A sender context rather than one-shot Seal: the associated data names the encapsulated key, which
  // only exists once the context is set up.
  const { encapsulatedSecret, ctx } = await suite.SetupSender(recipient, { info: INFO })
  const aad = new Uint8Array(encapsulatedSecret.length + targetPublic.length)
  aad.set(encapsulatedSecret)
  aad.set(targetPublic, encapsulatedSecret.length)
  // The key order production's client uses; the enclave parses the JSON.
  const plaintext = utf8(JSON.stringify({ otp_code: otpCode, public_key: publicKey }))
  const ciphertext = await ctx.Seal(plaintext, aad)
  return JSON.stringify({ encappedPublic: toHex(encapsulatedSecret), ciphertext: toHex(ciphertext) })
}
