import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import type { SignupAuthenticator } from '../../core/types'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { createTestClientKey, type TestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { setup } from '../testing/harness'
import {
  ORIGIN,
  apiKeyStamp,
  callPublic,
  envelope,
  passkeySignUp,
  sessionOf,
  signedInEmailUser,
  stampLoginBody,
} from '../testing/publicApi'
import { createSoftAuthenticator } from '../testing/softAuthenticator'
import type { MockAuthProxy } from '../types'

function addBody(organizationId: string, userId: string, authenticators: SignupAuthenticator[], now: number): string {
  return envelope('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', organizationId, { userId, authenticators }, now)
}

async function add(proxy: MockAuthProxy, body: string, key: TestClientKey, origin: string | null = ORIGIN) {
  return callPublic(proxy, 'submit/create_authenticators', body, {
    headers: { 'X-Stamp': await apiKeyStamp(key, body) },
    origin,
  })
}

describe('create_authenticators', () => {
  it("adds a passkey to a signed-in email user, stamped by the session's key; the passkey then logs in", async () => {
    const { proxy, clock } = setup()
    const user = await signedInEmailUser(proxy, 'ada@example.com')
    const device = createSoftAuthenticator({ origin: ORIGIN })
    const passkey = await device.register({ authenticatorName: 'phone' })
    const body = addBody(user.organizationId, user.userId, [passkey], clock.now())
    const answer = await add(proxy, body, user.sessionKey)

    expect(answer.status).toBe(200)
    const stored = proxy.state.users[user.userId]?.authenticators
    expect(stored).toMatchObject([
      { credentialId: passkey.attestation.credentialId, authenticatorName: 'phone', rpId: 'localhost' },
    ])
    expect(answer.body).toEqual({
      activity: expect.objectContaining({
        organizationId: user.organizationId,
        status: 'ACTIVITY_STATUS_COMPLETED',
        type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
        intent: { createAuthenticatorsIntentV2: { userId: user.userId, authenticators: [passkey] } },
        result: { createAuthenticatorsResult: { authenticatorIds: [stored?.[0]?.authenticatorId] } },
        votes: [],
        canApprove: false,
        canReject: false,
      }),
    })
    expect(Object.values(proxy.state.activities)).toMatchObject([
      { type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', stampedWith: 'SESSION' },
    ])

    const sessionKey = await createTestClientKey()
    const login = stampLoginBody(DEMO_ORGANIZATION_ID, sessionKey.publicKey, clock)
    const session = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', login, { headers: { 'X-Stamp-WebAuthn': await device.stamp(login) } }),
    )
    expect(decodeJwt(session)).toMatchObject({
      user_id: user.userId,
      organization_id: user.organizationId,
      public_key: sessionKey.publicKey,
    })
  })

  it('adds a second passkey to a passkey user, stamped by the first passkey', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const second = await createSoftAuthenticator({ origin: ORIGIN }).register()
    const body = addBody(user.organizationId, user.userId, [second], clock.now())
    const answer = await callPublic(proxy, 'submit/create_authenticators', body, {
      headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) },
    })
    expect(answer.status).toBe(200)
    expect(proxy.state.users[user.userId]?.authenticators.map((a) => a.credentialId)).toEqual([
      user.credentialId,
      second.attestation.credentialId,
    ])
  })

  it("refuses a stamp by another user's session with 7, and an unknown user with 5", async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
    // Bob's key in Ada's organization is not a credential there at all.
    await expectRefused(
      proxy,
      () => add(proxy, addBody(ada.organizationId, ada.userId, [passkey], clock.now()), bob.sessionKey),
      16,
      `could not find public key in organization or its parent organization; X-Stamp: publicKey ${bob.sessionKey.publicKey} is not an API key or session key of a user in organization "${ada.organizationId}"`,
    )
    // Named through the parent organization, both are in scope: Bob may still not add to Ada's account.
    await expectRefused(
      proxy,
      () => add(proxy, addBody(DEMO_ORGANIZATION_ID, ada.userId, [passkey], clock.now()), bob.sessionKey),
      7,
      "parameters.userId: the request is stamped by another user's credential; a user adds passkeys to their own account only",
    )
    await expectRefused(
      proxy,
      () => add(proxy, addBody(ada.organizationId, 'no-such-user', [passkey], clock.now()), ada.sessionKey),
      5,
      `parameters.userId: no user "no-such-user" in organization "${ada.organizationId}"`,
    )
  })

  it('refuses a forged attestation with 16 and a passkey already registered with 6', async () => {
    const { proxy, clock } = setup()
    const user = await signedInEmailUser(proxy, 'ada@example.com')
    const other = await passkeySignUp(proxy)
    const forged = await createSoftAuthenticator({ origin: 'https://evil.test' }).register()
    await expectRefused(
      proxy,
      () => add(proxy, addBody(user.organizationId, user.userId, [forged], clock.now()), user.sessionKey),
      16,
      /^parameters\.authenticators\[0\]\.attestation: does not verify \(Unexpected registration response origin "https:\/\/evil\.test", expected "http:\/\/localhost:5173"\)/,
    )
    const [taken] = other.request.authenticators as [SignupAuthenticator]
    await expectRefused(
      proxy,
      () => add(proxy, addBody(user.organizationId, user.userId, [taken], clock.now()), user.sessionKey),
      6,
      'parameters.authenticators[0].attestation.credentialId: this passkey is already registered to an account; log in with it instead',
    )
  })

  it('refuses an expired session key with 16, no authenticators or no Origin with 3', async () => {
    const { proxy, clock } = setup()
    const user = await signedInEmailUser(proxy, 'ada@example.com')
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
    await expectRefused(
      proxy,
      () => add(proxy, addBody(user.organizationId, user.userId, [], clock.now()), user.sessionKey),
      3,
      'parameters.authenticators: expected at least one authenticator',
    )
    await expectRefused(
      proxy,
      () => add(proxy, addBody(user.organizationId, user.userId, [passkey], clock.now()), user.sessionKey, null),
      3,
      'Origin header (required with parameters.authenticators): missing; the page a passkey was used on is checked against it (a browser always sends it)',
    )
    clock.advance(900_000)
    await expectRefused(
      proxy,
      () => add(proxy, addBody(user.organizationId, user.userId, [passkey], clock.now()), user.sessionKey),
      16,
      /its session expired at 2030-01-01T00:15:00\.000Z$/,
    )
  })
})
