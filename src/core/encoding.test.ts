import { describe, expect, it } from 'vitest'
import { base64urlDecode, base64urlEncode, decodeJwtPayload, fromHex, fromUtf8, toHex, utf8 } from './encoding'
import { isKitError } from './errors'

describe('hex', () => {
  it('encodes bytes as lowercase hex', () => {
    expect(toHex(new Uint8Array([0x00, 0x0f, 0xab, 0xff]))).toBe('000fabff')
    expect(toHex(new Uint8Array())).toBe('')
  })

  it('decodes either case', () => {
    expect(fromHex('000fABff')).toEqual(new Uint8Array([0x00, 0x0f, 0xab, 0xff]))
  })

  it('refuses odd lengths and non-hex digits with a labelled KitError', () => {
    expect(() => fromHex('abc')).toThrow(/fromHex\(hex\): expected an even-length string of hex digits/)
    expect(() => fromHex('zz')).toThrow(/fromHex/)
    expect(() => toHex('ab' as unknown as Uint8Array)).toThrow(/toHex\(bytes\): expected a Uint8Array/)
    try {
      fromHex('xy')
    } catch (error) {
      expect(isKitError(error, 'CONFIG_INVALID')).toBe(true)
    }
  })
})

describe('utf8', () => {
  it('encodes and decodes multi-byte characters', () => {
    expect(utf8('é€😀')).toEqual(new Uint8Array([0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]))
    expect(fromUtf8(new Uint8Array([0xc3, 0xa9, 0xe2, 0x82, 0xac]))).toBe('é€')
  })

  it('refuses invalid UTF-8 instead of replacing it', () => {
    expect(() => fromUtf8(new Uint8Array([0xc3]))).toThrow(/valid UTF-8/)
  })
})

describe('base64url (RFC 4648 section 10 vectors, unpadded, URL alphabet)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ]
  it.each(vectors)('%j ↔ %j', (text, encoded) => {
    expect(base64urlEncode(text)).toBe(encoded)
    expect(base64urlEncode(utf8(text))).toBe(encoded)
    expect(fromUtf8(base64urlDecode(encoded))).toBe(text)
  })

  it('uses - and _ where base64 uses + and /', () => {
    expect(base64urlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
    expect(base64urlDecode('-_8')).toEqual(new Uint8Array([0xfb, 0xff]))
  })

  it('refuses the standard alphabet', () => {
    expect(() => base64urlDecode('+/8')).toThrow(/base64urlDecode\(input\)/)
  })
})

describe('base64url beyond the RFC vectors', () => {
  it('round-trips every byte value, and more bytes than one String.fromCharCode call takes', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256)
    const encoded = base64urlEncode(bytes)
    expect(encoded).toBe(Buffer.from(bytes).toString('base64url'))
    expect(base64urlDecode(encoded)).toEqual(bytes)
  })

  it('tolerates padding, and refuses spaces and impossible lengths', () => {
    expect(base64urlDecode('Zg==')).toEqual(new Uint8Array([0x66]))
    expect(() => base64urlDecode('Zm 9v')).toThrow(/base64urlDecode\(input\)/)
    expect(() => base64urlDecode('Zm9vY')).toThrow(/base64urlDecode\(input\)/)
  })
})

const part = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
const jwt = (payload: unknown) =>
  `${part({ alg: 'ES256', typ: 'JWT' })}.${part(JSON.stringify(payload))}.${part('signature')}`

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
    expect(() => decodeJwtPayload(`x.${Buffer.from('{}').toString('base64')}+/.y`)).toThrow(
      'not base64url-encoded JSON',
    )
    expect(() => decodeJwtPayload(`x.${part('not json')}.y`)).toThrow('not base64url-encoded JSON')
    expect(() => decodeJwtPayload(`x.${Buffer.from([0xc3]).toString('base64url')}.y`)).toThrow(
      'not base64url-encoded JSON',
    )
  })

  it('refuses a payload that is JSON but not an object', () => {
    for (const payload of [[1], 'text', 42, null])
      expect(() => decodeJwtPayload(jwt(payload))).toThrow('not a JSON object')
  })
})
