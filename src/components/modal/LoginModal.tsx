'use client'
import { useEffect, useState, type ReactNode } from 'react'
import type { EnabledProvider } from '../../react'
import { resolveLabels } from '../labels/resolveLabels'
import { useLocaleLabels, type Locale } from '../labels/useLocaleLabels'
import type { LoginLabelsOverride } from '../locales/LoginLabels'
import type { Theme } from '../theme/Theme'
import { DialogLoading } from './DialogLoading'
import { chunks, prefetchChunk } from '../../chunks'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'

/** What the modal shows, and in what style: LoginButton passes the same on to its modal. */
export interface LoginModalContentProps {
  /** 'light' (default), 'dark', 'auto', lightTheme({...}), darkTheme({...}) or { lightMode, darkMode }. */
  theme?: Theme
  /** 'en' (default), 'fr' (loaded when asked for), a whole dictionary, or some strings. */
  locale?: Locale
  /** Overrides of single strings, on top of `locale`. */
  labels?: LoginLabelsOverride
  /** Which methods to offer, in this order; default the provider's `methods`. The tenant's enabled ones bound it. */
  methods?: readonly EnabledProvider[]
  /** The sign-in's title; default the locale's "Log in or sign up". Signed in, it is `labels.accountTitle` ("Your account"). */
  title?: ReactNode
  /** Shown before the title; decorative, so give an image `alt=""`. */
  logo?: ReactNode
}

export interface LoginModalProps extends LoginModalContentProps {
  /** Controlled: whether the modal shows (with `onOpenChange`). Leave it out for an uncontrolled modal. */
  open?: boolean
  /** Called when the modal asks to open or close (its close button, Escape, "Done"). */
  onOpenChange?(open: boolean): void
  /** Uncontrolled: whether the modal shows at first; default false. Ignored when `open` is given. */
  defaultOpen?: boolean
}

/**
 * The sign-in dialog: the AuthPanel's flow in a modal, controlled (`open` + `onOpenChange`) or not
 * (`defaultOpen`). Its code is loaded the first time it opens, or before (LoginButton prefetches it when
 * the browser is idle, and on hover and focus): once loaded, it renders in the very commit that opens it.
 */
export function LoginModal({ open: controlledOpen, onOpenChange, defaultOpen = false, theme = 'light', locale, labels, methods, title, logo }: LoginModalProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen)
  const open = controlledOpen ?? uncontrolledOpen
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setUncontrolledOpen(next)
    onOpenChange?.(next)
  }
  const { module, error } = useModuleSnapshot(chunks.dialog)
  const copy = useLocaleLabels(locale, labels)
  useEffect(() => {
    // The failure is shown from the loader's state, with a way to try again.
    if (open) prefetchChunk(chunks.dialog)
  }, [open])
  if (!open) return null
  if (module && copy.labels) {
    return <module.LoginDialog onOpenChange={setOpen} theme={theme} labels={copy.labels} methods={methods} title={title} logo={logo} />
  }
  return (
    <DialogLoading
      theme={theme}
      // Until a language's copy is here, the wait and its failure read in English.
      labels={copy.labels ?? resolveLabels()}
      error={error ?? copy.error}
      onRetry={() => {
        prefetchChunk(chunks.dialog)
        copy.retry()
      }}
      onClose={() => setOpen(false)}
    />
  )
}
