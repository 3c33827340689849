'use client'
import type { SignedTransaction, SignTransactionParameters } from '../core'
import type { KitError } from '../core/errors'
import type { ActionCallbacks, ActionState } from './actionState'
import { useSigningMutation } from './useSigningMutation'

/** What signing a transaction takes: the account (Ethereum or Solana) and the unsigned transaction. */
export type SignTransactionVariables = Omit<SignTransactionParameters, 'signal'>

export type UseSignTransactionParameters = ActionCallbacks<SignedTransaction, SignTransactionVariables>

export interface UseSignTransactionReturnType extends ActionState<SignedTransaction, SignTransactionVariables> {
  /** Signs the transaction without sending it; the outcome is in the state (never throws). */
  signTransaction(variables: SignTransactionVariables): void
  /** The same, as a promise: resolves with the signed transaction, rejects with a KitError. */
  signTransactionAsync(variables: SignTransactionVariables): Promise<SignedTransaction>
  /** NOT_SIGNED_IN, USER_REJECTED, CONFIG_INVALID (not a transaction), the proxy's, LOAD_FAILED, ... */
  error: KitError | null
}

/**
 * Signs an Ethereum or Solana transaction (core signTransaction) as a react-query mutation:
 * `data.signedTransaction` is what the chain's RPC takes (0x hex for Ethereum, base64 for Solana).
 */
export function useSignTransaction(parameters: UseSignTransactionParameters = {}): UseSignTransactionReturnType {
  const { mutate, mutateAsync, state } = useSigningMutation(
    'useSignTransaction',
    (actions, kit, variables: SignTransactionVariables) => actions.signTransaction(kit, variables),
    parameters,
  )
  return { signTransaction: mutate, signTransactionAsync: mutateAsync, ...state }
}
