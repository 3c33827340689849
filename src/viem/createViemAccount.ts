import { hexToBytes, serializeTransaction, type Hex, type LocalAccount, type SignableMessage } from 'viem'
import { toAccount } from 'viem/accounts'
import { chunks } from '../chunks'
import type { Kit } from '../core/createKit'
import { invalidArgument } from '../core/assert'
import type { SigningAccount, TransactionSummary } from '../core/signing/signingPrompt'
import type { TypedDataDefinition } from '../core/signing/typedData'

export interface CreateViemAccountParameters {
  /** The signed-in user's Ethereum address (getWallets lists it; getViemAccount finds it). */
  address: Hex
}

/**
 * A viem account for one of the signed-in user's Ethereum accounts: `walletClient.signMessage`,
 * `signTypedData`, `signTransaction` and `sendTransaction` work unchanged, each signature asked of the
 * API through the kit (the kit's signing prompt first, when the drop-in modal is mounted). The signing
 * code loads on the first signature (chunks.signing), not with this module.
 */
export function createViemAccount(kit: Kit, { address }: CreateViemAccountParameters): LocalAccount {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw invalidArgument('createViemAccount({ address })', 'an Ethereum address (0x and 40 hex digits)', address)
  }
  const account: SigningAccount = { address, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }
  return toAccount({
    address,
    async signMessage({ message }) {
      const { signMessage } = await chunks.signing.load()
      return (await signMessage(kit, { account, message: messageBytes(message) })).signature as Hex
    },
    async signTypedData(typedData) {
      const { signTypedData } = await chunks.signing.load()
      return (await signTypedData(kit, { account, typedData: typedData as unknown as TypedDataDefinition })).signature
    },
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction
      const unsignedTransaction = await serializer(transaction)
      const { signTransaction } = await chunks.signing.load()
      const signed = await signTransaction(kit, { account, unsignedTransaction, summary: summaryOf(transaction) })
      return signed.signedTransaction as Hex
    },
  })
}

/** viem's SignableMessage as bytes: text is its UTF-8, `{raw}` the bytes (hex or a Uint8Array). */
function messageBytes(message: SignableMessage): string | Uint8Array {
  if (typeof message === 'string') return message
  return typeof message.raw === 'string' ? hexToBytes(message.raw) : message.raw
}

/** What the signing prompt shows of a transaction viem built (the serialization alone says nothing readable). */
function summaryOf(transaction: Record<string, unknown>): TransactionSummary {
  const summary: TransactionSummary = {}
  const { chainId, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce } = transaction
  if (typeof chainId === 'number') summary.chainId = chainId
  if (typeof to === 'string' || to === null) summary.to = to
  if (typeof value === 'bigint') summary.value = value
  if (typeof data === 'string') summary.data = data
  if (typeof gas === 'bigint') summary.gas = gas
  if (typeof gasPrice === 'bigint') summary.gasPrice = gasPrice
  if (typeof maxFeePerGas === 'bigint') summary.maxFeePerGas = maxFeePerGas
  if (typeof maxPriorityFeePerGas === 'bigint') summary.maxPriorityFeePerGas = maxPriorityFeePerGas
  if (typeof nonce === 'number') summary.nonce = nonce
  return summary
}
