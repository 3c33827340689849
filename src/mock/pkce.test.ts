import { describe, expect, it } from 'vitest'
import { isCodeVerifier, isS256Challenge, s256Challenge } from './pkce'

describe('PKCE S256', () => {
  it('matches the known answer of RFC 7636 Appendix B', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('accepts verifiers of 43 to 128 unreserved characters only', () => {
    expect(isCodeVerifier('a'.repeat(43))).toBe(true)
    expect(isCodeVerifier(`${'A'.repeat(124)}-._~`)).toBe(true)
    expect(isCodeVerifier('a'.repeat(42))).toBe(false)
    expect(isCodeVerifier('a'.repeat(129))).toBe(false)
    expect(isCodeVerifier(`${'a'.repeat(42)}+`)).toBe(false)
  })

  it('accepts a challenge only as 43 base64url characters', () => {
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true)
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM=')).toBe(false)
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw+cM')).toBe(false)
    expect(isS256Challenge('short')).toBe(false)
  })
})
