import type { UseMutationResult } from '@tanstack/react-query'
import type { KitError } from '../core/errors'

/**
 * The one vocabulary of the kit's action hooks: each adds its named verb (`logout`, `loginWithOAuth`,
 * `signUpWithPasskey`, ...) to this state of its react-query mutation.
 */
export interface ActionState<TData, TVariables> {
  status: 'idle' | 'pending' | 'success' | 'error'
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  /** Always a KitError: the hooks' mutation functions throw nothing else. */
  error: KitError | null
  data: TData | undefined
  /** What the current or last run was given. */
  variables: TVariables | undefined
  /** Back to 'idle', forgetting an error or an outcome. */
  reset(): void
}

/** A mutation's state in the vocabulary; `variables` when the hook shows other than the mutation's own. */
export function actionState<TData, TVariables, TShown = TVariables>(
  mutation: UseMutationResult<TData, KitError, TVariables>,
  variables: TShown | undefined,
): ActionState<TData, TShown> {
  const { status, isPending, isSuccess, isError, error, data, reset } = mutation
  return { status, isPending, isSuccess, isError, error, data, variables, reset }
}
