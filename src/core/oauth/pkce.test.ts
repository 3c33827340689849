import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { calculateCodeChallenge, generateCodeVerifier } from './pkce'

describe('calculateCodeChallenge', () => {
  it('gives the S256 challenge of RFC 7636 Appendix B', async () => {
    expect(await calculateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('agrees with Node for fresh verifiers', async () => {
    for (let i = 0; i < 5; i++) {
      const verifier = generateCodeVerifier()
      expect(await calculateCodeChallenge(verifier)).toBe(
        createHash('sha256').update(verifier, 'ascii').digest('base64url'),
      )
    }
  })

  it.each([
    ['too short (42 characters)', 'a'.repeat(42)],
    ['too long (129 characters)', 'a'.repeat(129)],
    ['outside the unreserved alphabet', `${'a'.repeat(42)}+`],
    ['not a string', 42],
  ])('refuses a verifier %s', async (_what, verifier) => {
    await expect(calculateCodeChallenge(verifier as string)).rejects.toThrow(
      /calculateCodeChallenge\(verifier\): expected a PKCE code verifier/,
    )
  })

  it('accepts the shortest and longest verifiers RFC 7636 allows', async () => {
    expect(await calculateCodeChallenge('a'.repeat(43))).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await calculateCodeChallenge(`${'~._-'.repeat(32)}`)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

describe('generateCodeVerifier', () => {
  it('is 32 random bytes as unpadded base64url (43 characters), different every time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => generateCodeVerifier()))
    expect(verifiers.size).toBe(50)
    for (const verifier of verifiers) {
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(verifier, 'base64url')).toHaveLength(32)
    }
  })
})
