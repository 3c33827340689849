import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose'
import { foreignRsaKey } from '../testing/foreignRsaKey'
import { describe, expect, it } from 'vitest'
import type { SessionClaims } from '../../core/types'
import { createTestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { call, ok, setup, signUp } from '../testing/harness'
import { oauthSignUp, oidcTokenFor } from '../testing/oauth'
import type { MockTenant } from '../types'

describe('oauth_login', () => {
  it('answers a session bound to publicKey for the account linked to the identity', async () => {
    const { proxy, clock } = setup()
    const { organizationId, userId, oidcToken, key } = await oauthSignUp(proxy)
    const { session } = await ok<{ session: string }>(
      call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
    )
    const claims = decodeJwt<SessionClaims>(session)
    expect(claims).toMatchObject({
      exp: Math.floor(clock.now() / 1000) + 900,
      public_key: key.publicKey,
      session_type: 'SESSION_TYPE_READ_WRITE',
      user_id: userId,
      organization_id: organizationId,
    })
    expect(Object.values(proxy.state.sessions)).toEqual([
      expect.objectContaining({ userId, organizationId, publicKey: key.publicKey }),
    ])
  })

  it('checks that the token nonce is sha256 of publicKey: a token for another key is refused (16)', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oauthSignUp(proxy)
    const other = await createTestClientKey()
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: other.publicKey }),
      16,
      'oidcToken: its nonce is not sha256 of publicKey; the token was issued for another client key',
    )
  })

  it('accepts publicKey in upper case (hex is case-insensitive) and binds the session to the lowercase key', async () => {
    const { proxy } = setup()
    const { oidcToken, key } = await oauthSignUp(proxy)
    const { session } = await ok<{ session: string }>(
      call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey.toUpperCase() }),
    )
    expect(decodeJwt(session).public_key).toBe(key.publicKey)
  })

  it('refuses a second login with the same token (replay, 16)', async () => {
    const { proxy, clock } = setup()
    const { oidcToken, key } = await oauthSignUp(proxy)
    await ok(call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }))
    const loggedInAt = new Date(clock.now()).toISOString()
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      16,
      `oidcToken: already used to log in at ${loggedInAt}; sign in with the provider again`,
    )
  })

  it('refuses an expired token (16)', async () => {
    const { proxy, clock } = setup()
    const { oidcToken, key } = await oauthSignUp(proxy)
    clock.advance(600_000)
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      16,
      'oidcToken: expired; sign in with the provider again',
    )
  })

  it('refuses a token signed by another key, even with the same claims and kid (16)', async () => {
    const { proxy } = setup()
    const { oidcToken, key } = await oauthSignUp(proxy)
    const foreign = await foreignRsaKey()
    const forged = await new SignJWT(decodeJwt(oidcToken))
      .setProtectedHeader(decodeProtectedHeader(oidcToken) as { alg: string })
      .sign(foreign.privateKey)
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken: forged, publicKey: key.publicKey }),
      16,
      'oidcToken: signature does not verify with the key of issuer https://accounts.google.com (Google); signed by another key, or altered',
    )
  })

  it("refuses a token whose audience is not the tenant's client id (16)", async () => {
    const tenants: MockTenant[] = [
      { configId: 'demo', organizationId: 'o1', enabledProviders: ['google'], oauthClientIds: { google: 'client-a' } },
      { configId: 'other', organizationId: 'o2', enabledProviders: ['google'], oauthClientIds: { google: 'client-b' } },
    ]
    const { proxy } = setup({ tenants })
    const { oidcToken, key } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace', 'other')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      16,
      'oidcToken: audience "client-b" is not the google client id of config id "demo" ("client-a")',
    )
  })

  it('refuses an X token another tenant with the same client id exchanged (16): the proxy knows which tenant it issued it for', async () => {
    const tenants: MockTenant[] = [
      { configId: 'demo', organizationId: 'o1', enabledProviders: ['x'], oauthClientIds: { x: 'shared' } },
      { configId: 'other', organizationId: 'o2', enabledProviders: ['x'], oauthClientIds: { x: 'shared' } },
    ]
    const { proxy } = setup({ tenants })
    const { oidcToken, key } = await oidcTokenFor(proxy, 'x', 'Ada Lovelace', 'other')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      16,
      'oidcToken: issued by this proxy for config id "other", not "demo"',
    )
  })

  it("takes a Google token at another tenant sharing the client id, as production does (the audience binds it), finding only that tenant's accounts", async () => {
    const tenants: MockTenant[] = [
      { configId: 'demo', organizationId: 'o1', enabledProviders: ['google'], oauthClientIds: { google: 'shared' } },
      { configId: 'other', organizationId: 'o2', enabledProviders: ['google'], oauthClientIds: { google: 'shared' } },
    ]
    const { proxy } = setup({ tenants })
    await oauthSignUp(proxy, 'google', 'Ada Lovelace', 'other')
    const { oidcToken, key } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace', 'other')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      5,
      'oidcToken: no account for this google identity; sign up first (signup with oauthProviders)',
    )
    expect(
      (await call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }, { configId: 'other' })).status,
    ).toBe(200)
  })

  it('refuses a token for a provider the tenant has no client id for (16)', async () => {
    const tenants: MockTenant[] = [
      { configId: 'demo', organizationId: 'o1', enabledProviders: ['apple'], oauthClientIds: { apple: 'a' } },
      { configId: 'other', organizationId: 'o2', enabledProviders: ['google'], oauthClientIds: { google: 'g' } },
    ]
    const { proxy } = setup({ tenants })
    const { oidcToken, key } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace', 'other')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      16,
      'oidcToken: a google token, but config id "demo" has no google client id',
    )
  })

  it('refuses a verification token or a session presented as an OIDC token (16)', async () => {
    const { proxy } = setup()
    const { verificationToken, key } = await signUp(proxy, 'ada@example.com')
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken: verificationToken, publicKey: key.publicKey }),
      16,
      'oidcToken: not an OIDC token (claims iss, sub, aud, nonce, jti expected)',
    )
  })

  it('asks to sign up first when no account holds the identity (5)', async () => {
    const { proxy } = setup()
    const { oidcToken, key } = await oidcTokenFor(proxy)
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey }),
      5,
      'oidcToken: no account for this google identity; sign up first (signup with oauthProviders)',
    )
  })

  it("checks organizationId when given (5), and takes the account's own", async () => {
    const { proxy } = setup()
    const { oidcToken, key, organizationId } = await oauthSignUp(proxy)
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey, organizationId: 'elsewhere' }),
      5,
      'organizationId: the account for this google identity is not in organization "elsewhere"',
    )
    expect((await call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey, organizationId })).status).toBe(200)
  })

  it('revokes the earlier sessions of the user with invalidateExisting', async () => {
    const { proxy, clock } = setup()
    const first = await oauthSignUp(proxy)
    await ok(call(proxy, 'oauth_login', { oidcToken: first.oidcToken, publicKey: first.key.publicKey }))
    const second = await oidcTokenFor(proxy)
    clock.advance(1000)
    await ok(
      call(proxy, 'oauth_login', {
        oidcToken: second.oidcToken,
        publicKey: second.key.publicKey,
        invalidateExisting: true,
      }),
    )
    const sessions = Object.values(proxy.state.sessions)
    expect(sessions.find((session) => session.publicKey === first.key.publicKey)?.revokedAt).toBe(
      new Date(clock.now()).toISOString(),
    )
    expect(sessions.find((session) => session.publicKey === second.key.publicKey)?.revokedAt).toBeUndefined()
  })

  it.each([
    [{ oidcToken: '' }, 'oidcToken: expected a non-empty string, got an empty string'],
    [{ oidcToken: 'a.b.c' }, /^oidcToken: not a valid JWT/],
    [{ publicKey: undefined }, 'publicKey: expected a string, got nothing'],
    [{ publicKey: 'ab' }, 'publicKey: expected a compressed P-256 public key as 66 hex characters, got 2 characters'],
    [
      { publicKey: `05${'ab'.repeat(32)}` },
      'publicKey: expected a compressed P-256 public key as 66 hex characters; this one is not a point on the P-256 curve',
    ],
    [{ invalidateExisting: 'yes' }, 'invalidateExisting: expected true or false, got a string'],
  ])('refuses %j naming the field, changing nothing', async (override, message) => {
    const { proxy } = setup()
    const { oidcToken, key } = await oauthSignUp(proxy)
    const code = typeof message === 'string' ? 3 : 16
    await expectRefused(
      proxy,
      () => call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey, ...override }),
      code,
      message,
    )
  })
})
