import { useId, useMemo } from 'react'
import { Dialog } from '../dialog/Dialog'
import { LabelsContext } from '../labels/LabelsContext'
import { resolveLabels } from '../labels/resolveLabels'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'
import type { Theme } from '../Theme'
import { LoginFlow } from './LoginFlow'

export interface LoginDialogProps {
  onOpenChange(open: boolean): void
  theme: Theme
  locale: LoginLabels | undefined
  labels: LoginLabelsOverride | undefined
}

/** The open modal: dialog frame, title, close button, and the sign-in flow. Loaded lazily. */
export function LoginDialog({ onOpenChange, theme, locale, labels }: LoginDialogProps) {
  const titleId = useId()
  const resolved = useMemo(() => resolveLabels(locale, labels), [locale, labels])
  const close = () => onOpenChange(false)
  return (
    <LabelsContext.Provider value={resolved}>
      <Dialog labelledBy={titleId} onClose={close} theme={theme}>
        <header className="apk-dialog-header">
          <h2 id={titleId} className="apk-title">
            {resolved.dialogTitle}
          </h2>
          <button type="button" className="apk-icon-button" onClick={close}>
            <svg className="apk-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" />
            </svg>
            <span className="apk-visually-hidden">{resolved.close}</span>
          </button>
        </header>
        <LoginFlow onDone={close} />
      </Dialog>
    </LabelsContext.Provider>
  )
}
