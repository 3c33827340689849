'use client'
import { PasskeyMark } from '../marks/PasskeyMark'
import { PhoneMark } from '../marks/PhoneMark'
import { ProviderMark } from '../marks/ProviderMark'
import { avatarInitial, type Person } from './describePerson'

/** The avatar: the provider's mark for an OAuth sign-in, else the name's initial, else a mark for the method. */
export function PersonAvatar({ person }: { person: Person }) {
  const initial = avatarInitial(person.name)
  return (
    <span className="apk-avatar" aria-hidden="true">
      {person.method === 'oauth' && person.provider ? (
        <ProviderMark provider={person.provider} />
      ) : initial ? (
        initial
      ) : person.method === 'sms' ? (
        <PhoneMark />
      ) : (
        <PasskeyMark />
      )}
    </span>
  )
}
