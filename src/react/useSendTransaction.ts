'use client'
import type { SendTransactionParameters, SentTransaction } from '../core'
import type { KitError } from '../core/errors'
import type { ActionCallbacks, ActionState } from './actionState'
import { useSigningMutation } from './useSigningMutation'

/** What sending takes: the Ethereum account, the complete unsigned transaction, and the app's transport. */
export type SendTransactionVariables = Omit<SendTransactionParameters, 'signal'>

export type UseSendTransactionParameters = ActionCallbacks<SentTransaction, SendTransactionVariables>

export interface UseSendTransactionReturnType extends ActionState<SentTransaction, SendTransactionVariables> {
  /** Signs and broadcasts; the outcome is in the state (never throws). */
  sendTransaction(variables: SendTransactionVariables): void
  /** The same, as a promise: resolves with the hash, rejects with a KitError. */
  sendTransactionAsync(variables: SendTransactionVariables): Promise<SentTransaction>
  /** NOT_SIGNED_IN, USER_REJECTED, RPC_ERROR (the node refused it), the proxy's, LOAD_FAILED, ... */
  error: KitError | null
}

/**
 * Signs an Ethereum transaction and broadcasts it through the app's own transport (core
 * sendTransaction) as a react-query mutation. The transaction must be complete (nonce, gas, fees): a
 * wagmi or viem app sends through auth-proxy-kit/viem's account instead, which fills them.
 */
export function useSendTransaction(parameters: UseSendTransactionParameters = {}): UseSendTransactionReturnType {
  const { mutate, mutateAsync, state } = useSigningMutation(
    'useSendTransaction',
    (actions, kit, variables: SendTransactionVariables) => actions.sendTransaction(kit, variables),
    parameters,
  )
  return { sendTransaction: mutate, sendTransactionAsync: mutateAsync, ...state }
}
