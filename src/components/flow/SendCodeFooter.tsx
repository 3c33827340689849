'use client'
import type { KitError } from '../../core'
import { errorMessage } from '../labels/errorMessage'
import { formatLabel } from '../labels/formatLabel'
import { formatCountdown } from './formatCountdown'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from '../ui/ErrorAlert'
import { RateLimitAlert } from '../ui/RateLimitAlert'

export interface SendCodeFooterProps {
  /** A failure that is not about the field itself (the field shows its own). */
  error: KitError | undefined
  /** From the OTP hook: counts down after a rate limit that said when to ask again. */
  retrySecondsLeft: number
  /** From the OTP hook: the last send got no answer, so the code may be on its way. */
  maybeSent: boolean
  isSending: boolean
  submitLabel: string
  /** The captcha has given no token yet: the button waits, and the status says why. */
  captchaWaiting?: boolean | undefined
}

/** The end of a form that sends a code (email or phone): what went wrong, the submit button, progress. */
export function SendCodeFooter({
  error,
  retrySecondsLeft,
  maybeSent,
  isSending,
  submitLabel,
  captchaWaiting = false,
}: SendCodeFooterProps) {
  const labels = useLabels()
  // Asking again before the proxy's cooldown ends would be refused, while the first code may arrive.
  const waiting = maybeSent && retrySecondsLeft > 0
  return (
    <>
      {error && maybeSent ? (
        <ErrorAlert message={labels.codeMaybeSent}>
          <p className="apk-hint">
            {waiting ? formatLabel(labels.askAgainIn, { time: formatCountdown(retrySecondsLeft) }) : labels.askAgainNow}
          </p>
        </ErrorAlert>
      ) : error?.code === 'RATE_LIMITED' ? (
        <RateLimitAlert
          secondsLeft={retrySecondsLeft}
          knowsWhen={error.retryAfterSeconds !== undefined}
          fallbackMessage={errorMessage(labels, error)}
        />
      ) : error ? (
        <ErrorAlert message={errorMessage(labels, error)} />
      ) : null}
      <button type="submit" className="apk-button apk-button-primary" disabled={isSending || waiting || captchaWaiting}>
        {submitLabel}
      </button>
      <p className="apk-status" role="status">
        {isSending ? (
          <>
            <span className="apk-spinner" aria-hidden="true" />
            {labels.sendingCode}
          </>
        ) : captchaWaiting ? (
          <>
            <span className="apk-spinner" aria-hidden="true" />
            {labels.captchaChecking}
          </>
        ) : null}
      </p>
    </>
  )
}
