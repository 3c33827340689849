'use client'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from './ErrorAlert'
import { formatCountdown } from '../flow/formatCountdown'

export interface RateLimitAlertProps {
  /** The seconds left before the proxy sends another code (the OTP hooks' retrySecondsLeft). */
  secondsLeft: number
  /** The kit's message when the proxy did not say how long to wait. */
  fallbackMessage: string
  /** True when the proxy said when to try again. */
  knowsWhen: boolean
  /** What is held back: asking for a code (default) or trying one (a rate limit at verify). */
  action?: 'send' | 'verify' | undefined
}

/**
 * The proxy refused to send another code for now. The alert is announced once; the countdown beside it
 * is not a live region, so that a screen reader is not read a number every second.
 */
export function RateLimitAlert({ secondsLeft, fallbackMessage, knowsWhen, action = 'send' }: RateLimitAlertProps) {
  const labels = useLabels()
  if (!knowsWhen) return <ErrorAlert message={labels.errors.RATE_LIMITED ?? fallbackMessage} />
  const verifying = action === 'verify'
  const [message, inTime, now] = verifying
    ? [labels.tooManyTries, labels.tryAgainIn, labels.tryAgainNow]
    : [labels.tooManyCodes, labels.askAgainIn, labels.askAgainNow]
  return (
    <ErrorAlert message={labels.errors.RATE_LIMITED ?? message}>
      <p className="apk-hint">{secondsLeft > 0 ? formatLabel(inTime, { time: formatCountdown(secondsLeft) }) : now}</p>
    </ErrorAlert>
  )
}
