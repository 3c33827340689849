import { logout } from '../core'
import type { KitError } from '../core/errors'
import { useAction, type ActionStatus } from './useAction'
import { useKit } from './useKit'

export interface UseLogoutReturnType {
  /** Signs out; the outcome is in the state (never throws). */
  mutate(): void
  status: ActionStatus
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  /** Why signing out failed (the key could not be deleted, ...); the session is gone from this page anyway. */
  error: KitError | null
  reset(): void
}

/**
 * Signs out: removes the stored session and deletes its key (core `logout`). Shaped like a react-query
 * mutation (`mutate`, `isPending`, `error`), without loading react-query's mutation observer for it.
 */
export function useLogout(): UseLogoutReturnType {
  const kit = useKit()
  const { run, status, isPending, isSuccess, isError, error, reset } = useAction(() => logout(kit))
  return { mutate: () => run(undefined), status, isPending, isSuccess, isError, error, reset }
}
