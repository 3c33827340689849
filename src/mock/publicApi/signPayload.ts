// The signing of sign_raw_payload and sign_raw_payloads, shared: how a payload becomes what a key signs
// (its encoding, then its hash function), and the signature in production's `{r, s, v}` form.
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import type { HashFunction, PayloadEncoding, SignRawPayloadResult } from '../../core/publicApiTypes'
import { MockError } from '../http'
import { assertWithinCap } from '../validate'
import { authorizationDigest } from './authorizationPayload'
import type { SigningAccount } from './signingAccount'
import { readTypedData, signTypedData, type TypedDataPayload } from './typedDataPayload'

export const PAYLOAD_ENCODINGS: readonly PayloadEncoding[] = [
  'PAYLOAD_ENCODING_HEXADECIMAL',
  'PAYLOAD_ENCODING_TEXT_UTF8',
  'PAYLOAD_ENCODING_EIP712',
  'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
]
export const HASH_FUNCTIONS: readonly HashFunction[] = [
  'HASH_FUNCTION_NO_OP',
  'HASH_FUNCTION_SHA256',
  'HASH_FUNCTION_KECCAK256',
  'HASH_FUNCTION_NOT_APPLICABLE',
]

/** A payload read as far as it can be before the account is known: every refusal it can earn alone, first. */
export type PayloadToSign =
  | { encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' | 'PAYLOAD_ENCODING_TEXT_UTF8'; bytes: Uint8Array }
  | { encoding: 'PAYLOAD_ENCODING_EIP712'; typedData: TypedDataPayload }
  | { encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'; digest: Uint8Array }

/** The paths of the request's fields, for messages (`parameters.payloads[1]`, `parameters.hashFunction`). */
export interface PayloadFields {
  payload: string
  hashFunction: string
  signWith: string
}

export function readPayload(
  payload: unknown,
  encoding: PayloadEncoding,
  hashFunction: HashFunction,
  fields: PayloadFields,
): PayloadToSign {
  if (typeof payload !== 'string') throw new MockError(3, `${fields.payload}: expected a string, got ${typeof payload}`)
  assertWithinCap(payload, 'payload', fields.payload)
  switch (encoding) {
    case 'PAYLOAD_ENCODING_EIP712':
      assertHashedByTheApi(encoding, hashFunction, fields.hashFunction)
      return { encoding, typedData: readTypedData(payload, fields.payload) }
    case 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION':
      assertHashedByTheApi(encoding, hashFunction, fields.hashFunction)
      return { encoding, digest: authorizationDigest(payload, fields.payload) }
    case 'PAYLOAD_ENCODING_TEXT_UTF8':
      if (payload === '') throw new MockError(3, `${fields.payload}: expected a non-empty text`)
      return { encoding, bytes: utf8ToBytes(payload) }
    case 'PAYLOAD_ENCODING_HEXADECIMAL': {
      const hex = payload.startsWith('0x') ? payload.slice(2) : payload
      if (hex === '' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) {
        throw new MockError(
          3,
          `${fields.payload}: expected hexadecimal bytes (PAYLOAD_ENCODING_HEXADECIMAL), an even number of hex digits`,
        )
      }
      return { encoding, bytes: hexToBytes(hex) }
    }
  }
}

/**
 * Signs with the account's key. secp256k1 signs a 32-byte digest: the EIP-712 or EIP-7702 hash, or the
 * payload itself (HASH_FUNCTION_NO_OP, exactly 32 bytes), or its SHA-256 or Keccak-256; it answers `{r, s, v}`
 * with v the recovery id (low-S, as Ethereum requires). ed25519 signs the payload itself
 * (HASH_FUNCTION_NOT_APPLICABLE) and answers its two halves as r and s, v "00".
 */
export function signPayload(
  toSign: PayloadToSign,
  hashFunction: HashFunction,
  { account, privateKey }: SigningAccount,
  fields: PayloadFields,
): SignRawPayloadResult {
  if (toSign.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL' || toSign.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') {
    return account.curve === 'CURVE_SECP256K1'
      ? signSecp256k1(privateKey, digest(toSign.bytes, hashFunction, fields))
      : signEd25519(privateKey, toSign.bytes, hashFunction, fields.hashFunction)
  }
  if (account.curve !== 'CURVE_SECP256K1') {
    throw new MockError(
      3,
      `${fields.signWith}: "${account.address}" is an ed25519 (Solana) account; ${toSign.encoding} is signed by a secp256k1 (Ethereum) account`,
    )
  }
  switch (toSign.encoding) {
    case 'PAYLOAD_ENCODING_EIP712':
      return recoverable(signTypedData(toSign.typedData, privateKey, fields.payload))
    case 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION':
      return signSecp256k1(privateKey, toSign.digest)
  }
}

/** EIP-712 and EIP-7702 payloads are hashed by their own definition: production's clients send NO_OP with them. */
function assertHashedByTheApi(encoding: PayloadEncoding, hashFunction: HashFunction, field: string): void {
  if (hashFunction !== 'HASH_FUNCTION_NO_OP') {
    throw new MockError(
      3,
      `${field}: ${encoding} is hashed by the API as its standard defines; send HASH_FUNCTION_NO_OP, got ${hashFunction}`,
    )
  }
}

/** The 32 bytes secp256k1 signs. */
function digest(message: Uint8Array, hashFunction: HashFunction, fields: PayloadFields): Uint8Array {
  switch (hashFunction) {
    case 'HASH_FUNCTION_NO_OP':
      if (message.length !== 32) {
        throw new MockError(
          3,
          `${fields.payload}: ${message.length} bytes; with HASH_FUNCTION_NO_OP a secp256k1 payload is the 32-byte digest to sign`,
        )
      }
      return message
    case 'HASH_FUNCTION_SHA256':
      return sha256(message)
    case 'HASH_FUNCTION_KECCAK256':
      return keccak_256(message)
    case 'HASH_FUNCTION_NOT_APPLICABLE':
      throw new MockError(
        3,
        `${fields.hashFunction}: HASH_FUNCTION_NOT_APPLICABLE is for ed25519 accounts; a secp256k1 account signs a digest: HASH_FUNCTION_NO_OP, HASH_FUNCTION_SHA256 or HASH_FUNCTION_KECCAK256`,
      )
  }
}

function signSecp256k1(privateKey: Uint8Array, hash: Uint8Array): SignRawPayloadResult {
  const signature = secp256k1.Signature.fromBytes(
    secp256k1.sign(hash, privateKey, { prehash: false, format: 'recovered' }),
    'recovered',
  )
  return recoverable(signature)
}

/** r and s as 64 hex digits, v the recovery id as "00" or "01". */
function recoverable({
  r,
  s,
  recovery,
}: {
  r: bigint
  s: bigint
  recovery?: number | undefined
}): SignRawPayloadResult {
  if (recovery !== 0 && recovery !== 1) throw new Error(`secp256k1 recovery id ${String(recovery)} is not 0 or 1`)
  return {
    r: r.toString(16).padStart(64, '0'),
    s: s.toString(16).padStart(64, '0'),
    v: recovery === 0 ? '00' : '01',
  }
}

function signEd25519(
  privateKey: Uint8Array,
  message: Uint8Array,
  hashFunction: HashFunction,
  hashField: string,
): SignRawPayloadResult {
  if (hashFunction !== 'HASH_FUNCTION_NOT_APPLICABLE') {
    throw new MockError(
      3,
      `${hashField}: ${hashFunction} cannot be used with an ed25519 account, which signs the message itself (RFC 8032); send HASH_FUNCTION_NOT_APPLICABLE`,
    )
  }
  const signature = ed25519.sign(message, privateKey)
  return { r: bytesToHex(signature.slice(0, 32)), s: bytesToHex(signature.slice(32)), v: '00' }
}
