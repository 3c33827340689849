'use client'
import { useRef } from 'react'
import type { Session } from '../../react'
import { useLogout, useUser } from '../../react'
import { AddPasskey } from '../flow/AddPasskey'
import { useMountFocus } from '../flow/useMountFocus'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from '../ui/ErrorAlert'
import { describePerson } from './describePerson'
import { PersonSummary } from './PersonSummary'
import { WalletSection } from './WalletSection'

export interface AccountViewProps {
  session: Session
  /** Closes what holds the view (the dialog): "Done", and after "Sign out". An inline panel has neither. */
  onDone?: (() => void) | undefined
}

/**
 * The signed-in view of the modal and the panel ("Your account"): who is signed in (at once from what
 * the session remembers of the sign-in, completed by get_user), the wallet's addresses, "Add a
 * passkey", and the way out.
 */
export function AccountView({ session, onDone }: AccountViewProps) {
  const labels = useLabels()
  const logout = useLogout()
  // What the session remembers of the sign-in names the person at once; get_user is asked only when
  // it does not (a session stored before the kit remembered it).
  const remembered = describePerson(session.identity)
  const user = useUser({ enabled: remembered.name === undefined })
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The heading takes focus so that a screen reader announces the result of the flow.
  useMountFocus(headingRef)
  const person = remembered.name === undefined ? describePerson(session.identity, user.data) : remembered

  const signOut = () => {
    logout.logout()
    // The session is gone from this page as soon as the kit forgets it; the dialog has nothing left to show.
    onDone?.()
  }
  return (
    <div className="apk-form apk-account-view">
      <PersonSummary person={person} headingRef={headingRef} />
      <WalletSection />
      <AddPasskey />
      {logout.error ? <ErrorAlert message={errorMessage(labels, logout.error)} /> : null}
      <p className="apk-status" role="status">
        {logout.isPending ? labels.signingOut : null}
      </p>
      <div className="apk-row">
        <button type="button" className="apk-button apk-button-secondary" onClick={signOut} disabled={logout.isPending}>
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
