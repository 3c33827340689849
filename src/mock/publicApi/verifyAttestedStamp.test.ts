import { base64url, decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { createTestClientKey, type TestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { call, ok, setup, signUp, signedLogin, verifyEmail, type TestClock } from '../testing/harness'
import { EVERY_PROVIDER_TENANT, oauthSignUp, oidcTokenFor } from '../testing/oauth'
import { apiKeyStamp, callPublic, sessionOf, stampLoginBody } from '../testing/publicApi'
import { VERIFICATION_TOKEN_LIFETIME_SECONDS } from '../tokens'
import { ATTESTED_SCHEME_OIDC, ATTESTED_SCHEME_VERIFICATION_TOKEN } from './verifyAttestedStamp'

type Scheme = typeof ATTESTED_SCHEME_OIDC | typeof ATTESTED_SCHEME_VERIFICATION_TOKEN

/** The header @turnkey/core 2.x's AttestedStamper writes: base64url of this JSON, the signature DER hex over the body. */
async function attestedStamp(key: TestClientKey, token: string, scheme: Scheme, body: string): Promise<string> {
  const stamp = { publicKeyAttestation: token, scheme, publicKey: key.publicKey, signature: await key.signDer(body) }
  return base64url.encode(JSON.stringify(stamp))
}

/** stamp_login as core 2.x's loginWithOtp / loginWithOauth sends it: the session key is the attested key, against the parent organization. */
function loginBody(key: TestClientKey, clock: TestClock): string {
  return stampLoginBody(DEMO_ORGANIZATION_ID, key.publicKey, clock, {
    expirationSeconds: '900',
    invalidateExisting: false,
  })
}

describe('X-Stamp-Attested by a verification token (core 2.x loginWithOtp)', () => {
  it('logs in the account the token proves, with a session for the token key, and redeems the token', async () => {
    const { proxy, clock } = setup()
    const { userId, organizationId } = await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const body = loginBody(verified.key, clock)
    const stamp = await attestedStamp(
      verified.key,
      verified.verificationToken,
      ATTESTED_SCHEME_VERIFICATION_TOKEN,
      body,
    )
    const session = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp-Attested': stamp } }),
    )

    expect(decodeJwt(session)).toMatchObject({
      public_key: verified.key.publicKey,
      user_id: userId,
      organization_id: organizationId,
    })
    expect(Object.values(proxy.state.activities)).toEqual([
      expect.objectContaining({ userId, stampedWith: 'VERIFICATION_TOKEN' }),
    ])
    expect(proxy.state.verificationTokens[verified.tokenId]?.usedFor).toEqual(['USAGE_TYPE_LOGIN'])
  })

  it('refuses a replay of the token, in a fresh request or through otp_login', async () => {
    const { proxy, clock } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const first = loginBody(verified.key, clock)
    const header = {
      'X-Stamp-Attested': await attestedStamp(
        verified.key,
        verified.verificationToken,
        ATTESTED_SCHEME_VERIFICATION_TOKEN,
        first,
      ),
    }
    await sessionOf(callPublic(proxy, 'submit/stamp_login', first, { headers: header }))
    clock.advance(1000)
    const again = loginBody(verified.key, clock)
    const stamp = await attestedStamp(
      verified.key,
      verified.verificationToken,
      ATTESTED_SCHEME_VERIFICATION_TOKEN,
      again,
    )
    await expectRefused(
      proxy,
      () => callPublic(proxy, 'submit/stamp_login', again, { headers: { 'X-Stamp-Attested': stamp } }),
      16,
      'X-Stamp-Attested: publicKeyAttestation: verification token already used (USAGE_TYPE_LOGIN); verify a new code',
    )
    const viaOtpLogin = await call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey))
    expect(viaOtpLogin.body).toMatchObject({
      code: 16,
      message: 'verificationToken: verification token already used (USAGE_TYPE_LOGIN); verify a new code',
    })
  })

  it('refuses a token already redeemed by otp_login', async () => {
    const { proxy, clock } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)))
    const body = loginBody(verified.key, clock)
    const stamp = await attestedStamp(
      verified.key,
      verified.verificationToken,
      ATTESTED_SCHEME_VERIFICATION_TOKEN,
      body,
    )
    await expectRefused(
      proxy,
      () => callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp-Attested': stamp } }),
      16,
      /verification token already used \(USAGE_TYPE_LOGIN\)/,
    )
  })

  it('refuses a signature that does not verify over the body, and a stamp by a key the token does not name', async () => {
    const { proxy, clock } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const body = loginBody(verified.key, clock)
    const other = await createTestClientKey()
    const forged = {
      publicKeyAttestation: verified.verificationToken,
      scheme: ATTESTED_SCHEME_VERIFICATION_TOKEN,
      publicKey: verified.key.publicKey,
      signature: await other.signDer(body),
    }
    await expectRefused(
      proxy,
      () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: { 'X-Stamp-Attested': base64url.encode(JSON.stringify(forged)) },
        }),
      16,
      'X-Stamp-Attested: signature does not verify: expected ECDSA P-256/SHA-256 over the exact request body by publicKey, DER hex',
    )
    const signedForOtherBody = await attestedStamp(
      verified.key,
      verified.verificationToken,
      ATTESTED_SCHEME_VERIFICATION_TOKEN,
      `${body} `,
    )
    await expectRefused(
      proxy,
      () => callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp-Attested': signedForOtherBody } }),
      16,
      /^X-Stamp-Attested: signature does not verify/,
    )
    const otherBody = loginBody(other, clock)
    const byOtherKey = await attestedStamp(
      other,
      verified.verificationToken,
      ATTESTED_SCHEME_VERIFICATION_TOKEN,
      otherBody,
    )
    await expectRefused(
      proxy,
      () => callPublic(proxy, 'submit/stamp_login', otherBody, { headers: { 'X-Stamp-Attested': byOtherKey } }),
      16,
      'X-Stamp-Attested: publicKey is not the public_key the verification token names',
    )
  })

  it('refuses an expired token, an altered token, and a token for an email with no account', async () => {
    const { proxy, clock } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const [header = '', , signature = ''] = verified.verificationToken.split('.')
    const claims = { ...decodeJwt(verified.verificationToken), contact: 'eve@example.com' }
    const altered = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`
    const body = loginBody(verified.key, clock)
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: {
            'X-Stamp-Attested': await attestedStamp(verified.key, altered, ATTESTED_SCHEME_VERIFICATION_TOKEN, body),
          },
        }),
      16,
      /^X-Stamp-Attested: publicKeyAttestation: /,
    )

    const stranger = await verifyEmail(proxy, 'nobody@example.com')
    const strangerBody = loginBody(stranger.key, clock)
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', strangerBody, {
          headers: {
            'X-Stamp-Attested': await attestedStamp(
              stranger.key,
              stranger.verificationToken,
              ATTESTED_SCHEME_VERIFICATION_TOKEN,
              strangerBody,
            ),
          },
        }),
      16,
      'X-Stamp-Attested: publicKeyAttestation: no account for nobody@example.com; sign up first (signup_v2)',
    )

    clock.advance((VERIFICATION_TOKEN_LIFETIME_SECONDS + 1) * 1000)
    const later = loginBody(verified.key, clock)
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', later, {
          headers: {
            'X-Stamp-Attested': await attestedStamp(
              verified.key,
              verified.verificationToken,
              ATTESTED_SCHEME_VERIFICATION_TOKEN,
              later,
            ),
          },
        }),
      16,
      'X-Stamp-Attested: publicKeyAttestation: expired; verify a new code',
    )
  })
})

describe('X-Stamp-Attested by an OIDC token (core 2.x loginWithOauth)', () => {
  it('logs in the account linked to the identity, for the key the nonce binds, once', async () => {
    const { proxy, clock } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
    const { userId } = await oauthSignUp(proxy, 'google')
    const { oidcToken, key } = await oidcTokenFor(proxy, 'google')
    const body = loginBody(key, clock)
    const stamp = await attestedStamp(key, oidcToken, ATTESTED_SCHEME_OIDC, body)
    const session = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp-Attested': stamp } }),
    )
    expect(decodeJwt(session)).toMatchObject({ public_key: key.publicKey, user_id: userId })
    expect(Object.values(proxy.state.activities)).toEqual([
      expect.objectContaining({ userId, stampedWith: 'OIDC_TOKEN' }),
    ])

    clock.advance(1000)
    const again = loginBody(key, clock)
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', again, {
          headers: { 'X-Stamp-Attested': await attestedStamp(key, oidcToken, ATTESTED_SCHEME_OIDC, again) },
        }),
      16,
      /^X-Stamp-Attested: publicKeyAttestation: already used to log in at .*; sign in with the provider again$/,
    )
    const viaOauthLogin = await call(proxy, 'oauth_login', { oidcToken, publicKey: key.publicKey })
    expect(viaOauthLogin.body).toMatchObject({
      code: 16,
      message: expect.stringMatching(/^oidcToken: already used to log in/),
    })
  })

  it('works for X through oauth2_authenticate, the proxy issuing the token', async () => {
    const { proxy, clock } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
    const { userId } = await oauthSignUp(proxy, 'x')
    const { oidcToken, key } = await oidcTokenFor(proxy, 'x')
    const body = loginBody(key, clock)
    const session = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, {
        headers: { 'X-Stamp-Attested': await attestedStamp(key, oidcToken, ATTESTED_SCHEME_OIDC, body) },
      }),
    )
    expect(decodeJwt(session)).toMatchObject({ user_id: userId })
  })

  it('refuses a stamp by a key the nonce does not bind, a verification-token scheme on an OIDC token, and an identity with no account', async () => {
    const { proxy, clock } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
    await oauthSignUp(proxy, 'google')
    const { oidcToken } = await oidcTokenFor(proxy, 'google')
    const other = await createTestClientKey()
    const body = loginBody(other, clock)
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: { 'X-Stamp-Attested': await attestedStamp(other, oidcToken, ATTESTED_SCHEME_OIDC, body) },
        }),
      16,
      "X-Stamp-Attested: publicKeyAttestation: its nonce is not sha256 of the stamp's publicKey; the token was issued for another client key",
    )
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: {
            'X-Stamp-Attested': await attestedStamp(other, oidcToken, ATTESTED_SCHEME_VERIFICATION_TOKEN, body),
          },
        }),
      16,
      /^X-Stamp-Attested: publicKeyAttestation: signature does not verify with this proxy's key/,
    )
    const stranger = await oidcTokenFor(proxy, 'discord')
    const strangerBody = loginBody(stranger.key, clock)
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', strangerBody, {
          headers: {
            'X-Stamp-Attested': await attestedStamp(
              stranger.key,
              stranger.oidcToken,
              ATTESTED_SCHEME_OIDC,
              strangerBody,
            ),
          },
        }),
      16,
      'X-Stamp-Attested: publicKeyAttestation: no account for this discord identity; sign up first (signup_v2)',
    )
  })
})

describe('X-Stamp-Attested, the header itself', () => {
  it('refuses an unknown scheme, a missing attestation, and a header that is not base64url JSON', async () => {
    const { proxy, clock } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const body = loginBody(verified.key, clock)
    const stamp = {
      publicKeyAttestation: verified.verificationToken,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      publicKey: verified.key.publicKey,
      signature: await verified.key.signDer(body),
    }
    await expectRefused(
      proxy,
      () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: { 'X-Stamp-Attested': base64url.encode(JSON.stringify(stamp)) },
        }),
      16,
      `X-Stamp-Attested: scheme: expected ${ATTESTED_SCHEME_VERIFICATION_TOKEN} or ${ATTESTED_SCHEME_OIDC}, got "SIGNATURE_SCHEME_TK_API_P256"`,
    )
    const { publicKeyAttestation: _dropped, ...bare } = { ...stamp, scheme: ATTESTED_SCHEME_VERIFICATION_TOKEN }
    await expectRefused(
      proxy,
      () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: { 'X-Stamp-Attested': base64url.encode(JSON.stringify(bare)) },
        }),
      16,
      'X-Stamp-Attested: publicKeyAttestation: expected a verification token (the JWT), as the scheme says',
    )
    await expectRefused(
      proxy,
      () => callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp-Attested': 'not a stamp!' } }),
      16,
      'X-Stamp-Attested: not base64url; expected base64url of {publicKeyAttestation, scheme, publicKey, signature}',
    )
  })

  it('is accepted by stamp_login only, and alone: with X-Stamp or X-Stamp-WebAuthn too it is refused', async () => {
    const { proxy, clock } = setup()
    const { organizationId } = await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const whoami = JSON.stringify({ organizationId })
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'query/whoami', whoami, {
          headers: {
            'X-Stamp-Attested': await attestedStamp(
              verified.key,
              verified.verificationToken,
              ATTESTED_SCHEME_VERIFICATION_TOKEN,
              whoami,
            ),
          },
        }),
      16,
      'X-Stamp-Attested: accepted by stamp_login only; stamp this request with an API key or session key (X-Stamp) or a passkey (X-Stamp-WebAuthn)',
    )
    const body = loginBody(verified.key, clock)
    const attested = await attestedStamp(
      verified.key,
      verified.verificationToken,
      ATTESTED_SCHEME_VERIFICATION_TOKEN,
      body,
    )
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: { 'X-Stamp-Attested': attested, 'X-Stamp': await apiKeyStamp(verified.key, body) },
        }),
      16,
      'X-Stamp, X-Stamp-Attested: both given; stamp a request with exactly one',
    )
    await expectRefused(
      proxy,
      async () =>
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: {
            'X-Stamp-Attested': attested,
            'X-Stamp': await apiKeyStamp(verified.key, body),
            'X-Stamp-WebAuthn': '{}',
          },
        }),
      16,
      'X-Stamp, X-Stamp-WebAuthn, X-Stamp-Attested: all three given; stamp a request with exactly one',
    )
  })
})
