import { keccak_256 } from '@noble/hashes/sha3.js'
import { base58 } from '@scure/base'
import { assertObject, invalidArgument } from '../assert'
import type { Kit } from '../contracts'
import { toHex, utf8 } from '../encoding'
import { KitError } from '../errors'
import type {
  PublicAddressFormat,
  PublicWalletAccount,
  SignRawPayloadResult,
  SignRawPayloadsParameters,
} from '../publicApiTypes'
import { signedInSession, throwIfAborted } from './signedInSession'
import { submitAsSession } from './submitAsSession'
import { checkWalletCall } from './walletOptions'

export interface SignMessageParameters {
  /** The account that signs: its address and format, as getWallets lists them. */
  account: Pick<PublicWalletAccount, 'address' | 'addressFormat'>
  /** Text (signed as its UTF-8 bytes) or bytes. */
  message: string | Uint8Array
  signal?: AbortSignal
}

export interface SignedMessage {
  address: string
  addressFormat: PublicAddressFormat
  /** Ethereum: 0x + r‖s‖v (65 bytes, v 27|28), what personal_sign returns; Solana: base58 of the 64 bytes. */
  signature: string
  /** The API's answer, as it came. */
  raw: SignRawPayloadResult
}

const SCALAR = /^[0-9a-fA-F]{1,64}$/

/**
 * Signs a message with one of the signed-in user's wallet accounts (sign_raw_payloads, stamped X-Stamp
 * by the session key), the way a wallet app does:
 * - Ethereum: personal_sign (EIP-191). The kit hashes "\x19Ethereum Signed Message:\n" + length +
 *   message with keccak-256 and asks for a signature of that digest (HASH_FUNCTION_NO_OP); the result
 *   recovers the address with any Ethereum library (viem's verifyMessage, ethers' verifyMessage).
 * - Solana: the message bytes themselves, ed25519 (HASH_FUNCTION_NOT_APPLICABLE); the result verifies
 *   against the address (the base58 public key).
 * Payloads travel as 0x-prefixed hex, as production's client sends them. NOT_SIGNED_IN without a session.
 */
export async function signMessage(kit: Kit, parameters: SignMessageParameters): Promise<SignedMessage> {
  const label = 'signMessage'
  checkWalletCall(kit, parameters ?? null, label, 'parameters')
  const { account, message, signal } = parameters
  assertObject(account, `${label}({ account })`)
  if (typeof account.address !== 'string' || account.address === '') {
    throw invalidArgument(`${label}({ account.address })`, 'the account address', account.address)
  }
  const bytes = messageBytes(message, label)
  const format = account.addressFormat
  let request: Pick<SignRawPayloadsParameters, 'payloads' | 'hashFunction'>
  if (format === 'ADDRESS_FORMAT_ETHEREUM') {
    request = { payloads: [`0x${toHex(personalMessageHash(bytes))}`], hashFunction: 'HASH_FUNCTION_NO_OP' }
  } else if (format === 'ADDRESS_FORMAT_SOLANA') {
    request = { payloads: [`0x${toHex(bytes)}`], hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }
  } else {
    throw invalidArgument(
      `${label}({ account.addressFormat })`,
      'ADDRESS_FORMAT_ETHEREUM or ADDRESS_FORMAT_SOLANA',
      format,
    )
  }

  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  const activity = await submitAsSession(
    kit,
    session,
    'sign_raw_payloads',
    {
      signWith: account.address,
      payloads: request.payloads,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: request.hashFunction,
    },
    signal,
  )
  // What the activity answers is checked here, where it is read (as checkAnswer does for the other readers).
  const signatures: unknown = (activity.result as Partial<typeof activity.result>).signRawPayloadsResult?.signatures
  const raw: unknown = Array.isArray(signatures) ? signatures[0] : undefined
  if (!isSignature(raw)) throw badSignature(label, 'no signature {r, s, v}')
  const signature = format === 'ADDRESS_FORMAT_ETHEREUM' ? ethereumSignature(raw, label) : solanaSignature(raw, label)
  return { address: account.address, addressFormat: format as PublicAddressFormat, signature, raw }
}

function isSignature(value: unknown): value is SignRawPayloadResult {
  const { r, s, v } = (value ?? {}) as Partial<Record<keyof SignRawPayloadResult, unknown>>
  return typeof r === 'string' && typeof s === 'string' && typeof v === 'string'
}

function messageBytes(message: unknown, label: string): Uint8Array {
  if (typeof message === 'string') return utf8(message)
  if (message instanceof Uint8Array) return new Uint8Array(message)
  throw invalidArgument(`${label}({ message })`, 'a string or a Uint8Array', message)
}

/** EIP-191 version 0x45: keccak-256 of "\x19Ethereum Signed Message:\n" + byte length (decimal) + message. */
export function personalMessageHash(message: Uint8Array): Uint8Array {
  const prefix = utf8(`\x19Ethereum Signed Message:\n${message.length}`)
  const data = new Uint8Array(prefix.length + message.length)
  data.set(prefix)
  data.set(message, prefix.length)
  return keccak_256(data)
}

function scalar(value: string, name: string, label: string): string {
  const hex = value.replace(/^0x/i, '')
  if (!SCALAR.test(hex)) throw badSignature(label, `${name} is not 32 bytes of hex`)
  return hex.toLowerCase().padStart(64, '0')
}

/** r‖s‖v with v as 27 or 28: what personal_sign returns and what Ethereum libraries recover from. */
function ethereumSignature(raw: SignRawPayloadResult, label: string): string {
  const recovery = Number.parseInt(raw.v, 16)
  // The API's v is the recovery id (00 or 01); 27 and 28 are tolerated in case it is already shifted.
  const v = recovery === 0 || recovery === 1 ? recovery + 27 : recovery === 27 || recovery === 28 ? recovery : undefined
  if (v === undefined || !/^(0x)?[0-9a-fA-F]{1,2}$/.test(raw.v))
    throw badSignature(label, `v ${JSON.stringify(raw.v)} is not a recovery id`)
  return `0x${scalar(raw.r, 'r', label)}${scalar(raw.s, 's', label)}${v.toString(16)}`
}

function solanaSignature(raw: SignRawPayloadResult, label: string): string {
  const bytes = new Uint8Array(64)
  const hex = `${scalar(raw.r, 'r', label)}${scalar(raw.s, 's', label)}`
  for (let i = 0; i < 64; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return base58.encode(bytes)
}

function badSignature(label: string, what: string): KitError {
  return new KitError('PROXY_BAD_RESPONSE', `${label}: ${what} in the sign_raw_payloads answer`)
}
