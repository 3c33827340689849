'use client'
import type { LoginWithPasskeyParameters, LoginWithPasskeyReturnType } from '../core'
import { usePasskeyMutation, type PasskeyMutation } from './usePasskeyMutation'

/** What a passkey log-in takes (the config is the kit's; the signal is the hook's). */
export type LoginWithPasskeyVariables = Omit<LoginWithPasskeyParameters, 'signal'>

export type UseLoginWithPasskeyReturnType = Omit<PasskeyMutation<LoginWithPasskeyVariables, LoginWithPasskeyReturnType>, 'run'> & {
  /** Signs in with a passkey the person made here before (the browser's prompt first). */
  loginWithPasskey(parameters?: LoginWithPasskeyVariables): void
}

/**
 * Passkey log-in (core loginWithPasskey), one prompt at a time. A passkey whose sign-up failed in this
 * browser before its account was made is refused as STAMP_REFUSED with isPasskeyWithoutAccount(error)
 * true and a userMessage saying so: offer to create the account again.
 */
export function useLoginWithPasskey(): UseLoginWithPasskeyReturnType {
  const { run, ...state } = usePasskeyMutation<LoginWithPasskeyVariables, LoginWithPasskeyReturnType>(
    'useLoginWithPasskey',
    (flows, kit, parameters) => flows.loginWithPasskey(kit, parameters),
  )
  return { loginWithPasskey: run, ...state }
}
