import { describe, expect, it } from 'vitest'
import { isValidEmail } from './validators'

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
