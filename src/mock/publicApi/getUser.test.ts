import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { createTestClientKey } from '../testing/clientKey'
import { START, setup } from '../testing/harness'
import { oauthSignUp } from '../testing/oauth'
import { passkeySignUp, signedInEmailUser, stampLoginBody, sessionOf, stampedCall } from '../testing/publicApi'

const at = (ms: number) => ({ seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) })

describe('get_user', () => {
  it("answers production's v1User for the session's own user: contact, no secrets, protobuf times", async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'Ada@Example.com')
    const body = JSON.stringify({ organizationId: ada.organizationId, userId: ada.userId })
    const answer = await stampedCall(proxy, 'query/get_user', body, ada.sessionKey)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      user: {
        userId: ada.userId,
        userName: '',
        userEmail: 'ada@example.com',
        authenticators: [],
        apiKeys: [],
        userTags: [],
        oauthProviders: [],
        createdAt: at(START),
        updatedAt: at(START),
        mfaPolicies: [],
      },
    })
  })

  it('lists passkeys with their compressed P-256 key and API keys with their credential type', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy, { userName: 'Grace' })
    // A session for the passkey user, stamped by the sign-up API key.
    const sessionKey = await createTestClientKey()
    const login = stampLoginBody(user.organizationId, sessionKey.publicKey, clock)
    await sessionOf(stampedCall(proxy, 'submit/stamp_login', login, user.clientKey))
    const body = JSON.stringify({ organizationId: user.organizationId, userId: user.userId })
    const answer = await stampedCall(proxy, 'query/get_user', body, sessionKey)
    const stored = proxy.state.users[user.userId]?.authenticators[0]
    expect(answer.body).toMatchObject({
      user: {
        userName: 'Grace',
        authenticators: [
          {
            authenticatorId: stored?.authenticatorId,
            authenticatorName: 'laptop',
            credentialId: user.credentialId,
            attestationType: 'none',
            credential: {
              publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
              type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
            },
          },
        ],
        apiKeys: [
          {
            apiKeyName: 'sign-up key',
            credential: { publicKey: user.clientKey.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
            expirationSeconds: '60',
          },
        ],
      },
    })
    const publicKey = (answer.body as { user: { authenticators: { credential: { publicKey: string } }[] } }).user
      .authenticators[0]?.credential.publicKey
    expect(() => p256.Point.fromHex(publicKey ?? '')).not.toThrow()
  })

  it("names a linked OAuth identity by issuer, subject and audience (production's v1OauthProvider)", async () => {
    const { proxy, clock } = setup()
    const ada = await oauthSignUp(proxy, 'google', 'Ada Lovelace')
    const sessionKey = await createTestClientKey()
    const session = await proxy.issueSession({ userId: ada.userId, publicKey: sessionKey.publicKey })
    expect(session).toMatch(/^ey/)
    const body = JSON.stringify({ organizationId: ada.organizationId, userId: ada.userId })
    const answer = await stampedCall(proxy, 'query/get_user', body, sessionKey)
    expect(answer.body).toMatchObject({
      user: {
        oauthProviders: [
          {
            providerId: expect.any(String),
            providerName: 'google',
            issuer: 'https://accounts.google.com',
            audience: 'demo-google-client',
            subject: proxy.state.users[ada.userId]?.oauthProviders[0]?.subject,
            createdAt: at(clock.now()),
            updatedAt: at(clock.now()),
          },
        ],
      },
    })
  })

  it('answers 5 for a user not in the organization, also one of another organization', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    for (const userId of ['no-such-user', bob.userId]) {
      const body = JSON.stringify({ organizationId: ada.organizationId, userId })
      const answer = await stampedCall(proxy, 'query/get_user', body, ada.sessionKey)
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({
        code: 5,
        message: `userId: no user "${userId}" in organization "${ada.organizationId}"`,
        details: [],
      })
    }
  })

  it('refuses a body without userId with 3', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = JSON.stringify({ organizationId: ada.organizationId })
    const answer = await stampedCall(proxy, 'query/get_user', body, ada.sessionKey)
    expect(answer.body).toMatchObject({ code: 3, message: 'userId: expected a string, got nothing' })
  })
})
