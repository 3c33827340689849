'use client'
import type { SignUpWithPasskeyParameters, SignUpWithPasskeyReturnType } from '../core'
import { usePasskeyMutation, type PasskeyMutation } from './usePasskeyMutation'

/** What a passkey sign-up takes (the config is the kit's; the signal is the hook's). */
export type SignUpWithPasskeyVariables = Omit<SignUpWithPasskeyParameters, 'signal'>

export type UseSignUpWithPasskeyReturnType = Omit<PasskeyMutation<SignUpWithPasskeyVariables, SignUpWithPasskeyReturnType>, 'run'> & {
  /** Creates an account whose only credential is a new passkey, and signs in (no email needed). */
  signUpWithPasskey(parameters?: SignUpWithPasskeyVariables): void
}

/** Passkey sign-up (core signUpWithPasskey), one prompt at a time. */
export function useSignUpWithPasskey(): UseSignUpWithPasskeyReturnType {
  const { run, ...state } = usePasskeyMutation<SignUpWithPasskeyVariables, SignUpWithPasskeyReturnType>(
    'useSignUpWithPasskey',
    (flows, kit, parameters) => flows.signUpWithPasskey(kit, parameters),
  )
  return { signUpWithPasskey: run, ...state }
}
