'use client'
import { useMutation } from '@tanstack/react-query'
import { chunks } from '../chunks'
import type { Kit } from '../core/createKit'
import { actionMutationOptions } from './actionMutationOptions'
import { actionState, type ActionCallbacks, type ActionState } from './actionState'
import { useAuthProxyContext } from './useAuthProxyContext'

type SigningActions = Awaited<ReturnType<(typeof chunks)['signing']['load']>>

export interface SigningMutation<TData, TVariables> {
  mutate(variables: TVariables): void
  mutateAsync(variables: TVariables): Promise<TData>
  state: ActionState<TData, TVariables>
}

/**
 * The react-query mutation behind each signing hook (useSignMessage, useSignTypedData, ...): loads the
 * signing chunk, runs `sign` with the provider's kit, and reports errors as KitErrors through the
 * provider's onError and the hook's callbacks. Never retried: a signature is the person's act.
 */
export function useSigningMutation<TData, TVariables>(
  hook: string,
  sign: (actions: SigningActions, kit: Kit, variables: TVariables) => Promise<TData>,
  callbacks: ActionCallbacks<TData, TVariables>,
): SigningMutation<TData, TVariables> {
  const { kit, events } = useAuthProxyContext(hook)
  const mutation = useMutation(
    actionMutationOptions<TData, TVariables>(events, callbacks, async (variables) =>
      sign(await chunks.signing.load(), kit, variables),
    ),
  )
  return {
    mutate: (variables) => mutation.mutate(variables),
    mutateAsync: (variables) => mutation.mutateAsync(variables),
    state: actionState(mutation, mutation.variables),
  }
}
