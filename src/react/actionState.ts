import type { UseMutationOptions, UseMutationResult } from '@tanstack/react-query'
import type { KitError } from '../core/errors'
import type { AuthProxyEvents } from './context'

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

/**
 * An action hook's callbacks, as react-query's useMutation takes them: called for every run of this
 * hook's action, after the provider's onError. `variables` is what the run was given.
 */
export interface ActionCallbacks<TData, TVariables> {
  onSuccess?: ((data: TData, variables: TVariables) => void) | undefined
  /** Always a KitError. */
  onError?: ((error: KitError, variables: TVariables) => void) | undefined
  onSettled?: ((data: TData | undefined, error: KitError | null, variables: TVariables) => void) | undefined
}

/**
 * The mutation options that call the provider's onError, then the hook's callbacks; `show` turns the
 * mutation's variables into what the hook shows (the hook's `variables`).
 */
export function actionCallbacks<TData, TVariables, TShown = TVariables>(
  events: AuthProxyEvents,
  callbacks: ActionCallbacks<TData, TShown>,
  show: (variables: TVariables) => TShown = (variables) => variables as unknown as TShown,
): Pick<UseMutationOptions<TData, KitError, TVariables>, 'onSuccess' | 'onError' | 'onSettled'> {
  return {
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, show(variables)),
    onError: (error, variables) => {
      events.error(error)
      callbacks.onError?.(error, show(variables))
    },
    onSettled: (data, error, variables) => callbacks.onSettled?.(data, error, show(variables)),
  }
}
