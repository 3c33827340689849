'use client'
import type { KitError } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from './ErrorAlert'

/** Something could not be loaded (the tenant's config, a part of the kit's code): say why, and offer to try again. */
export function RetryableError({ error, onRetry }: { error: KitError; onRetry(): void }) {
  const labels = useLabels()
  return (
    <ErrorAlert message={errorMessage(labels, error)}>
      <button type="button" className="apk-button apk-button-primary" onClick={onRetry}>
        {labels.tryAgain}
      </button>
    </ErrorAlert>
  )
}
