'use client'
import { createContext, useContext, type RefObject } from 'react'
import { useIsomorphicLayoutEffect } from '../ui/useIsomorphicLayoutEffect'

/**
 * Whether a step may take focus when it appears. In the dialog, always: it was opened to be used. In an
 * inline panel, only once the person has used the panel: a page that loads must not have focus (and
 * the scroll position) pulled to a form it has not reached.
 */
export const MountFocusContext = createContext<() => boolean>(() => true)

/**
 * Focuses `ref` when the component mounts, if the context allows it. In the layout phase, before the
 * dialog's own layout effect: the dialog then finds focus inside and does not focus itself first, so
 * opening it moves focus once (one style and layout pass forced before the first paint, not two).
 */
export function useMountFocus(ref: RefObject<HTMLElement | null>): void {
  const mayFocus = useContext(MountFocusContext)
  useIsomorphicLayoutEffect(() => {
    if (mayFocus()) ref.current?.focus()
  }, [])
}
