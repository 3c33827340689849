'use client'
import type { SignedMessage, SignMessageParameters } from '../core'
import type { KitError } from '../core/errors'
import type { ActionCallbacks, ActionState } from './actionState'
import { useSigningMutation } from './useSigningMutation'

/** What signing takes: the account and the message (the signal is the hook's). */
export type SignMessageVariables = Omit<SignMessageParameters, 'signal'>

/** Called after each signature of this hook (react-query's mutation callbacks). */
export type UseSignMessageParameters = ActionCallbacks<SignedMessage, SignMessageVariables>

export interface UseSignMessageReturnType extends ActionState<SignedMessage, SignMessageVariables> {
  /** Signs with one of the signed-in user's accounts; the outcome is in the state (never throws). */
  signMessage(variables: SignMessageVariables): void
  /** The same, as a promise: resolves with the signature, rejects with a KitError. */
  signMessageAsync(variables: SignMessageVariables): Promise<SignedMessage>
  /** NOT_SIGNED_IN, USER_REJECTED (declined in the prompt), PERMISSION_DENIED (a read-only session), the proxy's, LOAD_FAILED, ... */
  error: KitError | null
}

/**
 * Signs a message (core signMessage: Ethereum personal_sign, Solana ed25519) as a react-query mutation.
 * `data.signature` is what a wallet returns: 0x r‖s‖v for Ethereum, base58 for Solana.
 */
export function useSignMessage(parameters: UseSignMessageParameters = {}): UseSignMessageReturnType {
  const { mutate, mutateAsync, state } = useSigningMutation(
    'useSignMessage',
    (actions, kit, variables: SignMessageVariables) => actions.signMessage(kit, variables),
    parameters,
  )
  return { signMessage: mutate, signMessageAsync: mutateAsync, ...state }
}
