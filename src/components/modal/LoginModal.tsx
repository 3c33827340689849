import { useEffect, type ReactNode } from 'react'
import type { EnabledProvider } from '../../core/types'
import { resolveLabels } from '../labels/resolveLabels'
import { useLocaleLabels, type Locale } from '../labels/useLocaleLabels'
import type { LoginLabelsOverride } from '../locales/LoginLabels'
import type { Theme } from '../theme/Theme'
import { DialogLoading } from './DialogLoading'
import { chunks, prefetchChunk } from '../../chunks'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'

export interface LoginModalProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** 'light' (default), 'dark', 'auto', lightTheme({...}), darkTheme({...}) or { lightMode, darkMode }. */
  theme?: Theme
  /** 'en' (default), 'fr' (loaded when asked for), a whole dictionary, or some strings. */
  locale?: Locale
  /** Overrides of single strings, on top of `locale`. */
  labels?: LoginLabelsOverride
  /** Which methods to offer, in this order; default the provider's `methods`. The tenant's enabled ones bound it. */
  methods?: readonly EnabledProvider[]
  /** Default the locale's "Log in or sign up". */
  title?: ReactNode
  /** Shown before the title; decorative, so give an image `alt=""`. */
  logo?: ReactNode
}

/**
 * The sign-in dialog, controlled: the AuthPanel's flow in a modal. Its code is loaded the first time it
 * opens, or before (LoginButton prefetches it on hover and focus): once loaded, it renders in the very
 * commit that opens it.
 */
export function LoginModal({ open, onOpenChange, theme = 'light', locale, labels, methods, title, logo }: LoginModalProps) {
  const { module, error } = useModuleSnapshot(chunks.dialog)
  const copy = useLocaleLabels(locale, labels)
  useEffect(() => {
    // The failure is shown from the loader's state, with a way to try again.
    if (open) prefetchChunk(chunks.dialog)
  }, [open])
  if (!open) return null
  if (module && copy.labels) {
    return <module.LoginDialog onOpenChange={onOpenChange} theme={theme} labels={copy.labels} methods={methods} title={title} logo={logo} />
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
      onClose={() => onOpenChange(false)}
    />
  )
}
