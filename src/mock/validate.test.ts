import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { DEFAULT_STRING_CAP, MAX_JSON_DEPTH } from './limits'
import { Fields, assertJsonDepth, isE164, isEmail, normalizeKeys, parseJsonObject } from './validate'

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
      normalizeKeys({
        otp_id: 'a_b',
        email_customization: { app_name: 'x' },
        api_keys: [{ api_key_name: 'k' }],
        otpCode: '1',
      }),
    ).toEqual({ otpId: 'a_b', emailCustomization: { appName: 'x' }, apiKeys: [{ apiKeyName: 'k' }], otpCode: '1' })
  })

  it('refuses a field spelled both ways, naming its path', () => {
    expect(messageOf(() => normalizeKeys({ wallet: { wallet_name: 'a', walletName: 'b' } }))).toBe(
      'wallet.walletName: given twice (as wallet_name and walletName); send it once',
    )
  })
})

describe('normalizeKeys and Object.prototype names', () => {
  it('keeps a "__proto__" member an own member, never the prototype of the copy', () => {
    const parsed: unknown = JSON.parse('{"__proto__":{"polluted":true},"constructor":1,"toString":"x"}')
    const normalized = normalizeKeys(parsed) as Record<string, unknown>
    expect(Object.getPrototypeOf(normalized)).toBeNull()
    expect(Object.keys(normalized)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.hasOwn(normalized, '__proto__')).toBe(true)
    expect(normalized['__proto__']).toEqual({ polluted: true })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('does not take a member named constructor as given twice', () => {
    expect(Object.keys(normalizeKeys({ constructor: 1, otp_id: 'a' }) as object)).toEqual(['constructor', 'otpId'])
  })

  it('rewrites an underscore between word characters only', () => {
    expect(Object.keys(normalizeKeys({ __proto__x: 1, a_b_c: 2, trailing_: 3 }) as object)).toEqual([
      '__proto__x',
      'aBC',
      'trailing_',
    ])
  })
})

describe('assertJsonDepth', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1} with 3`, () => {
    expect(() => assertJsonDepth(nested(MAX_JSON_DEPTH), 'request body')).not.toThrow()
    expect(messageOf(() => assertJsonDepth(nested(MAX_JSON_DEPTH + 1), 'request body'))).toBe(
      'request body: JSON nested deeper than 64 levels; send a flatter value',
    )
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ userName: `"\\${'[{'.repeat(500)}` })
    expect(() => assertJsonDepth(text, 'request body')).not.toThrow()
    expect(() => JSON.parse(text)).not.toThrow()
  })

  it('refuses 10,000 levels through parseJsonObject, before any recursive function sees them', () => {
    const text = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`
    expect(messageOf(() => parseJsonObject(text, false))).toBe(
      'request body: JSON nested deeper than 64 levels; send a flatter value',
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

describe('Fields: own members and string caps', () => {
  it('reads own members only', () => {
    const fields = new Fields(JSON.parse('{"a":1}') as Record<string, unknown>)
    expect(fields.has('constructor')).toBe(false)
    expect(fields.value('toString')).toBeUndefined()
    expect(messageOf(() => fields.string('constructor'))).toBe('constructor: expected a string, got nothing')
    expect(fields.optionalString('hasOwnProperty')).toBeUndefined()
  })

  it.each([
    ['userName', 256],
    ['organizationName', 256],
    ['userEmail', 254],
    ['userPhoneNumber', 16],
    ['otpCode', 16],
    ['otpId', 128],
    ['verificationToken', 16 * 1024],
    ['attestationObject', 64 * 1024],
    ['somethingUnlisted', DEFAULT_STRING_CAP],
  ])('caps %s at %i characters, naming the field and the cap', (field, cap) => {
    const fields = new Fields({ [field]: 'x'.repeat(cap) }, 'outer')
    expect(fields.string(field)).toHaveLength(cap)
    const over = new Fields({ [field]: 'x'.repeat(cap + 1) }, 'outer')
    expect(messageOf(() => over.string(field))).toBe(
      `outer.${field}: too long: at most ${cap} characters for ${field}, got ${cap + 1}`,
    )
  })

  it('caps through every reader: optional, non-empty, email, enum and enum lists', () => {
    const long = 'x'.repeat(1024 * 1024)
    const fields = new Fields({ userName: long, userEmail: long, curveType: long, transports: ['ok', long] })
    const tooLong = /too long/
    expect(messageOf(() => fields.optionalString('userName'))).toMatch(tooLong)
    expect(messageOf(() => fields.nonEmptyString('userName'))).toMatch(tooLong)
    expect(messageOf(() => fields.email('userEmail'))).toMatch(tooLong)
    expect(messageOf(() => fields.oneOf('curveType', ['API_KEY_CURVE_P256']))).toMatch(/^curveType: too long/)
    expect(messageOf(() => fields.oneOfList('transports', ['ok']))).toMatch(/^transports\[1\]: too long/)
  })
})
