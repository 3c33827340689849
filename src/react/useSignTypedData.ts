'use client'
import type { SignedTypedData, SignTypedDataParameters } from '../core'
import type { KitError } from '../core/errors'
import type { ActionCallbacks, ActionState } from './actionState'
import { useSigningMutation } from './useSigningMutation'

/** What signing typed data takes: the Ethereum account and the EIP-712 typed data. */
export type SignTypedDataVariables = Omit<SignTypedDataParameters, 'signal'>

export type UseSignTypedDataParameters = ActionCallbacks<SignedTypedData, SignTypedDataVariables>

export interface UseSignTypedDataReturnType extends ActionState<SignedTypedData, SignTypedDataVariables> {
  /** Signs EIP-712 typed data (eth_signTypedData_v4); the outcome is in the state (never throws). */
  signTypedData(variables: SignTypedDataVariables): void
  /** The same, as a promise: resolves with the signature, rejects with a KitError. */
  signTypedDataAsync(variables: SignTypedDataVariables): Promise<SignedTypedData>
  /** NOT_SIGNED_IN, USER_REJECTED, CONFIG_INVALID (malformed typed data), the proxy's, LOAD_FAILED, ... */
  error: KitError | null
}

/** Signs EIP-712 typed data with an Ethereum account (core signTypedData) as a react-query mutation. */
export function useSignTypedData(parameters: UseSignTypedDataParameters = {}): UseSignTypedDataReturnType {
  const { mutate, mutateAsync, state } = useSigningMutation(
    'useSignTypedData',
    (actions, kit, variables: SignTypedDataVariables) => actions.signTypedData(kit, variables),
    parameters,
  )
  return { signTypedData: mutate, signTypedDataAsync: mutateAsync, ...state }
}
