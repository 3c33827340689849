'use client'
import { useEffect, useId, useRef } from 'react'
import type { KitError } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import type { LoginLabels } from '../../appearance/LoginLabels'
import type { Theme } from '../../appearance/Theme'
import { useThemeAttributes } from '../theme/useThemeAttributes'

export interface DialogLoadingProps {
  theme: Theme
  labels: LoginLabels
  /** Why the dialog's code could not be loaded (LOAD_FAILED); null while it is loading. */
  error: KitError | null
  onRetry(): void
  onClose(): void
}

/**
 * What the modal shows while its code is on its way: progress, or, if the download failed, what
 * happened and a way to try again or close. Part of the button's first load, so it is kept small:
 * the full dialog (focus trap, portal) comes with the code it waits for.
 */
export function DialogLoading({ theme, labels, error, onRetry, onClose }: DialogLoadingProps) {
  return (
    <div className="apk-root apk-overlay" lang={labels.locale} {...useThemeAttributes(theme)}>
      <div className="apk-backdrop" />
      {error ? (
        <LoadFailed message={errorMessage(labels, error)} labels={labels} onRetry={onRetry} onClose={onClose} />
      ) : (
        <p className="apk-status apk-loading-dialog" role="status">
          <span className="apk-spinner" aria-hidden="true" />
          {labels.loading}
        </p>
      )}
    </div>
  )
}

function LoadFailed({
  message,
  labels,
  onRetry,
  onClose,
}: {
  message: string
  labels: LoginLabels
  onRetry(): void
  onClose(): void
}) {
  const messageId = useId()
  const retry = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    // Focus moves to the way out of the failure, and back to where it was when the failure goes away
    // (closed, or retried: the dialog that follows returns focus there in turn).
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null
    retry.current?.focus()
    return () => trigger?.focus()
  }, [])
  return (
    <div
      className="apk-loading-dialog apk-load-failed"
      role="alertdialog"
      aria-modal="true"
      aria-label={labels.dialogTitle}
      aria-describedby={messageId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <p id={messageId} className="apk-alert apk-alert-message">
        {message}
      </p>
      <div className="apk-row">
        <button ref={retry} type="button" className="apk-button apk-button-primary" onClick={onRetry}>
          {labels.tryAgain}
        </button>
        <button type="button" className="apk-button" onClick={onClose}>
          {labels.close}
        </button>
      </div>
    </div>
  )
}
