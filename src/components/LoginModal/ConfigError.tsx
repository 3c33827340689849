import type { KitError } from '../../core/errors'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from './ErrorAlert'

/** The tenant's configuration could not be loaded: say why and offer to fetch it again. */
export function ConfigError({ error, onRetry }: { error: KitError; onRetry(): void }) {
  const labels = useLabels()
  return (
    <ErrorAlert message={errorMessage(labels, error)}>
      <button type="button" className="apk-button apk-button-primary" onClick={onRetry}>
        {labels.tryAgain}
      </button>
    </ErrorAlert>
  )
}
