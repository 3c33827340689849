'use client'
import type { LoginWithPasskeyParameters, LoginWithPasskeyReturnType } from '../core'
import type { ActionCallbacks } from './actionState'
import { usePasskeyMutation, type PasskeyMutation } from './usePasskeyMutation'

/** What a passkey log-in takes (the config is the kit's; the signal is the hook's). */
export type LoginWithPasskeyVariables = Omit<LoginWithPasskeyParameters, 'signal'>

/** Called after each run of this hook's flow (react-query's mutation callbacks). */
export type UseLoginWithPasskeyParameters = ActionCallbacks<LoginWithPasskeyReturnType, LoginWithPasskeyVariables>

export type UseLoginWithPasskeyReturnType = Omit<
  PasskeyMutation<LoginWithPasskeyVariables, LoginWithPasskeyReturnType>,
  'run' | 'runAsync'
> & {
  /** Signs in with a passkey the person made here before (the browser's prompt first). */
  loginWithPasskey(parameters?: LoginWithPasskeyVariables): void
  /** The same, as a promise: resolves with the outcome, rejects with a KitError (while a prompt is open, that prompt's). */
  loginWithPasskeyAsync(parameters?: LoginWithPasskeyVariables): Promise<LoginWithPasskeyReturnType>
}

/**
 * Passkey log-in (core loginWithPasskey), one prompt at a time. A passkey whose sign-up failed in this
 * browser before its account was made is refused as STAMP_REFUSED with isPasskeyWithoutAccount(error)
 * true and a userMessage saying so: offer to create the account again.
 */
export function useLoginWithPasskey(callbacks: UseLoginWithPasskeyParameters = {}): UseLoginWithPasskeyReturnType {
  const { run, runAsync, ...state } = usePasskeyMutation<LoginWithPasskeyVariables, LoginWithPasskeyReturnType>(
    'useLoginWithPasskey',
    (flows, kit, parameters) => flows.loginWithPasskey(kit, parameters),
    callbacks,
  )
  return { loginWithPasskey: run, loginWithPasskeyAsync: runAsync, ...state }
}
