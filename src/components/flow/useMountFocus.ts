'use client'
import { createContext, useContext, useEffect, type RefObject } from 'react'

/**
 * Whether a step may take focus when it appears. In the dialog, always: it was opened to be used. In an
 * inline panel, only once the person has used the panel: a page that loads must not have focus (and
 * the scroll position) pulled to a form it has not reached.
 */
export const MountFocusContext = createContext<() => boolean>(() => true)

/** Focuses `ref` when the component mounts, if the context allows it. */
export function useMountFocus(ref: RefObject<HTMLElement | null>): void {
  const mayFocus = useContext(MountFocusContext)
  useEffect(() => {
    if (mayFocus()) ref.current?.focus()
  }, [])
}
