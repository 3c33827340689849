import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { Fields, isE164, isEmail, normalizeKeys, parseJsonObject } from './validate'

function messageOf(action: () => unknown): string {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(MockError)
    expect((error as MockError).code).toBe(3)
    return (error as MockError).message
  }
  throw new Error('expected a MockError')
}

describe('normalizeKeys', () => {
  it('rewrites snake_case keys to camelCase at every depth, leaving values alone', () => {
    expect(
      normalizeKeys({ otp_id: 'a_b', email_customization: { app_name: 'x' }, api_keys: [{ api_key_name: 'k' }], otpCode: '1' }),
    ).toEqual({ otpId: 'a_b', emailCustomization: { appName: 'x' }, apiKeys: [{ apiKeyName: 'k' }], otpCode: '1' })
  })

  it('refuses a field spelled both ways, naming its path', () => {
    expect(messageOf(() => normalizeKeys({ wallet: { wallet_name: 'a', walletName: 'b' } }))).toBe(
      'wallet.walletName: given twice (as wallet_name and walletName); send it once',
    )
  })
})

describe('parseJsonObject', () => {
  it('answers {} for an empty body only when allowed', () => {
    expect(parseJsonObject('  ', true)).toEqual({})
    expect(messageOf(() => parseJsonObject('', false))).toBe('request body: expected a JSON object, got an empty body')
  })
})

describe('Fields', () => {
  const fields = new Fields({ n: '42', m: 7, big: '9007199254740993', neg: '-3', f: 1.5, s: 'x', nul: null }, 'outer')

  it('reads integers from decimal strings and numbers', () => {
    expect(fields.integer('n')).toBe(42)
    expect(fields.integer('m')).toBe(7)
    expect(fields.integer('neg')).toBe(-3)
    expect(messageOf(() => fields.integer('f'))).toBe(
      'outer.f: expected an integer (a number or a decimal string), got a number',
    )
    expect(messageOf(() => fields.integer('big'))).toMatch(/^outer.big: expected an integer/)
  })

  it('treats null as absent for optional fields, as protobuf JSON does', () => {
    expect(fields.optionalString('nul')).toBeUndefined()
    expect(fields.optionalInteger('missing')).toBeUndefined()
    expect(messageOf(() => fields.string('nul'))).toBe('outer.nul: expected a string, got null')
  })
})

describe('contact formats', () => {
  it('accepts plausible emails and refuses the rest', () => {
    expect(isEmail('ada@example.com')).toBe(true)
    expect(isEmail('a.b+tag@sub.example.co.uk')).toBe(true)
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@example..com']) {
      expect(isEmail(bad)).toBe(false)
    }
  })

  it('accepts E.164 numbers only', () => {
    expect(isE164('+14155550123')).toBe(true)
    for (const bad of ['14155550123', '+0123456789', '+1 415 555 0123', '+1234']) expect(isE164(bad)).toBe(false)
  })
})
