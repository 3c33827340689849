'use client'
import type { AddPasskeyParameters, AddPasskeyReturnType } from '../core'
import { usePasskeyMutation, type PasskeyMutation } from './usePasskeyMutation'

/** What adding a passkey takes (the signal is the hook's). */
export type AddPasskeyVariables = Omit<AddPasskeyParameters, 'signal'>

export type UseAddPasskeyReturnType = Omit<PasskeyMutation<AddPasskeyVariables, AddPasskeyReturnType>, 'run'> & {
  /** Adds a passkey to the signed-in user (NOT_SIGNED_IN otherwise). */
  addPasskey(parameters?: AddPasskeyVariables): void
}

/** Adds a passkey to the signed-in user (core addPasskey), one prompt at a time. */
export function useAddPasskey(): UseAddPasskeyReturnType {
  const { run, ...state } = usePasskeyMutation<AddPasskeyVariables, AddPasskeyReturnType>('useAddPasskey', (flows, kit, parameters) =>
    flows.addPasskey(kit, parameters),
  )
  return { addPasskey: run, ...state }
}
