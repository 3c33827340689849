'use client'
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { Theme } from '../theme/Theme'
import { useThemeAttributes } from '../theme/useThemeAttributes'
import { hideOthers } from './hideOthers'
import { tabbableElements } from './tabbableElements'

export interface DialogProps {
  /** Id of the element that names the dialog. */
  labelledBy: string
  onClose(): void
  theme: Theme
  children: ReactNode
}

// Layout effects run before paint: the page is hidden and focus is inside before the user can act.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * A modal dialog written by hand (no dialog library): portal, focus moved in and trapped, Escape and the
 * backdrop close it, the rest of the page is inert, focus goes back to where it was on close.
 * Mounted only while open.
 */
export function Dialog({ labelledBy, onClose, theme, children }: DialogProps) {
  const rootRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const themeAttributes = useThemeAttributes(theme)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useIsomorphicLayoutEffect(() => {
    const root = rootRef.current
    const dialog = dialogRef.current
    if (!root || !dialog) return
    const document = root.ownerDocument
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const showOthers = hideOthers(root)
    document.documentElement.classList.add('apk-scroll-locked')
    // A step may already have focused its first field; otherwise the dialog itself takes focus.
    if (!dialog.contains(document.activeElement)) dialog.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault()
        onCloseRef.current()
      } else if (event.key === 'Tab') {
        const tabbables = tabbableElements(dialog)
        const first = tabbables[0]
        const last = tabbables[tabbables.length - 1]
        const active = document.activeElement
        if (!first || !last) {
          event.preventDefault()
          dialog.focus()
        } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
          event.preventDefault()
          first.focus()
        }
      }
    }
    // Browsers without `inert` can still move focus out (a click on the page behind, a screen reader).
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) dialog.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      document.documentElement.classList.remove('apk-scroll-locked')
      showOthers()
      if (trigger?.isConnected) trigger.focus()
    }
  }, [])

  return createPortal(
    <div ref={rootRef} className="apk-root apk-overlay" {...themeAttributes}>
      <div className="apk-backdrop" onClick={() => onCloseRef.current()} />
      <div ref={dialogRef} className="apk-dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1}>
        {children}
      </div>
    </div>,
    document.body,
  )
}
