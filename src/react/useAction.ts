import { useCallback, useRef, useState } from 'react'
import type { KitError } from '../core/errors'
import { asKitError } from './asKitError'

export type ActionStatus = 'idle' | 'pending' | 'success' | 'error'

export interface UseActionReturnType<TData, TVariables> {
  status: ActionStatus
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  data: TData | undefined
  error: KitError | null
  /** The variables of the current or last run. */
  variables: TVariables | undefined
  /** Starts a run; a run started before it, or a reset, makes the earlier run's outcome irrelevant. */
  run(variables: TVariables): void
  /** Back to idle; the outcome of a run under way is ignored. */
  reset(): void
}

interface State<TData, TVariables> {
  status: ActionStatus
  data: TData | undefined
  error: KitError | null
  variables: TVariables | undefined
}

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const

/**
 * An async action's state for a component: the few things the kit's hooks used react-query's
 * useMutation for, without its mutation cache and observer in the host app's first load. Only the
 * latest run reports: `onSuccess` and the state never come from a run that was replaced or reset.
 */
export function useAction<TData, TVariables>(
  action: (variables: TVariables) => Promise<TData>,
  onSuccess?: (data: TData, variables: TVariables) => void,
): UseActionReturnType<TData, TVariables> {
  const [state, setState] = useState<State<TData, TVariables>>(IDLE)
  const latest = useRef(0)
  // The latest render's callbacks, so that `run` can stay the same function.
  const callbacks = useRef({ action, onSuccess })
  callbacks.current = { action, onSuccess }

  const run = useCallback((variables: TVariables) => {
    const id = ++latest.current
    setState({ status: 'pending', data: undefined, error: null, variables })
    // Called in a microtask, like useMutation's mutationFn: never during the caller's render.
    Promise.resolve()
      .then(() => callbacks.current.action(variables))
      .then(
        (data) => {
          if (id !== latest.current) return
          callbacks.current.onSuccess?.(data, variables)
          setState({ status: 'success', data, error: null, variables })
        },
        (error: unknown) => {
          if (id !== latest.current) return
          setState({ status: 'error', data: undefined, error: asKitError(error), variables })
        },
      )
  }, [])
  const reset = useCallback(() => {
    latest.current += 1
    setState(IDLE)
  }, [])

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    run,
    reset,
  }
}
