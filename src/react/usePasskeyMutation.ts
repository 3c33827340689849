'use client'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { chunks } from '../chunks'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'
import { actionMutationOptions } from './actionMutationOptions'
import { actionState, type ActionCallbacks, type ActionState } from './actionState'
import { useAuthProxyContext } from './useAuthProxyContext'

type PasskeyFlows = Awaited<ReturnType<(typeof chunks)['passkey']['load']>>

/** What the passkey hooks return: one verb, named by each hook, over react-query's mutation state. */
export interface PasskeyMutation<TParameters, TData> extends ActionState<TData, TParameters> {
  /** Starts the flow; ignored while one of this hook's prompts is open (a second would cancel the first). */
  run(parameters?: TParameters): void
  /** The same, as a promise (react-query's mutateAsync); while a prompt is open, that prompt's promise. */
  runAsync(parameters?: TParameters): Promise<TData>
  /**
   * PASSKEY_CANCELLED when the person closed the prompt (or has no passkey here: browsers do not tell
   * the two apart), PASSKEY_UNSUPPORTED, METHOD_DISABLED, STAMP_REFUSED, LOAD_FAILED, the proxy's, ...
   * and, from a sign-up that failed after the passkey was made, PASSKEY_SIGNUP_INCOMPLETE.
   */
  error: KitError | null
}

/**
 * A passkey flow as a mutation. The flows' code loads on first use (chunks.passkey; components
 * prefetch it on hover, focus and press), and read the tenant's config themselves.
 */
export function usePasskeyMutation<TParameters, TData>(
  hookName: string,
  flow: (flows: PasskeyFlows, kit: Kit, parameters: TParameters) => Promise<TData>,
  callbacks: ActionCallbacks<TData, TParameters> = {},
): PasskeyMutation<TParameters, TData> {
  const { kit, events } = useAuthProxyContext(hookName)
  // Set in the click itself: a double click must not open a second prompt before a render says 'pending'.
  // It holds that prompt's outcome, which a second call gets too.
  const prompting = useRef<Promise<TData> | null>(null)
  const mutation = useMutation(
    actionMutationOptions<TData, TParameters>(events, callbacks, async (parameters) => {
      try {
        return await flow(await chunks.passkey.load(), kit, parameters)
      } finally {
        prompting.current = null
      }
    }),
  )
  const runAsync = (parameters = {} as TParameters): Promise<TData> => {
    if (prompting.current) return prompting.current
    const running = mutation.mutateAsync(parameters)
    prompting.current = running
    return running
  }
  return {
    // The outcome is in the state: the promise's rejection is handled here.
    run: (parameters) => void runAsync(parameters).catch(() => undefined),
    runAsync,
    ...actionState(mutation, mutation.variables),
  }
}
