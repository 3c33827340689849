import { describe, expect, it } from 'vitest'
import { decodeJwtPayload } from './decodeJwtPayload'

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
const jwt = (payload: unknown) => `${part({ alg: 'ES256', typ: 'JWT' })}.${part(JSON.stringify(payload))}.${part('signature')}`

describe('decodeJwtPayload', () => {
  it('returns the payload of a compact JWS, UTF-8 and the URL alphabet included', () => {
    const payload = { sub: 'user-1', exp: 1_900_000_000, name: 'Zoë ✓', aud: ['a', 'b'], note: '>>>???' }
    expect(decodeJwtPayload(jwt(payload))).toEqual(payload)
  })

  it('refuses a token without exactly three parts (a JWE has five)', () => {
    expect(() => decodeJwtPayload('a.b')).toThrow('expected 3 dot-separated parts, got 2')
    expect(() => decodeJwtPayload('a.b.c.d.e')).toThrow('expected 3 dot-separated parts, got 5')
  })

  it('refuses a payload that is not base64url JSON', () => {
    expect(() => decodeJwtPayload(`x.${Buffer.from('{}').toString('base64')}+/.y`)).toThrow('not base64url-encoded JSON')
    expect(() => decodeJwtPayload(`x.${part('not json')}.y`)).toThrow('not base64url-encoded JSON')
    expect(() => decodeJwtPayload(`x.${Buffer.from([0xc3]).toString('base64url')}.y`)).toThrow('not base64url-encoded JSON')
  })

  it('refuses a payload that is JSON but not an object', () => {
    for (const payload of [[1], 'text', 42, null]) expect(() => decodeJwtPayload(jwt(payload))).toThrow('not a JSON object')
  })
})
