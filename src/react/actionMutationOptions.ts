import type { UseMutationOptions } from '@tanstack/react-query'
import type { KitError } from '../core/errors'
import { actionCallbacks, type ActionCallbacks } from './actionState'
import { asKitError } from './asKitError'
import type { AuthProxyEvents } from './context'

/**
 * Every action hook's react-query mutation options, from one place (as wagmi's `core/query` builds each
 * hook's): the run, its failures as KitErrors, the provider's and the hook's callbacks, and the two
 * settings no action may differ on, whatever the host's QueryClient defaults say:
 *
 * - `networkMode: 'always'`: react-query's default pauses a mutation while the browser reports itself
 *   offline, with no error and no end: sign-out then waited for the network with the session still on
 *   the page, and a signature spun "Signing…" for ever. The kit's actions are local (sign-out) or reach
 *   the proxy through the kit's own fetch, which fails at once offline and says so (OFFLINE).
 * - `retry: false`: a kit error is final (a refused signature or sign-in does not pass on a second
 *   try), and a prompt is the person's act, asked again only by them.
 *
 * `show` turns the mutation's variables into what the hook shows (its `variables`).
 */
export function actionMutationOptions<TData, TVariables, TShown = TVariables>(
  events: AuthProxyEvents,
  callbacks: ActionCallbacks<TData, TShown>,
  run: (variables: TVariables) => Promise<TData>,
  show?: (variables: TVariables) => TShown,
): UseMutationOptions<TData, KitError, TVariables> {
  return {
    mutationFn: async (variables) => {
      try {
        return await run(variables)
      } catch (error) {
        throw asKitError(error)
      }
    },
    networkMode: 'always',
    retry: false,
    ...actionCallbacks(events, callbacks, show),
  }
}
