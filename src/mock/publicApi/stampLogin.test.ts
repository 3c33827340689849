import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { createTestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { setup, type TestClock } from '../testing/harness'
import {
  callPublic,
  envelope,
  passkeySignUp,
  sessionOf,
  signedInEmailUser,
  stampLoginBody,
  stampedCall,
  xStamp,
  type SignedInUser,
} from '../testing/publicApi'
import type { MockAuthProxy } from '../types'
import { STAMP_MAX_AGE_MS, STAMP_MAX_AHEAD_MS } from './readEnvelope'

/** A refresh stamped by `user`'s own session key, refused with 16 because that session `ended` ("expired at …"). */
async function expectOwnRefreshRefused(proxy: MockAuthProxy, clock: TestClock, user: SignedInUser, ended: string) {
  const body = stampLoginBody(user.organizationId, user.sessionKey.publicKey, clock)
  await expectRefused(
    proxy,
    () => stampedCall(proxy, 'submit/stamp_login', body, user.sessionKey),
    16,
    `Unauthenticated desc = expired api key publicKey ${user.sessionKey.publicKey}; X-Stamp: it can no longer stamp: its session ${ended}`,
  )
}

describe('stamp_login', () => {
  it('after a passkey sign-up, answers the completed activity with a session for a new key, stamped by the sign-up API key', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const sessionKey = await createTestClientKey()
    const body = stampLoginBody(user.organizationId, sessionKey.publicKey, clock)
    const answer = await callPublic(proxy, 'submit/stamp_login', body, { headers: await xStamp(user.clientKey, body) })

    expect(answer.status).toBe(200)
    const seconds = String(clock.now() / 1000)
    expect(answer.body).toEqual({
      activity: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        organizationId: user.organizationId,
        status: 'ACTIVITY_STATUS_COMPLETED',
        type: 'ACTIVITY_TYPE_STAMP_LOGIN',
        intent: { stampLoginIntent: { publicKey: sessionKey.publicKey } },
        result: { stampLoginResult: { session: expect.any(String) } },
        votes: [],
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        canApprove: false,
        canReject: false,
        createdAt: { seconds, nanos: '0' },
        updatedAt: { seconds, nanos: '0' },
      },
    })
    const session = await sessionOf(answer)
    expect(decodeJwt(session)).toMatchObject({
      exp: Math.floor(clock.now() / 1000) + 900,
      public_key: sessionKey.publicKey,
      session_type: 'SESSION_TYPE_READ_WRITE',
      user_id: user.userId,
      organization_id: user.organizationId,
    })
    expect(Object.values(proxy.state.sessions)).toEqual([
      expect.objectContaining({
        userId: user.userId,
        organizationId: user.organizationId,
        publicKey: sessionKey.publicKey,
      }),
    ])
    expect(Object.values(proxy.state.activities)).toEqual([
      {
        activityId: (answer.body as { activity: { id: string } }).activity.id,
        type: 'ACTIVITY_TYPE_STAMP_LOGIN',
        organizationId: user.organizationId,
        userId: user.userId,
        stampedWith: 'API_KEY',
        fingerprint: (answer.body as { activity: { fingerprint: string } }).activity.fingerprint,
        createdAt: new Date(clock.now()).toISOString(),
        // Kept for the identical request, which reads the same answer again.
        answer: answer.body,
        stampDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ])
  })

  it('honours expirationSeconds and invalidateExisting, and echoes them in the intent', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const first = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    await sessionOf(callPublic(proxy, 'submit/stamp_login', first, { headers: await xStamp(user.clientKey, first) }))
    const sessionKey = await createTestClientKey()
    const body = stampLoginBody(user.organizationId, sessionKey.publicKey, clock, {
      expirationSeconds: '120',
      invalidateExisting: true,
    })
    const answer = await callPublic(proxy, 'submit/stamp_login', body, { headers: await xStamp(user.clientKey, body) })
    expect(decodeJwt(await sessionOf(answer)).exp).toBe(Math.floor(clock.now() / 1000) + 120)
    expect((answer.body as { activity: { intent: unknown } }).activity.intent).toEqual({
      stampLoginIntent: { publicKey: sessionKey.publicKey, expirationSeconds: '120', invalidateExisting: true },
    })
    const sessions = Object.values(proxy.state.sessions)
    expect(sessions.filter((session) => session.revokedAt === undefined).map((session) => session.publicKey)).toEqual([
      sessionKey.publicKey,
    ])
  })

  it('refuses the sign-up API key once it expired (60 s), changing nothing', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    clock.advance(60_001)
    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', body, user.clientKey),
      16,
      `Unauthenticated desc = expired api key publicKey ${user.clientKey.publicKey}; X-Stamp: it can no longer stamp: API key "sign-up key" expired at 2030-01-01T00:01:00.000Z`,
    )
  })

  it('logs in with the passkey against the parent organization: a session for the user of the sub-organization holding it', async () => {
    const { proxy, clock } = setup()
    await passkeySignUp(proxy, { userName: 'Someone else' })
    const user = await passkeySignUp(proxy)
    const sessionKey = await createTestClientKey()
    const body = stampLoginBody(DEMO_ORGANIZATION_ID, sessionKey.publicKey, clock)
    const answer = await callPublic(proxy, 'submit/stamp_login', body, {
      headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) },
    })
    expect(decodeJwt(await sessionOf(answer))).toMatchObject({
      public_key: sessionKey.publicKey,
      user_id: user.userId,
      organization_id: user.organizationId,
    })
    expect((answer.body as { activity: { organizationId: string } }).activity.organizationId).toBe(user.organizationId)
    expect(proxy.state.users[user.userId]?.authenticators[0]?.counter).toBe(1)
    expect(Object.values(proxy.state.activities)[0]?.stampedWith).toBe('PASSKEY')
  })

  it("takes the sign-up API key's stamp against the parent organization too, as production's signUpWithPasskey sends it", async () => {
    const { proxy, clock } = setup()
    await passkeySignUp(proxy, { userName: 'Someone else' })
    const user = await passkeySignUp(proxy)
    const sessionKey = await createTestClientKey()
    const body = stampLoginBody(DEMO_ORGANIZATION_ID, sessionKey.publicKey, clock)
    const answer = await callPublic(proxy, 'submit/stamp_login', body, { headers: await xStamp(user.clientKey, body) })
    expect(decodeJwt(await sessionOf(answer))).toMatchObject({
      public_key: sessionKey.publicKey,
      user_id: user.userId,
      organization_id: user.organizationId,
    })
    expect(Object.values(proxy.state.activities)[0]).toMatchObject({
      organizationId: user.organizationId,
      stampedWith: 'API_KEY',
    })
  })

  it('logs in with the passkey against its own sub-organization too, and with a live session key', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const sessionKey = await createTestClientKey()
    const body = stampLoginBody(user.organizationId, sessionKey.publicKey, clock)
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, {
        headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) },
      }),
    )
    // The session's key stamps a login for another key: a session refresh.
    const next = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    const refreshed = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', next, { headers: await xStamp(sessionKey, next) }),
    )
    expect(decodeJwt(refreshed)).toMatchObject({ user_id: user.userId })
  })

  it('answers the identical request again with the same session (idempotent), and refuses the body under another stamp with 16', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    const headers = await xStamp(user.clientKey, body)
    const session = await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers }))
    clock.advance(1000)
    expect(await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers }))).toBe(session)
    expect(Object.keys(proxy.state.sessions)).toHaveLength(1)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', body, user.clientKey),
      16,
      /^request body: already submitted \(activity [0-9a-f-]{36} at 2030-01-01T00:00:00\.000Z\); a replay with another stamp is refused/,
    )
  })

  it('answers a passkey-stamped request sent again identically without a second prompt (the same assertion)', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = stampLoginBody(DEMO_ORGANIZATION_ID, (await createTestClientKey()).publicKey, clock)
    const headers = { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) }
    const session = await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers }))
    expect(await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers }))).toBe(session)
  })

  it('accepts only one of two identical requests sent at once', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = stampLoginBody(DEMO_ORGANIZATION_ID, (await createTestClientKey()).publicKey, clock)
    const headers = { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) }
    const answers = await Promise.all([
      callPublic(proxy, 'submit/stamp_login', body, { headers }),
      callPublic(proxy, 'submit/stamp_login', body, { headers }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
    expect(Object.keys(proxy.state.sessions)).toHaveLength(1)
    expect(Object.keys(proxy.state.activities)).toHaveLength(1)
  })

  it.each([
    [
      'an hour old',
      -STAMP_MAX_AGE_MS,
      /^timestampMs: 2029-12-31T23:00:00\.000Z is 3600 s before the API's clock \(2030-01-01T00:00:00\.000Z\); a request's timestamp must be less than 60 minutes old and at most 5 minutes ahead$/,
    ],
    [
      'from the future',
      STAMP_MAX_AHEAD_MS + 1000,
      /^timestampMs: 2030-01-01T00:05:01\.000Z is 301 s after the API's clock/,
    ],
  ])('refuses a %s timestampMs with 16, the stamp itself being valid', async (_name, offset, message) => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = envelope(
      'ACTIVITY_TYPE_STAMP_LOGIN',
      user.organizationId,
      { publicKey: (await createTestClientKey()).publicKey },
      clock.now() + offset,
    )
    await expectRefused(proxy, () => stampedCall(proxy, 'submit/stamp_login', body, user.clientKey), 16, message)
  })

  it.each([
    ['59 minutes old (production allows less than an hour)', -59 * 60_000],
    ['5 minutes ahead', STAMP_MAX_AHEAD_MS],
  ])('accepts a timestampMs %s', async (_name, offset) => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = envelope(
      'ACTIVITY_TYPE_STAMP_LOGIN',
      user.organizationId,
      { publicKey: (await createTestClientKey()).publicKey },
      clock.now() + offset,
    )
    await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers: await xStamp(user.clientKey, body) }))
  })

  it('accepts a timestampMs a few minutes off (the time a passkey prompt may take)', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = envelope(
      'ACTIVITY_TYPE_STAMP_LOGIN',
      user.organizationId,
      { publicKey: (await createTestClientKey()).publicKey },
      clock.now() - 4 * 60_000,
    )
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, {
        headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) },
      }),
    )
  })

  it('gives a signed-in email user a new session by their session key', async () => {
    const { proxy, clock } = setup()
    const user = await signedInEmailUser(proxy, 'ada@example.com')
    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    const session = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, { headers: await xStamp(user.sessionKey, body) }),
    )
    expect(decodeJwt(session)).toMatchObject({ user_id: user.userId, organization_id: user.organizationId })
  })

  describe('refresh: stamped by the live session key, for that same key', () => {
    it('gives a new session for the same user bound to the same key, and that session stamps', async () => {
      const { proxy, clock } = setup()
      const user = await signedInEmailUser(proxy, 'ada@example.com')
      clock.advance(600_000)
      const body = stampLoginBody(user.organizationId, user.sessionKey.publicKey, clock)
      const refreshed = await sessionOf(
        callPublic(proxy, 'submit/stamp_login', body, { headers: await xStamp(user.sessionKey, body) }),
      )
      const claims = decodeJwt(refreshed)
      expect(claims).toMatchObject({
        user_id: user.userId,
        organization_id: user.organizationId,
        public_key: user.sessionKey.publicKey,
        session_type: 'SESSION_TYPE_READ_WRITE',
        exp: Math.floor(clock.now() / 1000) + 900,
      })
      // Past the first session's end, the key still stamps: through the refreshed session.
      clock.advance(600_000)
      const query = JSON.stringify({ organizationId: user.organizationId })
      const answer = await callPublic(proxy, 'query/whoami', query, { headers: await xStamp(user.sessionKey, query) })
      expect(answer.body).toMatchObject({ userId: user.userId })
    })

    it("refuses an expired session's key with 16", async () => {
      const { proxy, clock } = setup()
      const user = await signedInEmailUser(proxy, 'ada@example.com')
      clock.advance(900_000)
      await expectOwnRefreshRefused(proxy, clock, user, 'expired at 2030-01-01T00:15:00.000Z')
    })

    it("refuses a revoked session's key with 16 (a later login with invalidateExisting)", async () => {
      const { proxy, clock } = setup()
      const user = await signedInEmailUser(proxy, 'ada@example.com')
      const other = await createTestClientKey()
      const login = stampLoginBody(user.organizationId, other.publicKey, clock, { invalidateExisting: true })
      await sessionOf(callPublic(proxy, 'submit/stamp_login', login, { headers: await xStamp(user.sessionKey, login) }))
      await expectOwnRefreshRefused(proxy, clock, user, 'was revoked at 2030-01-01T00:00:00.000Z')
    })

    it("refuses another organization's session key with 16", async () => {
      const { proxy, clock } = setup()
      const ada = await signedInEmailUser(proxy, 'ada@example.com')
      const bob = await signedInEmailUser(proxy, 'bob@example.com')
      const body = stampLoginBody(ada.organizationId, bob.sessionKey.publicKey, clock)
      await expectRefused(
        proxy,
        () => stampedCall(proxy, 'submit/stamp_login', body, bob.sessionKey),
        16,
        /^could not find public key in organization/,
      )
    })

    it("refuses a read-only session's key with 7: a login is an activity", async () => {
      const { proxy, clock } = setup()
      const ada = await signedInEmailUser(proxy, 'ada@example.com')
      const readOnlyKey = await createTestClientKey()
      await proxy.issueSession({
        userId: ada.userId,
        publicKey: readOnlyKey.publicKey,
        sessionType: 'SESSION_TYPE_READ_ONLY',
      })
      const body = stampLoginBody(ada.organizationId, readOnlyKey.publicKey, clock)
      await expectRefused(
        proxy,
        () => stampedCall(proxy, 'submit/stamp_login', body, readOnlyKey),
        7,
        /^X-Stamp: stamped by the key of a SESSION_TYPE_READ_ONLY session/,
      )
    })
  })

  it.each<[string, (organizationId: string, publicKey: string, now: number) => string, string]>([
    [
      'another activity type',
      (org, key, now) => envelope('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', org, { publicKey: key }, now),
      'type: expected one of ACTIVITY_TYPE_STAMP_LOGIN, got "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2"',
    ],
    [
      'no timestampMs',
      (org, key) =>
        JSON.stringify({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', organizationId: org, parameters: { publicKey: key } }),
      'timestampMs: expected an integer (a number or a decimal string), got nothing',
    ],
    [
      'a bad session key',
      (org, _key, now) => envelope('ACTIVITY_TYPE_STAMP_LOGIN', org, { publicKey: '04abc' }, now),
      'parameters.publicKey: expected a compressed P-256 public key as 66 hex characters, got 5 characters (not hex)',
    ],
    [
      'a zero expirationSeconds',
      (org, key, now) => envelope('ACTIVITY_TYPE_STAMP_LOGIN', org, { publicKey: key, expirationSeconds: '0' }, now),
      'parameters.expirationSeconds: expected a number of seconds from 1 to 31536000, got 0',
    ],
  ])('refuses %s with 3 naming the field', async (_name, build, message) => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = build(user.organizationId, (await createTestClientKey()).publicKey, clock.now())
    await expectRefused(proxy, () => stampedCall(proxy, 'submit/stamp_login', body, user.clientKey), 3, message)
  })

  it('refuses an organization nobody knows with 5', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const body = stampLoginBody('no-such-org', (await createTestClientKey()).publicKey, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', body, user.clientKey),
      5,
      'organizationId: no organization "no-such-org" (neither a tenant\'s organization nor a sub-organization signed up under one)',
    )
  })
})
