// TRANSACTION_TYPE_ETHEREUM: the unsigned serialization, parsed, signed and serialized again by
// micro-eth-signer (an audited library: the mock writes no RLP). Legacy (with or without an EIP-155 chain
// id), EIP-2930 (0x01), EIP-1559 (0x02) and EIP-7702 (0x04) with its signed authorization list.
import { bytesToHex } from '@noble/hashes/utils.js'
import { Transaction } from 'micro-eth-signer'
import { MockError } from '../http'

/** An unsigned Ethereum transaction, read: signing it can no longer fail on its bytes. */
export type EthereumTransaction = ReturnType<typeof Transaction.fromBytes>

// EIP-2718: a typed transaction starts with its type (0x00-0x7f); a legacy one with an RLP list (0xc0-0xff).
const TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'EIP-2930', 2: 'EIP-1559', 4: 'EIP-7702' }

/** Parses `bytes` (3 INVALID_ARGUMENT naming `field` and what is wrong). */
export function readEthereumTransaction(bytes: Uint8Array, field: string): EthereumTransaction {
  const first = bytes[0] ?? 0
  if (first === 0x03) {
    throw new MockError(
      3,
      `${field}: an EIP-4844 blob transaction (type 0x03) is not supported by the mock; send a legacy, 0x01, 0x02 or 0x04 transaction`,
    )
  }
  if (first < 0xc0 && TYPE_NAMES[first] === undefined) {
    throw new MockError(
      3,
      `${field}: transaction type 0x${first.toString(16).padStart(2, '0')} is not one the mock signs: legacy (an RLP list), 0x01 (EIP-2930), 0x02 (EIP-1559) or 0x04 (EIP-7702)`,
    )
  }
  const kind = TYPE_NAMES[first] ?? 'legacy'
  let transaction: EthereumTransaction
  try {
    transaction = Transaction.fromBytes(bytes)
  } catch (error) {
    throw new MockError(3, `${field}: not an unsigned ${kind} transaction: ${(error as Error).message}`)
  }
  if (transaction.isSigned) {
    throw new MockError(3, `${field}: this ${kind} transaction is signed already; send its unsigned serialization`)
  }
  return transaction
}

/** The signed serialization, as hex without 0x (as production answers; its viem package adds the 0x). */
export function signEthereumTransaction(transaction: EthereumTransaction, privateKey: Uint8Array): string {
  // No extra entropy: RFC 6979 alone, so that the same request signs the same way (as every mock signature).
  return bytesToHex(transaction.signBy(privateKey, false).toBytes())
}
