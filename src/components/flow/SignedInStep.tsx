'use client'
import { useRef } from 'react'
import type { Session } from '../../react'
import { useLogout } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { AddPasskey } from './AddPasskey'
import { ErrorAlert } from '../ui/ErrorAlert'
import { useMountFocus } from './useMountFocus'

export interface SignedInStepProps {
  session: Session
  /** "Done": closes the dialog. An inline panel has nothing to close, and no such button. */
  onDone?(): void
}

/** Who is signed in, with the way out. */
export function SignedInStep({ session, onDone }: SignedInStepProps) {
  const labels = useLabels()
  const logout = useLogout()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The heading takes focus so that a screen reader announces the result of the flow.
  useMountFocus(headingRef)

  return (
    <div className="apk-form">
      <h3 ref={headingRef} className="apk-heading" tabIndex={-1}>
        {labels.signedInHeading}
      </h3>
      <dl className="apk-details">
        <div className="apk-detail">
          <dt>{labels.organization}</dt>
          <dd>
            <code>{session.organizationId}</code>
          </dd>
        </div>
        <div className="apk-detail">
          <dt>{labels.user}</dt>
          <dd>
            <code>{session.userId}</code>
          </dd>
        </div>
      </dl>
      <AddPasskey />
      {logout.error ? <ErrorAlert message={errorMessage(labels, logout.error)} /> : null}
      <p className="apk-status" role="status">
        {logout.isPending ? labels.signingOut : null}
      </p>
      <div className="apk-row">
        <button
          type="button"
          className="apk-button apk-button-secondary"
          onClick={() => logout.logout()}
          disabled={logout.isPending}
        >
          {labels.signOut}
        </button>
        {onDone ? (
          <button type="button" className="apk-button apk-button-primary" onClick={onDone}>
            {labels.done}
          </button>
        ) : null}
      </div>
    </div>
  )
}
