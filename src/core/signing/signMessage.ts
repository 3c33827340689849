import { invalidArgument } from '../assert'
import type { Kit } from '../contracts'
import { toHex, utf8 } from '../encoding'
import type { PublicAddressFormat, SignRawPayloadResult } from '../publicApiTypes'
import { signedInSession, throwIfAborted } from '../wallet/signedInSession'
import { checkWalletCall } from '../wallet/walletOptions'
import { askToSign } from './askToSign'
import { ethereumSignature, solanaSignature } from './signatureFormats'
import { checkSigningAccount } from './signingAccount'
import type { SigningAccount } from './signingPrompt'
import { signRawPayload } from './signRawPayload'

export interface SignMessageParameters {
  /** The account that signs: its address and format, as getWallets lists them. */
  account: SigningAccount
  /** Text (signed as its UTF-8 bytes) or bytes. */
  message: string | Uint8Array
  signal?: AbortSignal | undefined
}

export interface SignedMessage {
  address: string
  addressFormat: PublicAddressFormat
  /** Ethereum: 0x + r‖s‖v (65 bytes, v 27|28), what personal_sign returns; Solana: base58 of the 64 bytes. */
  signature: string
  /** The API's answer, as it came. */
  raw: SignRawPayloadResult
}

/**
 * Signs a message with one of the signed-in user's wallet accounts, the way production's client does
 * (sign_raw_payload, stamped X-Stamp by the session key), after the signing prompt if the kit has one:
 * - Ethereum: personal_sign (EIP-191). The payload is "\x19Ethereum Signed Message:\n" + length +
 *   message, in hex, with HASH_FUNCTION_KECCAK256: the API sees the message it signs (a policy can read
 *   it) and hashes it; the result recovers the address with any Ethereum library (viem's verifyMessage).
 * - Solana: the message bytes themselves, ed25519 (HASH_FUNCTION_NOT_APPLICABLE); the result verifies
 *   against the address (the base58 public key).
 * NOT_SIGNED_IN without a session; USER_REJECTED when the person declines in the prompt.
 */
export async function signMessage(kit: Kit, parameters: SignMessageParameters): Promise<SignedMessage> {
  const label = 'signMessage'
  checkWalletCall(kit, parameters ?? null, label, 'parameters')
  const { message, signal } = parameters
  const account = checkSigningAccount(parameters.account, label)
  const bytes = messageBytes(message, label)
  const ethereum = account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM'

  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  await askToSign(kit, { kind: 'message', account, message }, signal, label)
  const raw = await signRawPayload(
    kit,
    session,
    {
      signWith: account.address,
      payload: `0x${toHex(ethereum ? personalMessage(bytes) : bytes)}`,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: ethereum ? 'HASH_FUNCTION_KECCAK256' : 'HASH_FUNCTION_NOT_APPLICABLE',
    },
    signal,
    label,
  )
  const signature = ethereum
    ? ethereumSignature(raw, label, 'sign_raw_payload')
    : solanaSignature(raw, label, 'sign_raw_payload')
  return { address: account.address, addressFormat: account.addressFormat, signature, raw }
}

function messageBytes(message: unknown, label: string): Uint8Array {
  if (typeof message === 'string') return utf8(message)
  if (message instanceof Uint8Array) return new Uint8Array(message)
  throw invalidArgument(`${label}({ message })`, 'a string or a Uint8Array', message)
}

/** EIP-191 version 0x45: "\x19Ethereum Signed Message:\n" + byte length (decimal) + message, which the API hashes with keccak-256. */
export function personalMessage(message: Uint8Array): Uint8Array {
  const prefix = utf8(`\x19Ethereum Signed Message:\n${message.length}`)
  const data = new Uint8Array(prefix.length + message.length)
  data.set(prefix)
  data.set(message, prefix.length)
  return data
}
