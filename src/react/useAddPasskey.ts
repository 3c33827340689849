'use client'
import { useQueryClient } from '@tanstack/react-query'
import type { AddPasskeyParameters, AddPasskeyReturnType, PublicUser } from '../core'
import { accountQueryKey } from './accountQueryKey'
import { useAuthProxyContext } from './useAuthProxyContext'
import type { ActionCallbacks } from './actionState'
import { usePasskeyMutation, type PasskeyMutation } from './usePasskeyMutation'

/** What adding a passkey takes (the signal is the hook's). */
export type AddPasskeyVariables = Omit<AddPasskeyParameters, 'signal'>

/** Called after each run of this hook's flow (react-query's mutation callbacks). */
export type UseAddPasskeyParameters = ActionCallbacks<AddPasskeyReturnType, AddPasskeyVariables>

export type UseAddPasskeyReturnType = Omit<
  PasskeyMutation<AddPasskeyVariables, AddPasskeyReturnType>,
  'run' | 'runAsync'
> & {
  /** Adds a passkey to the signed-in user (NOT_SIGNED_IN otherwise). */
  addPasskey(parameters?: AddPasskeyVariables): void
  /** The same, as a promise: resolves with the outcome, rejects with a KitError (while a prompt is open, that prompt's). */
  addPasskeyAsync(parameters?: AddPasskeyVariables): Promise<AddPasskeyReturnType>
}

/**
 * Adds a passkey to the signed-in user (core addPasskey), one prompt at a time. Named after the person:
 * the session identity's contact, email or name, else the user useUser already fetched (so that no
 * request stands between the press and the browser's prompt), else core asks get_user.
 */
export function useAddPasskey(callbacks: UseAddPasskeyParameters = {}): UseAddPasskeyReturnType {
  // First: outside a provider, the error names the fix (the provider) rather than react-query's.
  useAuthProxyContext('useAddPasskey')
  const queryClient = useQueryClient()
  const { run, runAsync, ...state } = usePasskeyMutation<AddPasskeyVariables, AddPasskeyReturnType>(
    'useAddPasskey',
    (flows, kit, parameters) => {
      const session = kit.session.getSnapshot().session
      const identity = session?.identity
      if (
        parameters.userName !== undefined ||
        identity?.contact ||
        identity?.email ||
        identity?.name ||
        session === null
      ) {
        return flows.addPasskey(kit, parameters)
      }
      const user = queryClient.getQueryData<PublicUser>(accountQueryKey(kit, 'user', session))
      const known = [user?.userEmail, user?.userPhoneNumber, user?.userName].find(
        (name) => typeof name === 'string' && name.trim() !== '',
      )
      return flows.addPasskey(kit, known === undefined ? parameters : { ...parameters, userName: known.trim() })
    },
    callbacks,
  )
  return { addPasskey: run, addPasskeyAsync: runAsync, ...state }
}
