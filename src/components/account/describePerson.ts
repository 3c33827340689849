import type { OAuthProviderName, PublicUser, SignInIdentity } from '../../react'

/** How a person signed in, as the signed-in view and the badge say it. */
export type SignInMethod = SignInIdentity['method']

/** Who is signed in, in the terms the person recognises. */
export interface Person {
  /** An email, a phone number (E.164) or a name; undefined while nothing better than ids is known. */
  name: string | undefined
  /** How they signed in this time; undefined for a session that did not record it. */
  method: SignInMethod | undefined
  /** The provider of an OAuth sign-in. */
  provider?: OAuthProviderName | undefined
}

/** What get_user says of the person: the contact details and the names. */
export type PersonUser = Pick<PublicUser, 'userName' | 'userEmail' | 'userPhoneNumber'>

/** The first of the values that says something (trimmed, not empty). */
function first(...values: readonly (string | undefined)[]): string | undefined {
  for (const value of values) {
    const trimmed = value?.trim()
    if (trimmed) return trimmed
  }
  return undefined
}

/**
 * Who is signed in, from what the session remembers of the sign-in (`identity`, there at once and after
 * a reload) and what get_user says (`user`, once loaded): the email or phone the person used, else the
 * provider's identity (its email, else its name), else the user's own details. A passkey-only user has
 * no contact details: their userName is the name they gave the passkey.
 */
export function describePerson(identity: SignInIdentity | undefined, user?: PersonUser): Person {
  const userDetails = [user?.userEmail, user?.userPhoneNumber, user?.userName] as const
  switch (identity?.method) {
    case 'email':
      return { method: 'email', name: first(identity.contact, user?.userEmail, identity.email, ...userDetails) }
    case 'sms':
      return { method: 'sms', name: first(identity.contact, user?.userPhoneNumber, ...userDetails) }
    case 'oauth':
      return {
        method: 'oauth',
        provider: identity.provider,
        name: first(identity.email, identity.name, identity.contact, ...userDetails),
      }
    case 'passkey':
      return { method: 'passkey', name: first(...userDetails, identity.name, identity.contact) }
    default:
      return { method: undefined, name: first(...userDetails) }
  }
}

/**
 * The letter for an avatar: the name's first letter or digit, upper-cased; undefined for a phone
 * number or a name without one (the avatar then shows a mark).
 */
export function avatarInitial(name: string | undefined): string | undefined {
  if (name === undefined || name.startsWith('+')) return undefined
  const match = /[\p{L}\p{N}]/u.exec(name)
  return match ? match[0].toLocaleUpperCase() : undefined
}
