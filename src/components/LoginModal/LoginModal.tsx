import { useEffect, useSyncExternalStore } from 'react'
import { resolveLabels } from '../labels/resolveLabels'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'
import type { Theme } from '../Theme'
import { DialogLoading } from './DialogLoading'
import { loginDialogLoader } from './loadLoginDialog'

export interface LoginModalProps {
  open: boolean
  onOpenChange(open: boolean): void
  theme?: Theme
  /** A full dictionary for another language; English by default. */
  locale?: LoginLabels
  /** Overrides of single strings, on top of `locale`. */
  labels?: LoginLabelsOverride
}

/**
 * The sign-in dialog, controlled. Its code is loaded the first time it opens, or before (LoginButton
 * prefetches it on hover and focus): once loaded, it renders in the very commit that opens it.
 */
export function LoginModal({ open, onOpenChange, theme = 'light', locale, labels }: LoginModalProps) {
  const { module, error } = useSyncExternalStore(loginDialogLoader.subscribe, loginDialogLoader.getSnapshot, loginDialogLoader.getSnapshot)
  useEffect(() => {
    // The failure is shown from the loader's state, with a way to try again.
    if (open) loginDialogLoader.load().catch(() => undefined)
  }, [open])
  if (!open) return null
  if (module) return <module.LoginDialog onOpenChange={onOpenChange} theme={theme} locale={locale} labels={labels} />
  return (
    <DialogLoading
      theme={theme}
      labels={resolveLabels(locale, labels)}
      error={error}
      onRetry={() => void loginDialogLoader.load().catch(() => undefined)}
      onClose={() => onOpenChange(false)}
    />
  )
}
