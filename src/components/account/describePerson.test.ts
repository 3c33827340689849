import { describe, expect, it } from 'vitest'
import { avatarInitial, describePerson } from './describePerson'

const passkeyUser = { userName: 'Ada Lovelace' }

describe('describePerson', () => {
  it('names an email sign-in by the address used, before anything get_user says', () => {
    expect(
      describePerson(
        { method: 'email', contact: 'ada@example.com' },
        { userName: 'user-1', userEmail: 'other@example.com' },
      ),
    ).toEqual({
      method: 'email',
      name: 'ada@example.com',
    })
  })

  it('names an SMS sign-in by the number used', () => {
    expect(describePerson({ method: 'sms', contact: '+447700900123' })).toEqual({
      method: 'sms',
      name: '+447700900123',
    })
  })

  it("names an OAuth sign-in by the identity's email, else its name, with the provider", () => {
    expect(describePerson({ method: 'oauth', provider: 'google', email: 'ada@gmail.com', name: 'Ada' })).toEqual({
      method: 'oauth',
      provider: 'google',
      name: 'ada@gmail.com',
    })
    expect(describePerson({ method: 'oauth', provider: 'discord', name: 'ada#1815' })).toEqual({
      method: 'oauth',
      provider: 'discord',
      name: 'ada#1815',
    })
  })

  it('names a passkey-only user by their userName, and a passkey user with an email by it', () => {
    expect(describePerson({ method: 'passkey' }, passkeyUser)).toEqual({ method: 'passkey', name: 'Ada Lovelace' })
    expect(describePerson({ method: 'passkey' }, { userName: 'x', userEmail: 'ada@example.com' }).name).toBe(
      'ada@example.com',
    )
  })

  it('knows no name for a passkey sign-in before get_user answers', () => {
    expect(describePerson({ method: 'passkey' })).toEqual({ method: 'passkey', name: undefined })
  })

  it("falls back on get_user's details for a session that did not record its sign-in", () => {
    expect(describePerson(undefined)).toEqual({ method: undefined, name: undefined })
    expect(describePerson(undefined, { userName: 'u', userPhoneNumber: '+15555550100' }).name).toBe('+15555550100')
    expect(describePerson(undefined, { userName: '  ' }).name).toBeUndefined()
  })

  it('fills an identity without a contact from get_user', () => {
    expect(describePerson({ method: 'email' }, { userName: 'n', userEmail: 'ada@example.com' }).name).toBe(
      'ada@example.com',
    )
  })
})

describe('avatarInitial', () => {
  it("is the name's first letter or digit, upper-cased", () => {
    expect(avatarInitial('ada@example.com')).toBe('A')
    expect(avatarInitial('  émile')).toBe('É')
    expect(avatarInitial('_9lives')).toBe('9')
  })

  it('is none for a phone number, a name without letters, or no name', () => {
    expect(avatarInitial('+447700900123')).toBeUndefined()
    expect(avatarInitial('…')).toBeUndefined()
    expect(avatarInitial(undefined)).toBeUndefined()
  })
})
