// The mock's enclave: what production's TLS-fetcher enclave does for the current OTP flow (otp_init_v2,
// otp_verify_v2). One P-256 key per mock signs each code's encryption target and the verification tokens
// it issues, as PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY does in production; each code gets a target key of
// its own, whose private half opens what the client encrypted to it: HPKE (RFC 9180, base mode, DHKEM
// P-256 with HKDF-SHA256, AES-256-GCM), info "turnkey_hpke", and the encapsulated key followed by the
// target key as associated data, as @turnkey/crypto's encryptOtpCodeToBundle seals it.
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { AEAD_AES_256_GCM, CipherSuite, KDF_HKDF_SHA256, KEM_DHKEM_P256_HKDF_SHA256 } from 'hpke'
import { SignJWT, compactVerify, importJWK, errors as joseErrors, type CryptoKey, type JWTPayload } from 'jose'
import { base64url } from '@scure/base'
import { MockError } from './http'
import type { OtpTarget } from './types'

const SUITE = new CipherSuite(KEM_DHKEM_P256_HKDF_SHA256, KDF_HKDF_SHA256, AEAD_AES_256_GCM)
// Copied into this realm's Uint8Array: hpke checks `instanceof Uint8Array`, and a TextEncoder from
// another realm (Node's, under jsdom in the kit's component tests) answers with another realm's.
const INFO = Uint8Array.from(new TextEncoder().encode('turnkey_hpke'))

/** The claims of a current-generation verification token, all strings, as production's verifyOtpVerificationToken reads them. */
export interface VerificationTokenV2Claims {
  id: string
  verification_type: string
  contact: string
  organization_id: string
  public_key: string
  /** Milliseconds since the epoch, as a string: production's, not RFC 7519's seconds. */
  exp: string
}

export interface Enclave {
  /**
   * The signing key's public half, uncompressed hex (04…): what a client that verifies the bundles (the
   * kit, production's encryptOtpCodeToBundle) must be given in place of production's key.
   */
  readonly signerPublicKey: string
  newTarget(): Promise<OtpTarget>
  /** `otpEncryptionTargetBundle`: `{enclaveQuorumPublic, dataSignature, data}` as a JSON string. */
  targetBundle(target: OtpTarget): string
  /** Opens `encryptedOtpBundle` (`{encappedPublic, ciphertext}`, hex) with the code's target; 3 if it does not open. */
  open(target: OtpTarget, encryptedOtpBundle: string, field: string): Promise<Uint8Array>
  signToken(claims: VerificationTokenV2Claims): Promise<string>
  /** Checks the signature and the claims' types; `exp` is the caller's (it has the clock). 16 when it fails. */
  verifyToken(token: string, field: string): Promise<VerificationTokenV2Claims>
}

/** `secretKey` (32 bytes) fixes the signing key, so that two mocks (a dev server and a test's) can share it. */
export function createEnclave(secretKey: Uint8Array = p256.utils.randomSecretKey()): Enclave {
  const publicKey = p256.getPublicKey(secretKey, false)
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: base64url.encode(publicKey.subarray(1, 33)).replace(/=+$/, ''),
    y: base64url.encode(publicKey.subarray(33)).replace(/=+$/, ''),
  }
  // jose signs and verifies the tokens with WebCrypto keys, imported once, on first use.
  const joseKeys = Promise.all([
    importJWK({ ...jwk, d: base64url.encode(secretKey).replace(/=+$/, '') }, 'ES256'),
    importJWK(jwk, 'ES256'),
  ]) as Promise<[CryptoKey, CryptoKey]>
  const signerPublicKey = bytesToHex(publicKey)

  return {
    signerPublicKey,

    async newTarget() {
      const pair = await SUITE.GenerateKeyPair(true)
      return {
        targetPublic: bytesToHex(await SUITE.SerializePublicKey(pair.publicKey)),
        targetPrivate: bytesToHex(await SUITE.SerializePrivateKey(pair.privateKey)),
      }
    },

    targetBundle(target) {
      const data = new TextEncoder().encode(JSON.stringify({ targetPublic: target.targetPublic }))
      // ECDSA over SHA-256 of the JSON's bytes, DER-encoded, as production's verifyEnclaveSignature checks it.
      const signature = p256.sign(data, secretKey, { format: 'der' })
      return JSON.stringify({
        enclaveQuorumPublic: signerPublicKey,
        dataSignature: bytesToHex(signature),
        data: bytesToHex(data),
      })
    },

    async open(target, encryptedOtpBundle, field) {
      const { encappedPublic, ciphertext } = readEncryptedBundle(encryptedOtpBundle, field)
      const targetPublic = hexToBytes(target.targetPublic)
      try {
        // The pair, not the private key alone: the KEM's context needs the recipient's public key.
        const pair = {
          privateKey: await SUITE.DeserializePrivateKey(hexToBytes(target.targetPrivate), false),
          publicKey: await SUITE.DeserializePublicKey(targetPublic),
        }
        return await SUITE.Open(pair, encappedPublic, ciphertext, {
          info: INFO,
          aad: concat(encappedPublic, targetPublic),
        })
      } catch {
        throw new MockError(
          3,
          `${field}: does not open with this code's target key (encrypted to another otpId's target, or altered)`,
        )
      }
    },

    async signToken(claims) {
      const [privateKey] = await joseKeys
      // jose types `exp` as seconds; production's is a string of milliseconds, which jose signs as given.
      return new SignJWT({ ...claims } as unknown as JWTPayload)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
        .sign(privateKey)
    },

    async verifyToken(token, field) {
      let payload: Record<string, unknown>
      try {
        // The signature alone: jose's JWT checks want `exp` in seconds, and this one is a string of
        // milliseconds, which the caller checks on its clock.
        const [, publicKey] = await joseKeys
        const verified = await compactVerify(token, publicKey, { algorithms: ['ES256'] })
        if (verified.protectedHeader.typ !== 'JWT') throw new TypeError('its header is not typ JWT')
        payload = JSON.parse(new TextDecoder().decode(verified.payload)) as Record<string, unknown>
      } catch (error) {
        const why =
          error instanceof joseErrors.JWSSignatureVerificationFailed
            ? "signature does not verify with this proxy's enclave key; signed by another key, or altered"
            : `not a valid verification token (${error instanceof Error ? error.message : 'not decodable'})`
        throw new MockError(16, `${field}: ${why}`)
      }
      const names = ['id', 'verification_type', 'contact', 'organization_id', 'public_key', 'exp'] as const
      for (const name of names) {
        if (typeof payload[name] !== 'string' || payload[name] === '') {
          throw new MockError(16, `${field}: not a verification token (claim ${name} missing or not a string)`)
        }
      }
      return payload as unknown as VerificationTokenV2Claims
    },
  }
}

/** `enclaveSecretKey` as bytes: a P-256 private scalar, 64 hex digits. */
export function enclaveKey(hex: string): Uint8Array {
  if (
    typeof hex !== 'string' ||
    !/^[0-9a-f]{64}$/i.test(hex) ||
    !p256.utils.isValidSecretKey(hexToBytes(hex.toLowerCase()))
  ) {
    throw new TypeError(
      'enclaveSecretKey: expected a P-256 private key, 64 hex digits (a scalar below the group order)',
    )
  }
  return hexToBytes(hex.toLowerCase())
}

function readEncryptedBundle(text: string, field: string): { encappedPublic: Uint8Array; ciphertext: Uint8Array } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new MockError(3, `${field}: expected the JSON of {encappedPublic, ciphertext}, got text that is not JSON`)
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>
  if (typeof encappedPublic !== 'string' || !/^04[0-9a-f]{128}$/i.test(encappedPublic)) {
    throw new MockError(3, `${field}.encappedPublic: expected an uncompressed P-256 key (130 hex digits, 04…)`)
  }
  // A tag is 16 bytes: anything shorter cannot be AES-GCM's output.
  if (typeof ciphertext !== 'string' || !/^([0-9a-f]{2}){17,}$/i.test(ciphertext)) {
    throw new MockError(3, `${field}.ciphertext: expected hex of at least 17 bytes (the sealed code and its tag)`)
  }
  return { encappedPublic: hexToBytes(encappedPublic.toLowerCase()), ciphertext: hexToBytes(ciphertext.toLowerCase()) }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}
