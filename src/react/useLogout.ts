'use client'
import { useMutation } from '@tanstack/react-query'
import { logout as logoutFlow } from '../core'
import type { KitError } from '../core/errors'
import { actionState, type ActionState } from './actionState'
import { asKitError } from './asKitError'
import { useKit } from './useKit'

/** The action hooks' one vocabulary (ActionState) with the verb `logout`. */
export interface UseLogoutReturnType extends ActionState<undefined, undefined> {
  /** Signs out; the outcome is in the state (never throws). */
  logout(): void
  /** Why signing out failed (the key could not be deleted, ...); the session is gone from this page anyway. */
  error: KitError | null
}

/**
 * Signs out: removes the stored session in every tab and deletes its key (core `logout`), as a
 * react-query mutation.
 */
export function useLogout(): UseLogoutReturnType {
  const kit = useKit()
  const mutation = useMutation<undefined, KitError, undefined>({
    mutationFn: async () => {
      try {
        await logoutFlow(kit)
        return undefined
      } catch (error) {
        throw asKitError(error)
      }
    },
  })
  return { logout: () => mutation.mutate(undefined), ...actionState(mutation, undefined) }
}
