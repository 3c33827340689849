'use client'
import type { KitError, OAuthMode } from '../../react'
import { useLabels } from '../labels/LabelsContext'

export interface ProviderFailureProps {
  id: string
  message: string
  error: KitError
  /** A blocked popup: the same sign-in by redirect, in this window. */
  onRedirect(mode: OAuthMode): void
}

/**
 * The last failure of a sign-in with a provider, under its button (or under the row of marks): the
 * button itself is the way to try again, and has focus. A blocked window adds "Continue in this window";
 * a cancel is a neutral note.
 */
export function ProviderFailure({ id, message, error, onRedirect }: ProviderFailureProps) {
  const labels = useLabels()
  // The person chose to stop (at the provider, or by closing its window): said plainly, as a passkey
  // prompt's cancel is, not as a failure.
  if (error.code === 'OAUTH_CANCELLED' || error.code === 'OAUTH_POPUP_CLOSED') {
    return (
      <p id={id} className="apk-hint" role="status">
        {message}
      </p>
    )
  }
  return (
    <div className="apk-inline-error">
      <svg className="apk-icon apk-inline-error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.25" />
        <path d="M8 4.75v3.75M8 11.1v.15" />
      </svg>
      <div className="apk-inline-error-body">
        <p id={id} className="apk-inline-error-message" role="alert">
          {message}
        </p>
        {error.code === 'OAUTH_POPUP_BLOCKED' ? (
          <button type="button" className="apk-button apk-button-text" onClick={() => onRedirect('redirect')}>
            {labels.continueInThisWindow}
          </button>
        ) : null}
      </div>
    </div>
  )
}
