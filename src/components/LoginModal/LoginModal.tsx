import { lazy, Suspense } from 'react'
import { resolveLabels } from '../labels/resolveLabels'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'
import type { Theme } from '../Theme'
import { loadLoginDialog } from './loadLoginDialog'

const LoginDialog = lazy(loadLoginDialog)

export interface LoginModalProps {
  open: boolean
  onOpenChange(open: boolean): void
  theme?: Theme
  /** A full dictionary for another language; English by default. */
  locale?: LoginLabels
  /** Overrides of single strings, on top of `locale`. */
  labels?: LoginLabelsOverride
}

/** The sign-in dialog, controlled. Its code is loaded the first time it opens (or is prefetched). */
export function LoginModal({ open, onOpenChange, theme = 'light', locale, labels }: LoginModalProps) {
  if (!open) return null
  return (
    <Suspense
      fallback={
        <div className="apk-root apk-overlay" data-apk-theme={theme}>
          <div className="apk-backdrop" />
          <p className="apk-status apk-loading-dialog" role="status">
            <span className="apk-spinner" aria-hidden="true" />
            {resolveLabels(locale, labels).loading}
          </p>
        </div>
      }
    >
      <LoginDialog onOpenChange={onOpenChange} theme={theme} locale={locale} labels={labels} />
    </Suspense>
  )
}
