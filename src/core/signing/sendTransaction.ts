import { invalidArgument } from '../assert'
import type { Kit } from '../contracts'
import { KitError } from '../errors'
import { signTransactionAs, type SignTransactionParameters } from './signTransaction'

/** What sendTransaction broadcasts through: any EIP-1193 `request` (viem's transport, a wagmi client's, window.ethereum's). */
export interface RpcTransport {
  request(args: { method: string; params?: readonly unknown[] | undefined }): Promise<unknown>
}

export interface SendTransactionParameters extends SignTransactionParameters {
  /** The app's own RPC for the transaction's chain: the kit holds no RPC URL of its own. */
  transport: RpcTransport
}

export interface SentTransaction {
  address: string
  /** The signed transaction, 0x hex, as it was broadcast. */
  signedTransaction: `0x${string}`
  /** The transaction hash the node answered. */
  hash: `0x${string}`
}

/**
 * Signs an Ethereum transaction (signTransaction; the prompt says it will be sent) and broadcasts it
 * with eth_sendRawTransaction through the app's transport. The transaction is complete as given
 * (nonce, gas, fees, chain id): filling them is viem's job (auth-proxy-kit/viem). A node's refusal is
 * RPC_ERROR with the node's error as cause; nothing is retried (a transaction is sent once).
 */
export async function sendTransaction(kit: Kit, parameters: SendTransactionParameters): Promise<SentTransaction> {
  const label = 'sendTransaction'
  const transport = (parameters ?? {}).transport
  if (typeof transport?.request !== 'function') {
    throw invalidArgument(
      `${label}({ transport })`,
      'an EIP-1193 transport: { request({ method, params }) }',
      transport,
    )
  }
  const signed = await signTransactionAs(kit, parameters, label, true, ['ADDRESS_FORMAT_ETHEREUM'])
  const signedTransaction = signed.signedTransaction as `0x${string}`
  let hash: unknown
  try {
    hash = await transport.request({ method: 'eth_sendRawTransaction', params: [signedTransaction] })
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new KitError('RPC_ERROR', `${label}: eth_sendRawTransaction failed: ${reason}`, { cause })
  }
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new KitError(
      'RPC_ERROR',
      `${label}: eth_sendRawTransaction answered ${JSON.stringify(hash)}, not a transaction hash`,
    )
  }
  return { address: signed.address, signedTransaction, hash: hash as `0x${string}` }
}
