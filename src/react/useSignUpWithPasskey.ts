'use client'
import type { SignUpWithPasskeyParameters, SignUpWithPasskeyReturnType } from '../core'
import { useAuthProxyContext } from './useAuthProxyContext'
import type { ActionCallbacks } from './actionState'
import { usePasskeyMutation, type PasskeyMutation } from './usePasskeyMutation'

/**
 * What a passkey sign-up takes (the config is the kit's; the signal is the hook's). `userName` names
 * the account and the passkey (the person's email, phone or name); left out, the provider's
 * `passkeyName` is used, and without either the sign-up fails with CONFIG_INVALID before any prompt.
 */
export type SignUpWithPasskeyVariables = Omit<SignUpWithPasskeyParameters, 'signal' | 'userName'> & {
  userName?: string | undefined
}

/** Called after each run of this hook's flow (react-query's mutation callbacks). */
export type UseSignUpWithPasskeyParameters = ActionCallbacks<SignUpWithPasskeyReturnType, SignUpWithPasskeyVariables>

export type UseSignUpWithPasskeyReturnType = Omit<
  PasskeyMutation<SignUpWithPasskeyVariables, SignUpWithPasskeyReturnType>,
  'run' | 'runAsync'
> & {
  /** Creates an account whose only credential is a new passkey, and signs in (no email needed). */
  signUpWithPasskey(parameters?: SignUpWithPasskeyVariables): void
  /** The same, as a promise: resolves with the outcome, rejects with a KitError (while a prompt is open, that prompt's). */
  signUpWithPasskeyAsync(parameters?: SignUpWithPasskeyVariables): Promise<SignUpWithPasskeyReturnType>
}

/**
 * Passkey sign-up (core signUpWithPasskey), one prompt at a time. A failure after the passkey was made
 * is PASSKEY_SIGNUP_INCOMPLETE (isPasskeySignUpIncomplete(error)): do not run the sign-up again (a second
 * account, a second passkey) but useLoginWithPasskey's `loginWithPasskey({ allowCredentials:
 * [error.credentialId] })`, as the kit's modal does ("Sign in with the passkey you just created").
 */
export function useSignUpWithPasskey(callbacks: UseSignUpWithPasskeyParameters = {}): UseSignUpWithPasskeyReturnType {
  const { passkeyName } = useAuthProxyContext('useSignUpWithPasskey')
  const { run, runAsync, ...state } = usePasskeyMutation<SignUpWithPasskeyVariables, SignUpWithPasskeyReturnType>(
    'useSignUpWithPasskey',
    (flows, kit, { userName, ...parameters }) =>
      flows.signUpWithPasskey(kit, { ...parameters, userName: (userName ?? passkeyName) as string }),
    callbacks,
  )
  return { signUpWithPasskey: run, signUpWithPasskeyAsync: runAsync, ...state }
}
