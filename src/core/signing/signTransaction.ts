import { base64 } from '@scure/base'
import { invalidArgument } from '../assert'
import type { Kit } from '../contracts'
import { fromHex, toHex } from '../encoding'
import type { PublicAddressFormat } from '../publicApiTypes'
import { signedInSession, throwIfAborted } from '../wallet/signedInSession'
import { submitAsSession } from '../wallet/submitAsSession'
import { checkWalletCall } from '../wallet/walletOptions'
import { askToSign } from './askToSign'
import { badSignature } from './signatureFormats'
import { checkSigningAccount } from './signingAccount'
import type { SigningAccount, TransactionSummary } from './signingPrompt'

export interface SignTransactionParameters {
  /** The account that signs (Ethereum or Solana): its address and format, as getWallets lists them. */
  account: SigningAccount
  /**
   * The unsigned transaction, as bytes or hex (0x optional). Ethereum: its unsigned serialization
   * (viem's serializeTransaction: legacy, EIP-2930, EIP-1559 or EIP-7702). Solana: the wire transaction
   * with its signature slots zeroed (@solana/kit's getTransactionEncoder, web3.js's serialize with
   * requireAllSignatures false).
   */
  unsignedTransaction: string | Uint8Array
  /** The fields, for the signing prompt to show (the kit decodes no transaction itself). */
  summary?: TransactionSummary | undefined
  signal?: AbortSignal | undefined
}

export interface SignedTransaction {
  address: string
  addressFormat: PublicAddressFormat
  /**
   * What the chain's RPC takes: Ethereum, 0x hex of the signed serialization (eth_sendRawTransaction);
   * Solana, base64 of the signed wire transaction (sendTransaction with encoding "base64").
   */
  signedTransaction: string
  /** The signed transaction's bytes. */
  bytes: Uint8Array
}

const MAX_TRANSACTION_BYTES = 128 * 1024

/**
 * Signs a transaction with one of the signed-in user's accounts, as production's client does
 * (sign_transaction, ACTIVITY_TYPE_SIGN_TRANSACTION_V2, TRANSACTION_TYPE_ETHEREUM or _SOLANA after the
 * account's format; the serialization as hex without 0x), after the signing prompt if the kit has one.
 * A Solana answer must be the same transaction with signatures added: anything else is refused.
 */
export async function signTransaction(kit: Kit, parameters: SignTransactionParameters): Promise<SignedTransaction> {
  return signTransactionAs(kit, parameters, 'signTransaction', false)
}

/** signTransaction, named `label` in errors; `send` tells the prompt the transaction will be broadcast. */
export async function signTransactionAs(
  kit: Kit,
  parameters: SignTransactionParameters,
  label: string,
  send: boolean,
  formats?: readonly PublicAddressFormat[],
): Promise<SignedTransaction> {
  checkWalletCall(kit, parameters ?? null, label, 'parameters')
  const { summary, signal } = parameters
  const account = checkSigningAccount(parameters.account, label, formats)
  const unsigned = transactionBytes(parameters.unsignedTransaction, label)
  const ethereum = account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM'

  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  await askToSign(
    kit,
    {
      kind: 'transaction',
      account,
      chain: ethereum ? 'ethereum' : 'solana',
      transaction: unsigned,
      ...(summary === undefined ? {} : { summary }),
      ...(send ? { send } : {}),
    },
    signal,
    label,
  )
  const activity = await submitAsSession(
    kit,
    session,
    'sign_transaction',
    {
      signWith: account.address,
      unsignedTransaction: toHex(unsigned),
      type: ethereum ? 'TRANSACTION_TYPE_ETHEREUM' : 'TRANSACTION_TYPE_SOLANA',
    },
    signal,
  )
  const answer = (activity.result as Partial<typeof activity.result>).signTransactionResult?.signedTransaction
  const hex = typeof answer === 'string' ? answer.replace(/^0x/i, '') : ''
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw badSignature(label, 'sign_transaction', 'no signedTransaction hex')
  const bytes = fromHex(hex)
  if (!ethereum && !sameSolanaMessage(unsigned, bytes)) {
    throw badSignature(label, 'sign_transaction', 'a Solana transaction other than the one sent')
  }
  return {
    address: account.address,
    addressFormat: account.addressFormat,
    signedTransaction: ethereum ? `0x${hex.toLowerCase()}` : base64.encode(bytes),
    bytes,
  }
}

function transactionBytes(transaction: unknown, label: string): Uint8Array {
  let bytes: Uint8Array | undefined
  if (transaction instanceof Uint8Array) bytes = new Uint8Array(transaction)
  else if (typeof transaction === 'string') {
    const hex = transaction.replace(/^0x/i, '')
    if (/^(?:[0-9a-fA-F]{2})+$/.test(hex)) bytes = fromHex(hex)
  }
  if (bytes === undefined || bytes.length === 0 || bytes.length > MAX_TRANSACTION_BYTES) {
    throw invalidArgument(
      `${label}({ unsignedTransaction })`,
      `the unsigned transaction as bytes or hex (1 to ${MAX_TRANSACTION_BYTES} bytes)`,
      transaction,
    )
  }
  return bytes
}

/**
 * Whether `signed` is `unsigned` with only signatures filled in: a Solana wire transaction is a
 * compact-u16 count of 64-byte signature slots, then the message, which must come back unchanged.
 */
function sameSolanaMessage(unsigned: Uint8Array, signed: Uint8Array): boolean {
  if (signed.length !== unsigned.length) return false
  let count = 0
  let offset = 0
  for (let shift = 0; offset < 3; shift += 7) {
    const byte = unsigned[offset] ?? 0
    count |= (byte & 0x7f) << shift
    offset += 1
    if ((byte & 0x80) === 0) break
  }
  const message = offset + 64 * count
  if (message > unsigned.length) return false
  for (let i = 0; i < message - 64 * count; i += 1) if (signed[i] !== unsigned[i]) return false
  for (let i = message; i < unsigned.length; i += 1) if (signed[i] !== unsigned[i]) return false
  return true
}
