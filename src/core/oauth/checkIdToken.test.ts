import { describe, expect, it } from 'vitest'
import { signJwt } from '../test/tokens'
import { checkIdToken } from './checkIdToken'

const NONCE = 'a'.repeat(64)
const CLIENT = 'google-client.apps.example'
const expected = { label: "completeOAuth: Google's id_token", nonce: NONCE, clientId: CLIENT }

describe('checkIdToken', () => {
  it('returns the claims of a token for this sign-in’s nonce and this client', async () => {
    const token = await signJwt({
      iss: 'https://accounts.google.com',
      sub: '1',
      aud: CLIENT,
      nonce: NONCE,
      email: 'ada@example.com',
    })
    expect(checkIdToken(token, expected)).toMatchObject({ sub: '1', email: 'ada@example.com' })
  })

  it('accepts an audience list that holds the client id', async () => {
    const token = await signJwt({ aud: ['other-app', CLIENT], nonce: NONCE })
    expect(checkIdToken(token, expected).aud).toEqual(['other-app', CLIENT])
  })

  it('refuses a token with another nonce, or none, naming the nonce', async () => {
    const other = await signJwt({ aud: CLIENT, nonce: 'b'.repeat(64) })
    expect(() => checkIdToken(other, expected)).toThrow(
      expect.objectContaining({
        code: 'OAUTH_PROVIDER_ERROR',
        message:
          "completeOAuth: Google's id_token has another sign-in’s nonce: it is not for this sign-in’s key, and is not sent on",
      }),
    )
    const none = await signJwt({ aud: CLIENT })
    expect(() => checkIdToken(none, expected)).toThrow(/has no nonce/)
  })

  it('refuses a token for another app, naming its audience and the client id', async () => {
    const token = await signJwt({ aud: 'someone-elses-client', nonce: NONCE })
    expect(() => checkIdToken(token, expected)).toThrow(
      expect.objectContaining({
        code: 'OAUTH_PROVIDER_ERROR',
        message: `completeOAuth: Google's id_token is for another app: its aud "someone-elses-client" is not the client id "${CLIENT}"`,
      }),
    )
  })

  it('refuses what is not a JWT', () => {
    expect(() => checkIdToken('not-a-jwt', expected)).toThrow(
      expect.objectContaining({
        code: 'OAUTH_PROVIDER_ERROR',
        message: expect.stringMatching(/^completeOAuth: Google's id_token is not a JWT/),
      }),
    )
  })
})
