'use client'
import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import type { Theme } from '../../appearance/Theme'
import { useThemeAttributes } from '../theme/useThemeAttributes'
import { hideOthers, isKeptOutsideModal } from './hideOthers'
import { tabbableElements } from './tabbableElements'
import { MountFocusContext } from '../flow/useMountFocus'
import { useIsomorphicLayoutEffect } from '../ui/useIsomorphicLayoutEffect'

export interface DialogProps {
  /** Id of the element that names the dialog. */
  labelledBy: string
  onClose(): void
  theme: Theme
  /** The language of what it says (a BCP 47 tag), so that a screen reader speaks it with the right voice. */
  lang?: string | undefined
  children: ReactNode
}

/** Where the dialog is a bottom sheet (styles.css): the same width. */
const NARROW = '(max-width: 480px)'

// The kit's dialogs open now, the top-most last: only that one answers Escape.
const openDialogs: HTMLElement[] = []

/**
 * A modal dialog written by hand (no dialog library): portal, focus moved in and trapped, Escape and the
 * backdrop close it, the rest of the page is inert, focus goes back to where it was on close.
 * Mounted only while open.
 *
 * The order of the layout effects matters for the first paint (React runs them in tree order, children
 * first): the backdrop's, first, makes the page inert and locks its scroll; then a step may focus its
 * first field (useMountFocus); the dialog's own, last, focuses the dialog only if nothing inside has
 * focus. Focus then moves once, after every change to the page's styles: one forced style and layout
 * pass before the first paint, not two.
 */
export function Dialog({ labelledBy, onClose, theme, lang, children }: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const themeAttributes = useThemeAttributes(theme)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  // On a phone (where the dialog is a bottom sheet) a field focused on open brings up the keyboard,
  // which covers the sheet's buttons: no step takes focus until the person has used the dialog.
  const [narrow] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches === true)
  const used = useRef(false)
  const mayFocus = useCallback(() => !narrow || used.current, [narrow])
  const markUsed = () => {
    used.current = true
  }

  useIsomorphicLayoutEffect(() => {
    const dialog = dialogRef.current
    // A step may already have focused its first field; otherwise the dialog itself takes focus.
    if (dialog && !dialog.contains(dialog.ownerDocument.activeElement)) dialog.focus()
  }, [])

  return createPortal(
    <div className="apk-root apk-overlay" {...themeAttributes}>
      <Backdrop dialogRef={dialogRef} onCloseRef={onCloseRef} />
      <div
        ref={dialogRef}
        className="apk-dialog"
        role="dialog"
        lang={lang}
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onPointerDown={markUsed}
        onKeyDown={markUsed}
      >
        <MountFocusContext.Provider value={mayFocus}>{children}</MountFocusContext.Provider>
      </div>
    </div>,
    document.body,
  )
}

/**
 * The backdrop (a click on it closes the dialog) and, in its layout effect, what makes the dialog modal:
 * the rest of the page inert and its scroll locked, Escape and the focus trap, and focus back where it
 * was on close. The overlay is its parent element.
 */
function Backdrop({
  dialogRef,
  onCloseRef,
}: {
  dialogRef: RefObject<HTMLDivElement | null>
  onCloseRef: RefObject<() => void>
}) {
  const backdropRef = useRef<HTMLDivElement>(null)

  // Before paint: the page is hidden and focus is inside before the person can act.
  useIsomorphicLayoutEffect(() => {
    const root = backdropRef.current?.parentElement
    if (!root) return
    const document = root.ownerDocument
    // Before any step moves focus in (their layout effects run after this one).
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const showOthers = hideOthers(root)
    document.documentElement.classList.add('apk-scroll-locked')

    // Escape belongs to the top-most dialog. Another library's modal around the kit's (a Radix Dialog
    // holding the LoginButton) listens on the document in the capture phase, before any element could
    // stop it, and would close too: so the kit listens on the window, earlier still, closes only its
    // top-most dialog, and stops the event there.
    openDialogs.push(root)
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openDialogs[openDialogs.length - 1] !== root) return
      event.preventDefault()
      event.stopPropagation()
      onCloseRef.current()
    }
    const window = document.defaultView
    window?.addEventListener('keydown', onEscape, true)

    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current
      if (!dialog || openDialogs[openDialogs.length - 1] !== root) return
      if (event.key === 'Tab') {
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
      if (openDialogs[openDialogs.length - 1] !== root) return
      if (!(event.target instanceof Node) || root.contains(event.target)) return
      // What the app keeps usable beside the modal may hold focus (a toast's button).
      if (!isKeptOutsideModal(event.target)) dialogRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      openDialogs.splice(openDialogs.indexOf(root), 1)
      window?.removeEventListener('keydown', onEscape, true)
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      document.documentElement.classList.remove('apk-scroll-locked')
      showOthers()
      if (trigger?.isConnected) trigger.focus()
    }
  }, [])

  return <div ref={backdropRef} className="apk-backdrop" onClick={() => onCloseRef.current()} />
}
