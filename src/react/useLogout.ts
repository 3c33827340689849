'use client'
import { useMutation } from '@tanstack/react-query'
import { logout as logoutFlow } from '../core'
import type { KitError } from '../core/errors'
import { actionMutationOptions } from './actionMutationOptions'
import { actionState, type ActionCallbacks, type ActionState } from './actionState'
import { useAuthProxyContext } from './useAuthProxyContext'

/** Called after each sign-out of this hook (react-query's mutation callbacks). */
export type UseLogoutParameters = ActionCallbacks<undefined, undefined>

/** The action hooks' one vocabulary (ActionState) with the verb `logout`. */
export interface UseLogoutReturnType extends ActionState<undefined, undefined> {
  /** Signs out; the outcome is in the state (never throws). */
  logout(): void
  /** Signs out; resolves once the session and its key are gone, rejects with a KitError. */
  logoutAsync(): Promise<undefined>
  /** Why signing out failed (the key could not be deleted, ...); the session is gone from this page anyway. */
  error: KitError | null
}

/**
 * Signs out: removes the stored session in every tab and deletes its key (core `logout`), as a
 * react-query mutation.
 */
export function useLogout(parameters: UseLogoutParameters = {}): UseLogoutReturnType {
  const { kit, events } = useAuthProxyContext('useLogout')
  // Local first: the session and its key go at once, offline or not (no request is needed to sign out).
  const mutation = useMutation(
    actionMutationOptions<undefined, undefined>(events, parameters, async () => {
      await logoutFlow(kit)
      return undefined
    }),
  )
  return {
    // No argument passed on: `onClick={logout}` hands it a click event.
    logout: () => mutation.mutate(undefined),
    logoutAsync: () => mutation.mutateAsync(undefined),
    ...actionState(mutation, undefined),
  }
}
