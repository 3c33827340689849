'use client'
import { useEffect, useRef } from 'react'
import type { KitError, OAuthMode, OAuthProviderName } from '../../core'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from '../ui/ErrorAlert'

export interface OAuthErrorProps {
  error: KitError
  /** The provider that failed, when known: "Try again" goes back to it. */
  provider: OAuthProviderName | undefined
  mode: OAuthMode | undefined
  /** Called in the click handler itself (a popup may only be opened there); no provider: just dismiss. */
  onRetry(provider: OAuthProviderName | undefined, mode: OAuthMode | undefined): void
}

/** Why the last sign-in with a provider failed, and a way to try again (or another way in, when a popup was blocked). */
export function OAuthError({ error, provider, mode, onRetry }: OAuthErrorProps) {
  const labels = useLabels()
  const retryRef = useRef<HTMLButtonElement>(null)
  // After a failed popup or a return from the provider, retrying is the likely next step.
  useEffect(() => retryRef.current?.focus(), [])
  // A cancel is the person's choice, not a failure: a neutral note; the providers' buttons are right below.
  if (error.code === 'OAUTH_CANCELLED' || error.code === 'OAUTH_POPUP_CLOSED') {
    return (
      <p className="apk-hint" role="status">
        {errorMessage(labels, error)}
      </p>
    )
  }
  return (
    <ErrorAlert message={errorMessage(labels, error)}>
      <div className="apk-row apk-row-start">
        <button
          ref={retryRef}
          type="button"
          className="apk-button apk-button-primary"
          onClick={() => onRetry(provider, mode)}
        >
          {labels.tryAgain}
        </button>
        {error.code === 'OAUTH_POPUP_BLOCKED' && provider ? (
          <button
            type="button"
            className="apk-button apk-button-secondary"
            onClick={() => onRetry(provider, 'redirect')}
          >
            {labels.continueInThisWindow}
          </button>
        ) : null}
      </div>
    </ErrorAlert>
  )
}
