import type { KitError } from '../../core/errors'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from '../ui/ErrorAlert'
import { RateLimitAlert } from '../ui/RateLimitAlert'

export interface SendCodeFooterProps {
  /** A failure that is not about the field itself (the field shows its own). */
  error: KitError | undefined
  /** From the OTP hook: counts down after a rate limit that said when to ask again. */
  retrySecondsLeft: number
  isSending: boolean
  submitLabel: string
}

/** The end of a form that sends a code (email or phone): what went wrong, the submit button, progress. */
export function SendCodeFooter({ error, retrySecondsLeft, isSending, submitLabel }: SendCodeFooterProps) {
  const labels = useLabels()
  return (
    <>
      {error?.code === 'RATE_LIMITED' ? (
        <RateLimitAlert
          secondsLeft={retrySecondsLeft}
          knowsWhen={error.retryAfterSeconds !== undefined}
          fallbackMessage={errorMessage(labels, error)}
        />
      ) : error ? (
        <ErrorAlert message={errorMessage(labels, error)} />
      ) : null}
      <button type="submit" className="apk-button apk-button-primary" disabled={isSending}>
        {submitLabel}
      </button>
      <p className="apk-status" role="status">
        {isSending ? (
          <>
            <span className="apk-spinner" aria-hidden="true" />
            {labels.sendingCode}
          </>
        ) : null}
      </p>
    </>
  )
}
