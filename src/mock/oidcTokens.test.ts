import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { checkOidcToken, oidcNonceFor } from './oidcTokens'
import { createState } from './state'
import { DEMO_TENANT, resolveTenants } from './tenants'
import type { MockOidcTokenClaims, TokenAuthority } from './tokens'

/** A token authority whose signature check passes, to reach the claim checks a real token cannot fail. */
function authorityVouchingFor(claims: MockOidcTokenClaims): TokenAuthority {
  return {
    ready: Promise.resolve(),
    jwks: () => Promise.resolve({ keys: [] }),
    sign: () => Promise.resolve('signed'),
    providerJwks: () => Promise.resolve({ keys: [] }),
    signIdToken: () => Promise.resolve('signed'),
    verifyVerificationToken: () => Promise.reject(new Error('unused')),
    verifyOidcToken: () => Promise.resolve(claims),
  }
}

const [tenant] = resolveTenants([DEMO_TENANT])

describe('checkOidcToken', () => {
  it("refuses an issuer that is not one of the mock's providers (16)", async () => {
    const claims = { iss: 'https://accounts.google.com', sub: 's', aud: 'demo-google-client', exp: 1, nonce: 'n', jti: 'j' }
    if (tenant === undefined) throw new Error('no demo tenant')
    const checking = checkOidcToken(authorityVouchingFor(claims), createState(), tenant, 'token', 'oidcToken')
    await expect(checking).rejects.toEqual(
      new MockError(16, `oidcToken: issued by "https://accounts.google.com", not by one of this proxy's providers`),
    )
    await expect(checking).rejects.toMatchObject({ code: 16 })
  })
})

describe('oidcNonceFor', () => {
  it('is the lowercase hex sha256 of the key text (WIRE.md)', () => {
    // sha256("abc"), FIPS 180-2 known answer.
    expect(oidcNonceFor('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
