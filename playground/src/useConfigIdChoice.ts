import { isPlaygroundConfigId, type PlaygroundConfigId } from './mockProxy'
import { useTabChoice } from './useTabChoice'

/** The tenant the playground signs in to; `?config=every-provider` in the address chooses it. */
export function useConfigIdChoice(): [PlaygroundConfigId, (choice: PlaygroundConfigId) => void] {
  return useTabChoice('playground:config-id', isPlaygroundConfigId, 'demo', 'config')
}
