import { useEffect, useRef } from 'react'
import { useLabels } from '../labels/LabelsContext'
import { PasskeyMark } from '../marks/PasskeyMark'

/** The browser's passkey prompt is open, then the sign-in it allows is under way. */
export function PasskeyWaiting() {
  const labels = useLabels()
  const statusRef = useRef<HTMLParagraphElement>(null)
  // The button that was clicked is gone: focus stays in the dialog, on what is happening.
  useEffect(() => statusRef.current?.focus(), [])
  return (
    <div className="apk-form apk-oauth-waiting">
      <span className="apk-oauth-waiting-mark">
        <PasskeyMark />
      </span>
      <p ref={statusRef} className="apk-status apk-progress" role="status" tabIndex={-1}>
        <span className="apk-spinner" aria-hidden="true" />
        {labels.waitingForPasskey}
      </p>
      <p className="apk-hint apk-center">{labels.passkeyPromptHint}</p>
    </div>
  )
}
