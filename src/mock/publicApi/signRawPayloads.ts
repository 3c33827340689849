import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import type {
  Activity,
  HashFunction,
  PayloadEncoding,
  SignRawPayloadResult,
  SignRawPayloadsParameters,
} from '../../core/publicApiTypes'
import { MockError } from '../http'
import type { MockWallet, MockWalletAccount } from '../types'
import { accountPrivateKey } from '../wallets/createWallet'
import { assertMayAct, assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEnvelope } from './readEnvelope'
import { assertOwnOrganization } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/** Payloads in one request: a wallet signs a message or a transaction or two at a time. */
export const MAX_PAYLOADS = 32
/** Characters in one payload: a long message, well below the body limit. */
export const MAX_PAYLOAD_CHARS = 65_536

const ENCODINGS: readonly PayloadEncoding[] = ['PAYLOAD_ENCODING_HEXADECIMAL', 'PAYLOAD_ENCODING_TEXT_UTF8']
const HASH_FUNCTIONS: readonly HashFunction[] = [
  'HASH_FUNCTION_NO_OP',
  'HASH_FUNCTION_SHA256',
  'HASH_FUNCTION_KECCAK256',
  'HASH_FUNCTION_NOT_APPLICABLE',
]

/**
 * ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: signs each payload with the key of the organization's account whose
 * address is `signWith` (Ethereum addresses compare case-insensitively). secp256k1 signs a 32-byte digest:
 * the payload itself (HASH_FUNCTION_NO_OP, exactly 32 bytes) or its SHA-256 or Keccak-256, and answers
 * `{r, s, v}` with v the recovery id (low-S, as Ethereum requires). ed25519 signs the payload itself
 * (HASH_FUNCTION_NOT_APPLICABLE) and answers its two halves as r and s, v "00".
 */
export async function signRawPayloads(context: PublicApiContext): Promise<{ activity: Activity<'sign_raw_payloads'> }> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS')
  const signWith = parameters.nonEmptyString('signWith')
  const encoding = parameters.oneOf('encoding', ENCODINGS)
  const hashFunction = parameters.oneOf('hashFunction', HASH_FUNCTIONS)
  const payloadsField = parameters.name('payloads')
  const payloads = parameters.array('payloads')
  if (payloads.length === 0 || payloads.length > MAX_PAYLOADS) {
    throw new MockError(3, `${payloadsField}: expected 1 to ${MAX_PAYLOADS} payloads, got ${payloads.length}`)
  }
  const messages = payloads.map((payload, index) => payloadBytes(payload, encoding, `${payloadsField}[${index}]`))
  assertNotReplayed(context)

  const stamp = await verifyStamp(context)
  assertOwnOrganization(context, stamp)
  assertMayAct(stamp)
  const found = findAccount(context, signWith)
  if (found === undefined) {
    throw new MockError(
      5,
      `${parameters.name('signWith')}: "${signWith}" is no wallet account address of organization "${context.scope.organizationId}"`,
    )
  }
  const { wallet, account } = found
  const privateKey = accountPrivateKey(wallet, account)
  const signatures = messages.map((message, index) =>
    account.curve === 'CURVE_SECP256K1'
      ? signSecp256k1(
          privateKey,
          digest(message, hashFunction, `${payloadsField}[${index}]`, parameters.name('hashFunction')),
        )
      : signEd25519(privateKey, message, hashFunction, parameters.name('hashFunction')),
  )
  const record = recordActivity(context, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', stamp)
  const intent: SignRawPayloadsParameters = { signWith, payloads: payloads as string[], encoding, hashFunction }
  return completedActivity<'sign_raw_payloads'>(
    { ...record, type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS' },
    { signRawPayloadsIntent: intent },
    { signRawPayloadsResult: { signatures } },
  )
}

function payloadBytes(payload: unknown, encoding: PayloadEncoding, field: string): Uint8Array {
  if (typeof payload !== 'string') throw new MockError(3, `${field}: expected a string, got ${typeof payload}`)
  if (payload.length > MAX_PAYLOAD_CHARS) {
    throw new MockError(3, `${field}: ${payload.length} characters; at most ${MAX_PAYLOAD_CHARS}`)
  }
  if (encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') {
    if (payload === '') throw new MockError(3, `${field}: expected a non-empty text`)
    return utf8ToBytes(payload)
  }
  const hex = payload.startsWith('0x') ? payload.slice(2) : payload
  if (hex === '' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) {
    throw new MockError(
      3,
      `${field}: expected hexadecimal bytes (PAYLOAD_ENCODING_HEXADECIMAL), an even number of hex digits`,
    )
  }
  return hexToBytes(hex)
}

/** The 32 bytes secp256k1 signs. */
function digest(message: Uint8Array, hashFunction: HashFunction, payloadField: string, hashField: string): Uint8Array {
  switch (hashFunction) {
    case 'HASH_FUNCTION_NO_OP':
      if (message.length !== 32) {
        throw new MockError(
          3,
          `${payloadField}: ${message.length} bytes; with HASH_FUNCTION_NO_OP a secp256k1 payload is the 32-byte digest to sign`,
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
        `${hashField}: HASH_FUNCTION_NOT_APPLICABLE is for ed25519 accounts; a secp256k1 account signs a digest: HASH_FUNCTION_NO_OP, HASH_FUNCTION_SHA256 or HASH_FUNCTION_KECCAK256`,
      )
  }
}

function signSecp256k1(privateKey: Uint8Array, hash: Uint8Array): SignRawPayloadResult {
  const signature = secp256k1.Signature.fromBytes(
    secp256k1.sign(hash, privateKey, { prehash: false, format: 'recovered' }),
    'recovered',
  )
  const recovery = signature.recovery
  if (recovery !== 0 && recovery !== 1) throw new Error(`secp256k1 recovery id ${String(recovery)} is not 0 or 1`)
  return {
    r: signature.r.toString(16).padStart(64, '0'),
    s: signature.s.toString(16).padStart(64, '0'),
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

function findAccount(
  { state, scope }: PublicApiContext,
  address: string,
): { wallet: MockWallet; account: MockWalletAccount } | undefined {
  for (const wallet of state.organizations[scope.organizationId]?.wallets ?? []) {
    for (const account of wallet.accounts) {
      const same =
        account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM'
          ? account.address.toLowerCase() === address.toLowerCase()
          : account.address === address
      if (same) return { wallet, account }
    }
  }
  return undefined
}
