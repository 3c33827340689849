import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose'
import { foreignRsaKey } from './testing/foreignRsaKey'
import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { findOAuthIdentity } from './oauthIdentities'
import { issueOidcToken } from './oauthIdTokens'
import type { MockOAuthProvider } from './oauthProviders'
import { checkOidcToken, oidcNonceFor } from './oidcTokens'
import { createState } from './state'
import { resolveTenants } from './tenants'
import { createTestClientKey } from './testing/clientKey'
import { expectRefused } from './testing/expectRefused'
import { call, setup } from './testing/harness'
import { EVERY_PROVIDER_TENANT, oauthSignUp, oidcTokenFor } from './testing/oauth'
import { createTokenAuthority, type MockOidcTokenClaims } from './tokens'
import type { MockAuthProxy, MockTenant } from './types'

const NOW = Date.parse('2030-01-01T00:00:00.000Z')
const SECONDS = Math.floor(NOW / 1000)

/** A token authority, state and tenant as the handler holds them, without the handler around them. */
function authorityAndState(tenants: MockTenant[] = [EVERY_PROVIDER_TENANT]) {
  const tokens = createTokenAuthority(() => NOW)
  const state = createState()
  const resolved = resolveTenants(tenants)
  const tenant = resolved[0]
  if (tenant === undefined) throw new Error('no tenant')
  const issue = (provider: MockOAuthProvider, options: { clientId?: string; configId?: string } = {}) => {
    const identity = findOAuthIdentity(
      state,
      provider,
      state.oauthIdentities.find((item) => item.provider === provider)?.sub ?? '',
    )
    if (identity === undefined) throw new Error(`no ${provider} identity`)
    return issueOidcToken(
      { tokens, state, now: () => NOW },
      {
        identity,
        clientId: options.clientId ?? `demo-${provider}-client`,
        nonce: 'n',
        ...(options.configId === undefined ? {} : { configId: options.configId }),
      },
    )
  }
  return { tokens, state, tenant, resolved, issue }
}

function googleClaims(overrides: Partial<MockOidcTokenClaims> = {}): MockOidcTokenClaims {
  return {
    iss: 'https://accounts.google.com',
    sub: 'mock-google-sub',
    aud: 'demo-google-client',
    exp: SECONDS + 600,
    nonce: 'n',
    jti: 'j',
    ...overrides,
  }
}

describe('checkOidcToken', () => {
  it("accepts a provider's id_token signed by that provider's key, and a proxy token for X signed by the proxy's", async () => {
    const { tokens, state, tenant, issue } = authorityAndState()
    const google = await checkOidcToken(tokens, state, tenant, await issue('google'), 'oidcToken')
    expect(google).toMatchObject({
      provider: 'google',
      claims: { iss: 'https://accounts.google.com' },
      record: { provider: 'google' },
    })
    const x = await checkOidcToken(tokens, state, tenant, await issue('x', { configId: 'demo' }), 'oidcToken')
    expect(x).toMatchObject({
      provider: 'x',
      claims: { iss: 'https://mock-auth-proxy.invalid', sub: expect.stringMatching(/^x:/) },
    })
  })

  it("refuses a token claiming Google's issuer but signed by Facebook's key (16, naming the key)", async () => {
    const { tokens, state, tenant } = authorityAndState()
    const forged = await tokens.signIdToken('facebook', googleClaims())
    await expect(checkOidcToken(tokens, state, tenant, forged, 'oidcToken')).rejects.toEqual(
      new MockError(
        16,
        'oidcToken: signature does not verify with the key of issuer https://accounts.google.com (Google); signed by another key, or altered',
      ),
    )
  })

  it("refuses a token claiming Google's issuer but signed by the proxy's key, and a proxy-issued one signed by Apple's", async () => {
    const { tokens, state, tenant } = authorityAndState()
    const byProxy = await tokens.sign(googleClaims())
    await expect(checkOidcToken(tokens, state, tenant, byProxy, 'oidcToken')).rejects.toMatchObject({
      code: 16,
      // The proxy signs ES256; Google's key is RS256.
      message:
        'oidcToken: signature does not verify with the key of issuer https://accounts.google.com (Google): signed with another algorithm than its RS256',
    })
    const byApple = await tokens.signIdToken(
      'apple',
      googleClaims({ iss: 'https://mock-auth-proxy.invalid', sub: 'x:s' }),
    )
    await expect(checkOidcToken(tokens, state, tenant, byApple, 'oidcToken')).rejects.toMatchObject({
      code: 16,
      message:
        "oidcToken: signature does not verify with this proxy's key: signed with another algorithm than its ES256",
    })
  })

  it('refuses a token signed by a self-made key with the same claims and key id (16)', async () => {
    const { tokens, state, tenant, issue } = authorityAndState()
    const genuine = await issue('google')
    const own = await foreignRsaKey()
    const forged = await new SignJWT(decodeJwt(genuine))
      .setProtectedHeader(decodeProtectedHeader(genuine) as { alg: string })
      .sign(own.privateKey)
    await expect(checkOidcToken(tokens, state, tenant, forged, 'filterValue')).rejects.toEqual(
      new MockError(
        16,
        'filterValue: signature does not verify with the key of issuer https://accounts.google.com (Google); signed by another key, or altered',
      ),
    )
  })

  it.each([
    ['the issuer of an earlier version of this mock', 'https://mock-auth-proxy.invalid/oauth/google'],
    ['a look-alike of Google', 'https://accounts.google.com.evil.test'],
    ['no issuer', undefined],
  ])('refuses %s before looking for a key (16)', async (_name, iss) => {
    const { tokens, state, tenant } = authorityAndState()
    const own = await foreignRsaKey()
    const token = await new SignJWT({ ...googleClaims(), iss })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(own.privateKey)
    const checking = checkOidcToken(tokens, state, tenant, token, 'oidcToken')
    await expect(checking).rejects.toEqual(
      new MockError(
        16,
        iss === undefined
          ? 'oidcToken: not an OIDC token (claims iss, sub, aud, nonce, jti expected)'
          : `oidcToken: issuer "${iss}" is not one this proxy trusts (https://accounts.google.com, https://appleid.apple.com, https://www.facebook.com, https://mock-auth-proxy.invalid)`,
      ),
    )
  })

  it("refuses an audience other than the tenant's client id for the provider (16)", async () => {
    const { tokens, state, tenant, issue } = authorityAndState()
    const token = await issue('apple', { clientId: 'demo-google-client' })
    await expect(checkOidcToken(tokens, state, tenant, token, 'oidcToken')).rejects.toEqual(
      new MockError(
        16,
        'oidcToken: audience "demo-google-client" is not the apple client id of config id "demo" ("demo-apple-client")',
      ),
    )
  })

  it('refuses an expired token (16)', async () => {
    const { tokens, state, tenant } = authorityAndState()
    const expired = await tokens.signIdToken('google', googleClaims({ exp: SECONDS }))
    await expect(checkOidcToken(tokens, state, tenant, expired, 'oidcToken')).rejects.toEqual(
      new MockError(16, 'oidcToken: expired; sign in with the provider again'),
    )
  })

  it('refuses a proxy-issued token whose subject names neither X nor Discord (16)', async () => {
    const { tokens, state, tenant } = authorityAndState()
    const token = await tokens.sign(googleClaims({ iss: 'https://mock-auth-proxy.invalid', sub: 'google:s' }))
    await expect(checkOidcToken(tokens, state, tenant, token, 'oidcToken')).rejects.toEqual(
      new MockError(
        16,
        'oidcToken: subject "google:s" names neither x nor discord, the providers this proxy issues tokens for',
      ),
    )
  })

  it('holds a proxy-issued token to the config id that exchanged its code, but a provider token only to its audience', async () => {
    const shared: MockTenant[] = [
      {
        configId: 'demo',
        organizationId: 'o1',
        enabledProviders: ['x', 'google'],
        oauthClientIds: { x: 'shared-x', google: 'shared-g' },
      },
      {
        configId: 'other',
        organizationId: 'o2',
        enabledProviders: ['x', 'google'],
        oauthClientIds: { x: 'shared-x', google: 'shared-g' },
      },
    ]
    const { tokens, state, tenant, issue } = authorityAndState(shared)
    const x = await issue('x', { clientId: 'shared-x', configId: 'other' })
    await expect(checkOidcToken(tokens, state, tenant, x, 'oidcToken')).rejects.toEqual(
      new MockError(16, 'oidcToken: issued by this proxy for config id "other", not "demo"'),
    )
    // Google knows the client id, not the proxy's tenant: production's binding is the audience.
    const google = await issue('google', { clientId: 'shared-g' })
    await expect(checkOidcToken(tokens, state, tenant, google, 'oidcToken')).resolves.toMatchObject({
      provider: 'google',
    })
  })

  it('refuses a verified token the mock has no record of issuing (16)', async () => {
    const { tokens, state, tenant } = authorityAndState()
    const unrecorded = await tokens.signIdToken('google', googleClaims())
    await expect(checkOidcToken(tokens, state, tenant, unrecorded, 'oidcToken')).rejects.toEqual(
      new MockError(16, 'oidcToken: not issued by this mock (no record of its jti)'),
    )
  })
})

describe('oidcNonceFor', () => {
  it('is the lowercase hex sha256 of the key text (WIRE.md)', () => {
    // sha256("abc"), FIPS 180-2 known answer.
    expect(oidcNonceFor('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

/** The three proxy endpoints that take an OIDC token, and the field each names in its messages. */
const ENDPOINTS = [
  {
    name: 'oauth_login',
    field: 'oidcToken',
    call: (proxy: MockAuthProxy, oidcToken: string, publicKey: string) =>
      call(proxy, 'oauth_login', { oidcToken, publicKey }),
  },
  {
    name: 'account',
    field: 'filterValue',
    call: (proxy: MockAuthProxy, oidcToken: string) =>
      call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken }),
  },
  {
    name: 'signup',
    field: 'oauthProviders[0].oidcToken',
    call: (proxy: MockAuthProxy, oidcToken: string) =>
      call(proxy, 'signup', {
        apiKeys: [],
        authenticators: [],
        oauthProviders: [{ providerName: 'google', oidcToken }],
      }),
  },
] as const

/** A token with `token`'s header and claims (`claims` applied) and the signature of `signatureFrom`. */
function transplant(token: string, signatureFrom: string, claims: Record<string, unknown>): string {
  const [header = ''] = token.split('.')
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), ...claims })).toString('base64url')
  return `${header}.${payload}.${signatureFrom.split('.')[2] ?? ''}`
}

describe.each(ENDPOINTS)(
  '$name refuses an OIDC token (16, naming what was wrong, changing nothing)',
  ({ field, call: send }) => {
    it('from an issuer it does not trust', async () => {
      const { proxy } = setup()
      const { oidcToken, key } = await oidcTokenFor(proxy, 'google')
      const own = await foreignRsaKey()
      const forged = await new SignJWT({ ...decodeJwt(oidcToken), iss: 'https://accounts.google.com.evil.test' })
        .setProtectedHeader({ alg: 'RS256' })
        .sign(own.privateKey)
      await expectRefused(
        proxy,
        () => send(proxy, forged, key.publicKey),
        16,
        `${field}: issuer "https://accounts.google.com.evil.test" is not one this proxy trusts (https://accounts.google.com, https://appleid.apple.com, https://www.facebook.com, https://mock-auth-proxy.invalid)`,
      )
    })

    it("for another audience than the tenant's client id", async () => {
      const tenants: MockTenant[] = [
        {
          configId: 'demo',
          organizationId: 'o1',
          enabledProviders: ['google'],
          oauthClientIds: { google: 'client-a' },
        },
        {
          configId: 'other',
          organizationId: 'o2',
          enabledProviders: ['google'],
          oauthClientIds: { google: 'client-b' },
        },
      ]
      const { proxy } = setup({ tenants })
      const { oidcToken, key } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace', 'other')
      await expectRefused(
        proxy,
        () => send(proxy, oidcToken, key.publicKey),
        16,
        `${field}: audience "client-b" is not the google client id of config id "demo" ("client-a")`,
      )
    })

    it("claiming Google's issuer with Facebook's signature", async () => {
      const { proxy } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
      const google = await oidcTokenFor(proxy, 'google')
      const facebook = await oidcTokenFor(proxy, 'facebook')
      const forged = transplant(google.oidcToken, facebook.oidcToken, {})
      await expectRefused(
        proxy,
        () => send(proxy, forged, google.key.publicKey),
        16,
        `${field}: signature does not verify with the key of issuer https://accounts.google.com (Google); signed by another key, or altered`,
      )
    })

    it('signed by a self-made key, with the same claims and key id', async () => {
      const { proxy } = setup()
      const { oidcToken, key } = await oidcTokenFor(proxy, 'apple')
      const own = await foreignRsaKey()
      const forged = await new SignJWT(decodeJwt(oidcToken))
        .setProtectedHeader(decodeProtectedHeader(oidcToken) as { alg: string })
        .sign(own.privateKey)
      await expectRefused(
        proxy,
        () => send(proxy, forged, key.publicKey),
        16,
        `${field}: signature does not verify with the key of issuer https://appleid.apple.com (Apple); signed by another key, or altered`,
      )
    })

    it("from X whose subject was altered to another person's", async () => {
      const { proxy } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
      const { oidcToken, key } = await oidcTokenFor(proxy, 'x')
      const forged = transplant(oidcToken, oidcToken, { sub: 'x:someone-else' })
      await expectRefused(
        proxy,
        () => send(proxy, forged, key.publicKey),
        16,
        `${field}: signature does not verify with this proxy's key; signed by another key, or altered`,
      )
    })

    it('that has expired', async () => {
      const { proxy, clock } = setup()
      const { oidcToken, key } = await oidcTokenFor(proxy, 'google')
      clock.advance(600_000)
      await expectRefused(
        proxy,
        () => send(proxy, oidcToken, key.publicKey),
        16,
        `${field}: expired; sign in with the provider again`,
      )
    })
  },
)

describe('oauth_login with a token of each provider', () => {
  it.each<MockOAuthProvider>(['google', 'apple', 'facebook', 'x', 'discord'])(
    "%s: refuses the token for another client key than its nonce's (16)",
    async (provider) => {
      const { proxy } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
      const { oidcToken } = await oauthSignUp(proxy, provider)
      const other = await createTestClientKey()
      await expectRefused(
        proxy,
        () => call(proxy, 'oauth_login', { oidcToken, publicKey: other.publicKey }),
        16,
        'oidcToken: its nonce is not sha256 of publicKey; the token was issued for another client key',
      )
    },
  )
})
