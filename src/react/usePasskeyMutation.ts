'use client'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { chunks } from '../chunks'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'
import { actionState, type ActionState } from './actionState'
import { asKitError } from './asKitError'
import { useAuthProxyContext } from './useAuthProxyContext'

type PasskeyFlows = Awaited<ReturnType<(typeof chunks)['passkey']['load']>>

/** What the passkey hooks return: one verb, named by each hook, over react-query's mutation state. */
export interface PasskeyMutation<TParameters, TData> extends ActionState<TData, TParameters> {
  /** Starts the flow; ignored while one of this hook's prompts is open (a second would cancel the first). */
  run(parameters?: TParameters): void
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
): PasskeyMutation<TParameters, TData> {
  const { kit } = useAuthProxyContext(hookName)
  // Set in the click itself: a double click must not open a second prompt before a render says 'pending'.
  const prompting = useRef(false)
  const mutation = useMutation<TData, KitError, TParameters>({
    mutationFn: async (parameters) => {
      try {
        return await flow(await chunks.passkey.load(), kit, parameters)
      } catch (error) {
        throw asKitError(error)
      } finally {
        prompting.current = false
      }
    },
    // A refused or cancelled prompt is the person's answer: never asked again by itself.
    retry: false,
    networkMode: 'always',
  })
  return {
    run: (parameters = {} as TParameters) => {
      if (prompting.current) return
      prompting.current = true
      mutation.mutate(parameters)
    },
    ...actionState(mutation, mutation.variables),
  }
}
