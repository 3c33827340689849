import { useState } from 'react'

/**
 * A choice of the playground's kept for the tab (sessionStorage), so that it survives an OAuth redirect,
 * whose return address has no query. `queryParameter`, when given, lets a link open the playground on a
 * choice (`?config=every-provider`), which is then kept like one made in the page.
 */
export function useTabChoice<T extends string>(
  key: string,
  isChoice: (value: unknown) => value is T,
  fallback: T,
  queryParameter?: string,
): [T, (choice: T) => void] {
  const [choice, setChoice] = useState<T>(() => {
    const asked = queryParameter === undefined ? null : new URLSearchParams(window.location.search).get(queryParameter)
    if (isChoice(asked)) {
      sessionStorage.setItem(key, asked)
      return asked
    }
    const stored = sessionStorage.getItem(key)
    return isChoice(stored) ? stored : fallback
  })
  const choose = (next: T) => {
    sessionStorage.setItem(key, next)
    setChoice(next)
  }
  return [choice, choose]
}
