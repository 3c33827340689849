import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { createTestClientKey } from '../testing/clientKey'
import { call, ok, setup, signedLogin, signedSignup, verifyEmail } from '../testing/harness'
import { apiKeyStamp, callPublic, passkeySignUp, signedInEmailUser } from '../testing/publicApi'

describe('whoami', () => {
  it("answers the user whose session key stamped the request, with their name and their sub-organization's", async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const { organizationId, userId } = await ok<{ organizationId: string; userId: string }>(
      call(proxy, 'signup', {
        ...(await signedSignup('ada@example.com', verified)),
        userName: 'Ada',
        organizationName: "Ada's org",
      }),
    )
    const sessionKey = await createTestClientKey()
    await ok(
      call(proxy, 'otp_login', await signedLogin(await verifyEmail(proxy, 'ada@example.com'), sessionKey.publicKey)),
    )
    const body = JSON.stringify({ organizationId })
    expect(
      await ok(
        callPublic(proxy, 'query/whoami', body, { headers: { 'X-Stamp': await apiKeyStamp(sessionKey, body) } }),
      ),
    ).toEqual({
      organizationId,
      organizationName: "Ada's org",
      userId,
      username: 'Ada',
    })
    // Unnamed ones answer empty names.
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const bobs = JSON.stringify({ organizationId: bob.organizationId })
    expect(
      await ok(
        callPublic(proxy, 'query/whoami', bobs, { headers: { 'X-Stamp': await apiKeyStamp(bob.sessionKey, bobs) } }),
      ),
    ).toEqual({
      organizationId: bob.organizationId,
      organizationName: '',
      userId: bob.userId,
      username: '',
    })
  })

  it('answers the sub-organization of a passkey used against the parent organization, and counts the use', async () => {
    const { proxy } = setup()
    const user = await passkeySignUp(proxy, { userName: 'Grace' })
    const body = JSON.stringify({ organizationId: DEMO_ORGANIZATION_ID })
    const stamp = await user.authenticator.stamp(body)
    expect(await ok(callPublic(proxy, 'query/whoami', body, { headers: { 'X-Stamp-WebAuthn': stamp } }))).toEqual({
      organizationId: user.organizationId,
      organizationName: '',
      userId: user.userId,
      username: 'Grace',
    })
    expect(proxy.state.users[user.userId]?.authenticators[0]?.counter).toBe(1)
    // A query carries no timestamp: the counter is what stops the same assertion from being used twice.
    const replay = await callPublic(proxy, 'query/whoami', body, { headers: { 'X-Stamp-WebAuthn': stamp } })
    expect(replay.body).toMatchObject({
      code: 16,
      message: expect.stringMatching(/^X-Stamp-WebAuthn: signature counter 1 is not above 1/),
    })
  })

  it("refuses a key of another organization's user with 16", async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const stranger = await createTestClientKey()
    const body = JSON.stringify({ organizationId: ada.organizationId })
    const answer = await callPublic(proxy, 'query/whoami', body, {
      headers: { 'X-Stamp': await apiKeyStamp(stranger, body) },
    })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: 16 })
  })
})
