import { describe, expect, it } from 'vitest'
import { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from './validators'

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.org', 'x@sub.domain.museum', "o'brien@example.ie", 'ünï@exämple.de'])(
    'accepts %j',
    (email) => {
      expect(isValidEmail(email)).toBe(true)
    },
  )

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'a@b',
    'a@b.',
    'a@.b',
    'a@@b.co',
    'a@b@c.co',
    'a b@c.co',
    'a@b .co',
    `${'a'.repeat(250)}@b.co`,
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isValidEmail(undefined)).toBe(false)
    expect(isValidEmail(42)).toBe(false)
  })
})

describe('isE164PhoneNumber', () => {
  it.each(['+447700900123', '+14155550123', '+6881234', '+861012345678901'])('accepts %j', (phone) => {
    expect(isE164PhoneNumber(phone)).toBe(true)
  })

  it.each([
    '',
    '447700900123',
    '+0447700900',
    '+44 7700 900123',
    '+12345',
    '+8610123456789012',
    '+4477OO900123',
    447700900123,
  ])('refuses %j', (phone) => {
    expect(isE164PhoneNumber(phone)).toBe(false)
  })
})

describe('normalizePhoneNumber', () => {
  it('drops the separators people type, and nothing else', () => {
    expect(normalizePhoneNumber(' +1 (415) 555-0123 ')).toBe('+14155550123')
    expect(normalizePhoneNumber('+44.7700.900123')).toBe('+447700900123')
    expect(normalizePhoneNumber('+44 7700 9OO123')).toBe('+4477009OO123')
    expect(normalizePhoneNumber(42)).toBeUndefined()
  })
})
