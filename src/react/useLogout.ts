'use client'
import { useMutation } from '@tanstack/react-query'
import { logout as logoutFlow } from '../core'
import type { KitError } from '../core/errors'
import { asKitError } from './asKitError'
import { useKit } from './useKit'

/** The action hooks' one vocabulary: a named verb, react-query's mutation state, `reset`. */
export interface UseLogoutReturnType {
  /** Signs out; the outcome is in the state (never throws). */
  logout(): void
  status: 'idle' | 'pending' | 'success' | 'error'
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  /** Why signing out failed (the key could not be deleted, ...); the session is gone from this page anyway. */
  error: KitError | null
  data: undefined
  variables: undefined
  /** Back to idle. */
  reset(): void
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
  const { mutate, status, isPending, isSuccess, isError, error, reset } = mutation
  return { logout: () => mutate(undefined), status, isPending, isSuccess, isError, error, data: undefined, variables: undefined, reset }
}
