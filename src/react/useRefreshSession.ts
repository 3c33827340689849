'use client'
import { useMutation } from '@tanstack/react-query'
import { chunks } from '../chunks'
import type { Session } from '../core'
import type { KitError } from '../core/errors'
import { actionState, type ActionState } from './actionState'
import { asKitError } from './asKitError'
import { useKit } from './useKit'

export interface RefreshSessionVariables {
  /** The new session's length in seconds (decimal string); default the tenant's. */
  expirationSeconds?: string
}

export interface UseRefreshSessionReturnType extends ActionState<Session, RefreshSessionVariables> {
  /** A fresh session for the same user and key (core refreshSession); every tab follows it. Never throws. */
  refreshSession(variables?: RefreshSessionVariables): void
  /** NOT_SIGNED_IN, STAMP_REFUSED (the session already ended for the API), the proxy's, LOAD_FAILED, ... */
  error: KitError | null
}

/** Refreshes the session before it expires, as a react-query mutation. */
export function useRefreshSession(): UseRefreshSessionReturnType {
  const kit = useKit()
  const mutation = useMutation<Session, KitError, RefreshSessionVariables>({
    mutationFn: async (variables) => {
      try {
        return await (await chunks.wallet.load()).refreshSession(kit, variables)
      } catch (error) {
        throw asKitError(error)
      }
    },
    retry: false,
  })
  return { refreshSession: (variables = {}) => mutation.mutate(variables), ...actionState(mutation, mutation.variables) }
}
