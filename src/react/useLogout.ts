import { useMutation, type UseMutationResult } from '@tanstack/react-query'
import { logout } from '../core'
import type { KitError } from '../core/errors'
import { useKit } from './useKit'

export type UseLogoutReturnType = UseMutationResult<void, KitError, void>

/** Signs out: removes the stored session and deletes its key (core `logout`). */
export function useLogout(): UseLogoutReturnType {
  const kit = useKit()
  return useMutation<void, KitError, void>({ mutationFn: () => logout(kit) })
}
