import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { createTestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { setup } from '../testing/harness'
import {
  callPublic,
  signedInEmailUser,
  stampedCall,
  xStamp,
  type PublicRoute,
  type SignedInUser,
} from '../testing/publicApi'

/** Each signed-in query, with a body for `user`'s organization (or another organization named). */
const QUERIES: [PublicRoute, (user: SignedInUser, organizationId?: string) => string][] = [
  [
    'query/get_user',
    (user, organizationId = user.organizationId) => JSON.stringify({ organizationId, userId: user.userId }),
  ],
  ['query/list_wallets', (user, organizationId = user.organizationId) => JSON.stringify({ organizationId })],
  ['query/list_wallet_accounts', (user, organizationId = user.organizationId) => JSON.stringify({ organizationId })],
]

describe.each(QUERIES)('%s', (route, bodyFor) => {
  it('answers a live session key of the organization', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    expect((await stampedCall(proxy, route, bodyFor(ada), ada.sessionKey)).status).toBe(200)
  })

  it('refuses a request without a stamp with 16', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    await expectRefused(
      proxy,
      () => callPublic(proxy, route, bodyFor(ada), { headers: {} }),
      16,
      /^X-Stamp: missing; stamp the request/,
    )
  })

  it("refuses another organization's session key with 16, as production (the key is not found there)", async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const body = bodyFor(ada)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, route, body, bob.sessionKey),
      16,
      /^could not find public key in organization or its parent organization; X-Stamp: publicKey [0-9a-f]{66} is not an API key or session key of a user in organization/,
    )
  })

  it("refuses a session naming the tenant's parent organization with 7: a session reaches only its own organization", async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = bodyFor(ada, DEMO_ORGANIZATION_ID)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, route, body, ada.sessionKey),
      7,
      `organizationId: "${DEMO_ORGANIZATION_ID}" is not the organization of the stamping user (theirs is "${ada.organizationId}"); a session reaches only its own organization`,
    )
  })

  it('refuses an expired session key with 16', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    clock.advance(900_000)
    const body = bodyFor(ada)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, route, body, ada.sessionKey),
      16,
      /: its session expired at 2030-01-01T00:15:00\.000Z$/,
    )
  })

  it('answers a read-only session key: queries are what it may stamp', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const readOnlyKey = await createTestClientKey()
    const token = await proxy.issueSession({
      userId: ada.userId,
      publicKey: readOnlyKey.publicKey,
      sessionType: 'SESSION_TYPE_READ_ONLY',
    })
    expect(decodeJwt(token)).toMatchObject({
      session_type: 'SESSION_TYPE_READ_ONLY',
      user_id: ada.userId,
      public_key: readOnlyKey.publicKey,
    })
    expect((await stampedCall(proxy, route, bodyFor(ada), readOnlyKey)).status).toBe(200)
  })

  it('refuses a replayed request (the same body and stamp) with 16; a fresh stamp of the same body is answered', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = bodyFor(ada)
    const headers = await xStamp(ada.sessionKey, body)
    expect((await callPublic(proxy, route, body, { headers })).status).toBe(200)
    await expectRefused(
      proxy,
      () => callPublic(proxy, route, body, { headers }),
      16,
      /^X-Stamp: this signature already stamped a query at 2030-01-01T00:00:00\.000Z; a replay is refused/,
    )
    expect((await stampedCall(proxy, route, body, ada.sessionKey)).status).toBe(200)
  })

  it('answers only one of two identical requests sent at once', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = bodyFor(ada)
    const headers = await xStamp(ada.sessionKey, body)
    const answers = await Promise.all([
      callPublic(proxy, route, body, { headers }),
      callPublic(proxy, route, body, { headers }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
  })
})

describe('issueSession', () => {
  it('refuses an unknown user, a bad key, type or length with a TypeError naming the option', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const key = (await createTestClientKey()).publicKey
    await expect(proxy.issueSession({ userId: 'nobody', publicKey: key })).rejects.toThrow(
      'issueSession: userId: no user "nobody"',
    )
    await expect(proxy.issueSession({ userId: ada.userId, publicKey: 'abc' })).rejects.toThrow(
      /^issueSession: publicKey: expected a P-256 public key/,
    )
    await expect(
      proxy.issueSession({
        userId: ada.userId,
        publicKey: key,
        sessionType: 'SESSION_TYPE_ADMIN' as 'SESSION_TYPE_READ_ONLY',
      }),
    ).rejects.toThrow(
      'issueSession: sessionType: expected one of SESSION_TYPE_READ_WRITE, SESSION_TYPE_READ_ONLY, got "SESSION_TYPE_ADMIN"',
    )
    await expect(proxy.issueSession({ userId: ada.userId, publicKey: key, expirationSeconds: 0 })).rejects.toThrow(
      'issueSession: expirationSeconds: expected a whole number of seconds >= 1, got 0',
    )
  })

  it('issues a read-write session by default, for the given length, recorded as a login would', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const key = (await createTestClientKey()).publicKey
    const token = await proxy.issueSession({ userId: ada.userId, publicKey: key, expirationSeconds: 60 })
    const claims = decodeJwt(token)
    expect(claims).toMatchObject({
      session_type: 'SESSION_TYPE_READ_WRITE',
      organization_id: ada.organizationId,
      exp: clock.now() / 1000 + 60,
    })
    expect(proxy.state.sessions[String(claims.jti)]).toMatchObject({
      publicKey: key,
      sessionType: 'SESSION_TYPE_READ_WRITE',
    })
  })
})
