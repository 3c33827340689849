'use client'
import { useMutation } from '@tanstack/react-query'
import { chunks } from '../chunks'
import type { Session } from '../core'
import type { KitError } from '../core/errors'
import { actionMutationOptions } from './actionMutationOptions'
import { actionState, type ActionCallbacks, type ActionState } from './actionState'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface RefreshSessionVariables {
  /** The new session's length in seconds (decimal string); default the tenant's. */
  expirationSeconds?: string | undefined
}

/** Called after each refresh of this hook (react-query's mutation callbacks). */
export type UseRefreshSessionParameters = ActionCallbacks<Session, RefreshSessionVariables>

export interface UseRefreshSessionReturnType extends ActionState<Session, RefreshSessionVariables> {
  /** A fresh session for the same user and key (core refreshSession); every tab follows it. Never throws. */
  refreshSession(variables?: RefreshSessionVariables): void
  /** The same, as a promise: resolves with the new session, rejects with a KitError. */
  refreshSessionAsync(variables?: RefreshSessionVariables): Promise<Session>
  /** NOT_SIGNED_IN, STAMP_REFUSED (the session already ended for the API), the proxy's, LOAD_FAILED, ... */
  error: KitError | null
}

/** Refreshes the session before it expires, as a react-query mutation. */
export function useRefreshSession(parameters: UseRefreshSessionParameters = {}): UseRefreshSessionReturnType {
  const { kit, events } = useAuthProxyContext('useRefreshSession')
  const mutation = useMutation(
    actionMutationOptions<Session, RefreshSessionVariables>(events, parameters, async (variables) =>
      (await chunks.wallet.load()).refreshSession(kit, variables),
    ),
  )
  return {
    refreshSession: (variables = {}) => mutation.mutate(variables),
    refreshSessionAsync: (variables = {}) => mutation.mutateAsync(variables),
    ...actionState(mutation, mutation.variables),
  }
}
