'use client'
import type { Ref } from 'react'
import { OAUTH_PROVIDERS } from '../../react'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import type { LoginLabels } from '../../appearance/LoginLabels'
import { ContactText } from '../ui/ContactText'
import type { Person } from './describePerson'
import { PersonAvatar } from './PersonAvatar'
import { useShownName } from './useShownName'

/** "Signed in with Google", "Signed in with email", …; nothing for a session that did not record how. */
export function signedInWith(labels: LoginLabels, person: Person): string | undefined {
  switch (person.method) {
    case 'email':
      return labels.signedInWithEmail
    case 'sms':
      return labels.signedInWithPhone
    case 'passkey':
      return labels.signedInWithPasskey
    case 'oauth':
      return person.provider
        ? formatLabel(labels.signedInWithProvider, { provider: OAUTH_PROVIDERS[person.provider].displayName })
        : undefined
    default:
      return undefined
  }
}

export interface PersonSummaryProps {
  person: Person
  /** The heading takes focus when the view appears, so that a screen reader says who is signed in. */
  headingRef?: Ref<HTMLHeadingElement> | undefined
}

/** Who is signed in: the avatar, the name as the heading ("Signed in as" for screen readers), and how. */
export function PersonSummary({ person, headingRef }: PersonSummaryProps) {
  const labels = useLabels()
  const how = signedInWith(labels, person)
  const name = useShownName(person.name)
  return (
    <div className="apk-person">
      <PersonAvatar person={person} />
      <div className="apk-person-text">
        <h3 ref={headingRef} className="apk-person-name" tabIndex={-1}>
          {name === undefined ? (
            labels.signedInHeading
          ) : (
            <>
              {/* Read as a sentence, "Signed in as ada@example.com"; seen as the name alone. */}
              <span className="apk-visually-hidden">{formatLabel(labels.signedInAs, { name })}</span>
              <span aria-hidden="true">
                <ContactText contact={name} />
              </span>
            </>
          )}
        </h3>
        {how ? <p className="apk-person-method">{how}</p> : null}
      </div>
    </div>
  )
}
