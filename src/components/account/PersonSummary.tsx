'use client'
import { useEffect, type Ref } from 'react'
import { isE164PhoneNumber, OAUTH_PROVIDERS } from '../../react'
import { chunks, prefetchChunk } from '../../chunks'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import type { LoginLabels } from '../../appearance/LoginLabels'
import { ContactText } from '../ui/ContactText'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'
import type { Person } from './describePerson'
import { PersonAvatar } from './PersonAvatar'

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
  headingRef?: Ref<HTMLHeadingElement>
}

/** Who is signed in: the avatar, the name as the heading ("Signed in as" for screen readers), and how. */
export function PersonSummary({ person, headingRef }: PersonSummaryProps) {
  const labels = useLabels()
  const how = signedInWith(labels, person)
  // A number reads grouped as the code step showed it (+44 7700 900123): the grouping comes with the
  // phone step's code, fetched for it. Until then the number shows as stored.
  const phone = isE164PhoneNumber(person.name) ? person.name : undefined
  const phoneParts = useModuleSnapshot(chunks.phoneStep).module
  useEffect(() => {
    if (phone !== undefined) prefetchChunk(chunks.phoneStep)
  }, [phone])
  const name = phone === undefined ? person.name : (phoneParts?.formatE164(phone) ?? phone)
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
