import { SignJWT, decodeJwt, generateKeyPair } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTestClientKey, loginMessage, signupMessage } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import {
  call,
  emptySignup,
  ok,
  setup as setupMock,
  signUp,
  signedLogin,
  snapshot,
  verifyEmail,
  type Setup,
  type Verified,
} from '../testing/harness'
import type { MockAuthProxy, MockAuthProxyOptions } from '../types'

/** These tests are about production's behaviour: strict, so that a member production drops fails here too. */
function setup(options: MockAuthProxyOptions = {}): Setup {
  return setupMock({ strictFields: true, ...options })
}

/** A signed-up user and a second verification of the same email, ready to log in. */
async function returningUser(
  proxy: MockAuthProxy,
): Promise<{ verified: Verified; organizationId: string; userId: string }> {
  const { organizationId, userId } = await signUp(proxy, 'ada@example.com')
  return { verified: await verifyEmail(proxy, 'ada@example.com'), organizationId, userId }
}

describe('otp_login', () => {
  it('answers a session bound to the body publicKey, for the account of the token contact', async () => {
    const { proxy, clock } = setup()
    const { verified, organizationId, userId } = await returningUser(proxy)
    const sessionKey = await createTestClientKey()
    const { session } = await ok<{ session: string }>(
      call(proxy, 'otp_login', await signedLogin(verified, sessionKey.publicKey)),
    )
    expect(decodeJwt(session)).toMatchObject({
      exp: Math.floor(clock.now() / 1000) + 900,
      public_key: sessionKey.publicKey,
      session_type: 'SESSION_TYPE_READ_WRITE',
      user_id: userId,
      organization_id: organizationId,
    })
    expect(Object.values(proxy.state.sessions)).toEqual([
      expect.objectContaining({ userId, organizationId, publicKey: sessionKey.publicKey }),
    ])
    expect(Object.values(proxy.state.verificationTokens).find((t) => t.tokenId === verified.tokenId)?.usedFor).toEqual([
      'USAGE_TYPE_LOGIN',
    ])
  })

  it("uses the tenant's session length", async () => {
    const { proxy, clock } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', sessionExpirationSeconds: 3600 }],
    })
    const { verified } = await returningUser(proxy)
    const { session } = await ok<{ session: string }>(
      call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)),
    )
    expect(decodeJwt(session).exp).toBe(Math.floor(clock.now() / 1000) + 3600)
  })

  it('logs in with the token that signed up (once per usage type), as the kit does for a new user', async () => {
    const { proxy } = setup()
    const signedUp = await signUp(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_login', await signedLogin(signedUp, signedUp.key.publicKey)))
  })

  it('finds the account whatever the case of the email', async () => {
    const { proxy } = setup()
    await signUp(proxy, 'Ada@Example.com')
    const verified = await verifyEmail(proxy, 'ADA@example.COM')
    await ok(call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)))
  })

  it('answers 5 and says to sign up first when no account has the contact', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'new@example.com')
    await expectRefused(
      proxy,
      async () => call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)),
      5,
      'verificationToken: no account for new@example.com; sign up first (signup with this token)',
    )
  })

  it('refuses a replayed token with 16 (login twice)', async () => {
    const { proxy } = setup()
    const { verified } = await returningUser(proxy)
    const body = await signedLogin(verified, verified.key.publicKey)
    await ok(call(proxy, 'otp_login', body))
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_login', body),
      16,
      /^verificationToken: verification token already used/,
    )
  })

  it('redeems a token once when two logins race', async () => {
    const { proxy } = setup()
    const { verified } = await returningUser(proxy)
    const body = await signedLogin(verified, verified.key.publicKey)
    const answers = await Promise.all([call(proxy, 'otp_login', body), call(proxy, 'otp_login', body)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
    expect(Object.keys(proxy.state.sessions)).toHaveLength(1)
  })

  it('refuses an expired token with 16', async () => {
    const { proxy, clock } = setup()
    const { verified } = await returningUser(proxy)
    clock.advance(600_000)
    await expectRefused(
      proxy,
      async () => call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)),
      16,
      'verificationToken: expired; verify a new code',
    )
  })

  it('accepts a token one second before it expires', async () => {
    const { proxy, clock } = setup()
    const { verified } = await returningUser(proxy)
    clock.advance(599_000)
    await ok(call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)))
  })

  it('refuses a token signed by another key with 16, even with the same claims', async () => {
    const { proxy } = setup()
    const { verified } = await returningUser(proxy)
    const { privateKey } = await generateKeyPair('ES256')
    const forged = await new SignJWT(decodeJwt(verified.verificationToken))
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign(privateKey)
    const body = { ...(await signedLogin(verified, verified.key.publicKey)), verificationToken: forged }
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_login', body),
      16,
      /^verificationToken: signature does not verify/,
    )
  })

  it.each([
    ['garbled', 'not.a.jwt'],
    ['unsigned', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`],
  ])('refuses a %s token with 16', async (_name, token) => {
    const { proxy } = setup()
    const { verified } = await returningUser(proxy)
    const body = { ...(await signedLogin(verified, verified.key.publicKey)), verificationToken: token }
    await expectRefused(proxy, () => call(proxy, 'otp_login', body), 16, /^verificationToken: /)
  })

  it('refuses a session token presented as a verification token', async () => {
    const { proxy } = setup()
    const { verified } = await returningUser(proxy)
    const { session } = await ok<{ session: string }>(
      call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)),
    )
    const body = { ...(await signedLogin(verified, verified.key.publicKey)), verificationToken: session }
    await expectRefused(proxy, () => call(proxy, 'otp_login', body), 16, /^verificationToken: not a verification token/)
  })

  it('refuses a token issued to another tenant with 16', async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'demo', organizationId: 'org-a' },
        { configId: 'other', organizationId: 'org-b' },
      ],
    })
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com', 'other')
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey))
    expect(answer.body).toMatchObject({ code: 16, message: 'verificationToken: was not issued for config id "demo"' })
    expect(snapshot(proxy)).toBe(before)
  })

  describe('client signature', () => {
    it('is required when the token names a key', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      await expectRefused(
        proxy,
        () =>
          call(proxy, 'otp_login', {
            verificationToken: verified.verificationToken,
            publicKey: verified.key.publicKey,
          }),
        16,
        /^clientSignature: required: the verification token names a public key/,
      )
    })

    it('must verify: a garbage signature is refused with 16', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const body = await signedLogin(verified, verified.key.publicKey)
      body.clientSignature = { ...body.clientSignature!, signature: '11'.repeat(64) }
      await expectRefused(
        proxy,
        () => call(proxy, 'otp_login', body),
        16,
        /^clientSignature.signature: does not verify/,
      )
    })

    it('must be by the token key: another key signing the right message is refused', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const thief = await createTestClientKey()
      const message = loginMessage(thief.publicKey, verified.tokenId)
      // Claiming the token's key with a signature by another key...
      const claimed = { ...(await thief.clientSignature(message)), publicKey: verified.key.publicKey }
      await expectRefused(
        proxy,
        () =>
          call(proxy, 'otp_login', {
            verificationToken: verified.verificationToken,
            publicKey: thief.publicKey,
            clientSignature: claimed,
          }),
        16,
        /^clientSignature.signature: does not verify/,
      )
      // ...or naming its own key.
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'otp_login', {
            verificationToken: verified.verificationToken,
            publicKey: thief.publicKey,
            clientSignature: await thief.clientSignature(message),
          }),
        16,
        'clientSignature.publicKey: is not the public_key the verification token names',
      )
    })

    it('must name the body publicKey: a signature for another session key is refused', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const other = await createTestClientKey()
      const body = {
        verificationToken: verified.verificationToken,
        publicKey: other.publicKey,
        clientSignature: await verified.key.clientSignature(loginMessage(verified.key.publicKey, verified.tokenId)),
      }
      await expectRefused(
        proxy,
        () => call(proxy, 'otp_login', body),
        16,
        'clientSignature.message: login.publicKey does not match the request',
      )
    })

    it('must name this token', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const body = {
        verificationToken: verified.verificationToken,
        publicKey: verified.key.publicKey,
        clientSignature: await verified.key.clientSignature(loginMessage(verified.key.publicKey, 'another-token-id')),
      }
      await expectRefused(
        proxy,
        () => call(proxy, 'otp_login', body),
        16,
        "clientSignature.message: tokenId is not this verification token's id",
      )
    })

    it('must name the login usage: a signup signature is refused', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const signupSignature = await verified.key.clientSignature(
        signupMessage(emptySignup('ada@example.com', verified.verificationToken), verified.tokenId),
      )
      await expectRefused(
        proxy,
        () =>
          call(proxy, 'otp_login', {
            verificationToken: verified.verificationToken,
            publicKey: verified.key.publicKey,
            clientSignature: signupSignature,
          }),
        16,
        'clientSignature.message: expected members login, tokenId, type, got signup, tokenId, type',
      )
      const mislabelled = JSON.stringify({
        login: { publicKey: verified.key.publicKey },
        tokenId: verified.tokenId,
        type: 'USAGE_TYPE_SIGNUP',
      })
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'otp_login', {
            verificationToken: verified.verificationToken,
            publicKey: verified.key.publicKey,
            clientSignature: await verified.key.clientSignature(mislabelled),
          }),
        16,
        'clientSignature.message: type is "USAGE_TYPE_SIGNUP", expected "USAGE_TYPE_LOGIN"',
      )
    })

    it('must be JSON', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const body = {
        verificationToken: verified.verificationToken,
        publicKey: verified.key.publicKey,
        clientSignature: await verified.key.clientSignature('login please'),
      }
      await expectRefused(proxy, () => call(proxy, 'otp_login', body), 16, /^clientSignature.message: not JSON/)
    })

    it('accepts the message members in any order', async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      const message = JSON.stringify({
        type: 'USAGE_TYPE_LOGIN',
        tokenId: verified.tokenId,
        login: { publicKey: verified.key.publicKey },
      })
      await ok(
        call(proxy, 'otp_login', {
          verificationToken: verified.verificationToken,
          publicKey: verified.key.publicKey,
          clientSignature: await verified.key.clientSignature(message),
        }),
      )
    })

    // WIRE.md, Client proofs: the seed's form signs the token's text alone, so whoever sees it (in a log,
    // in transit) can send it with their own session key. A token that names a key refuses it.
    it.each(['raw', 'DER'])(
      "refuses the seed form (client_signature as %s hex over the token) with 16, even by the token's own key",
      async (form) => {
        const { proxy } = setup()
        const { verified } = await returningUser(proxy)
        const signature =
          form === 'raw'
            ? await verified.key.sign(verified.verificationToken)
            : await verified.key.signDer(verified.verificationToken)
        await expectRefused(
          proxy,
          () =>
            call(proxy, 'otp_login', {
              verification_token: verified.verificationToken,
              public_key: verified.key.publicKey,
              client_signature: signature,
            }),
          16,
          /^clientSignature: the seed's form .* is refused because the token names a public key.*\{publicKey, scheme, message, signature\}/,
        )
      },
    )

    it("refuses a replayed seed-form signature sent with the thief's own session key", async () => {
      const { proxy } = setup()
      const { verified } = await returningUser(proxy)
      // What the victim's client sent, seen by the thief: the token and its seed-form signature.
      const seen = {
        verificationToken: verified.verificationToken,
        clientSignature: await verified.key.sign(verified.verificationToken),
      }
      const thief = await createTestClientKey()
      await expectRefused(
        proxy,
        () => call(proxy, 'otp_login', { ...seen, publicKey: thief.publicKey }),
        16,
        /^clientSignature: the seed's form/,
      )
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'otp_login', {
            ...seen,
            publicKey: thief.publicKey,
            clientSignature: await thief.sign(verified.verificationToken),
          }),
        16,
        /^clientSignature: the seed's form/,
      )
      // The message form by the token's key still logs in.
      await ok(call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)))
    })
  })

  it('checks organizationId when given', async () => {
    const { proxy } = setup()
    const { verified, organizationId } = await returningUser(proxy)
    const body = await signedLogin(verified, verified.key.publicKey)
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_login', { ...body, organizationId: 'another-org' }),
      5,
      'organizationId: the account for ada@example.com is not in organization "another-org"',
    )
    await ok(call(proxy, 'otp_login', { ...body, organizationId }))
  })

  it('revokes earlier sessions of the user with invalidateExisting', async () => {
    const { proxy, clock } = setup()
    const first = await signUp(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_login', await signedLogin(first, first.key.publicKey)))
    const second = await verifyEmail(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_login', await signedLogin(second, second.key.publicKey)))
    expect(Object.values(proxy.state.sessions).filter((s) => s.revokedAt !== undefined)).toHaveLength(0)

    clock.advance(1000)
    const third = await verifyEmail(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_login', { ...(await signedLogin(third, third.key.publicKey)), invalidateExisting: true }))
    const sessions = Object.values(proxy.state.sessions)
    expect(sessions).toHaveLength(3)
    expect(
      sessions
        .filter((s) => s.revokedAt === new Date(clock.now()).toISOString())
        .map((s) => s.publicKey)
        .sort(),
    ).toEqual([first.key.publicKey, second.key.publicKey].sort())
    expect(sessions.find((s) => s.publicKey === third.key.publicKey)?.revokedAt).toBeUndefined()
  })

  it.each([
    [{ verificationToken: undefined }, 'verificationToken: expected a string, got nothing'],
    [{ verificationToken: 7 }, 'verificationToken: expected a string, got a number'],
    [{ publicKey: undefined }, 'publicKey: expected a string, got nothing'],
    [
      { publicKey: 'abc' },
      'publicKey: expected a compressed P-256 public key as 66 hex characters, got 3 characters (not hex)',
    ],
    [{ invalidateExisting: 'yes' }, 'invalidateExisting: expected true or false, got a string'],
    [{ organizationId: 3 }, 'organizationId: expected a string, got a number'],
    [
      { clientSignature: 5 },
      'clientSignature: expected an object {publicKey, scheme, message, signature} or a hex string, got a number',
    ],
    [
      { clientSignature: 'xyz' },
      'clientSignature: expected an ECDSA signature as hex (raw r‖s, 128 characters, or DER)',
    ],
    [
      { clientSignature: { scheme: 'OTHER' } },
      'clientSignature.scheme: expected one of CLIENT_SIGNATURE_SCHEME_API_P256, got "OTHER"',
    ],
  ])('refuses %j with 3 naming the field, changing nothing', async (override, message) => {
    const { proxy } = setup()
    const { verified } = await returningUser(proxy)
    const body = { ...(await signedLogin(verified, verified.key.publicKey)), ...override }
    await expectRefused(proxy, () => call(proxy, 'otp_login', body), 3, message)
  })
})
