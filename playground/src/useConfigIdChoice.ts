import { useState } from 'react'
import { isPlaygroundConfigId, type PlaygroundConfigId } from './mockProxy'

const KEY = 'playground:config-id'

/**
 * The tenant the playground signs in to. `?config=every-provider` in the address chooses it (a link can
 * open the playground on it); the choice is kept for the tab, so that it survives the OAuth redirect,
 * whose return address has no query.
 */
export function useConfigIdChoice(): [PlaygroundConfigId, (choice: PlaygroundConfigId) => void] {
  const [choice, setChoice] = useState<PlaygroundConfigId>(() => {
    const asked = new URLSearchParams(window.location.search).get('config')
    if (isPlaygroundConfigId(asked)) {
      sessionStorage.setItem(KEY, asked)
      return asked
    }
    const stored = sessionStorage.getItem(KEY)
    return isPlaygroundConfigId(stored) ? stored : 'demo'
  })
  const choose = (next: PlaygroundConfigId) => {
    sessionStorage.setItem(KEY, next)
    setChoice(next)
  }
  return [choice, choose]
}
