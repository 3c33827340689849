import type { AuthenticationResponseJSON } from '@simplewebauthn/browser'
import { describe, expect, it } from 'vitest'
import { stampChallenge } from '../stamp/stampChallenge'
import { getPasskeyAssertion } from './getPasskeyAssertion'
import { passkeyStamper } from './passkeyStamper'
import type { WebAuthnModule } from './webAuthnModule'
import { failure } from '../test/failure'

type AuthenticationOptions = Parameters<WebAuthnModule['startAuthentication']>[0]

const BODY = '{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"1","organizationId":"org-1","parameters":{}}'
const ASSERTION: AuthenticationResponseJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    authenticatorData: 'YXV0aERhdGE',
    clientDataJSON: 'Y2xpZW50RGF0YQ',
    signature: 'c2lnbmF0dXJl',
    userHandle: 'dXNlcg',
  },
}

function fakeWebAuthn(result: AuthenticationResponseJSON | Error = ASSERTION, supported = true) {
  const calls: AuthenticationOptions[] = []
  const webauthn: WebAuthnModule = {
    browserSupportsWebAuthn: () => supported,
    startRegistration: async () => {
      throw new Error('not expected')
    },
    startAuthentication: async (options) => {
      calls.push(options)
      if (result instanceof Error) throw result
      return result
    },
  }
  return { webauthn, calls }
}

describe('getPasskeyAssertion', () => {
  it("asks for an assertion over the body's stamp challenge, user verification preferred", async () => {
    const { webauthn, calls } = fakeWebAuthn()
    const assertion = await getPasskeyAssertion({ body: BODY, rpId: 'example.com', webauthn })
    expect(assertion).toBe(ASSERTION)
    expect(calls).toEqual([
      {
        optionsJSON: {
          challenge: (await stampChallenge(BODY)).challenge,
          rpId: 'example.com',
          timeout: 300_000,
          userVerification: 'preferred',
        },
      },
    ])
  })

  it('offers only the given credentials, and leaves rpId to the browser when none is given', async () => {
    const { webauthn, calls } = fakeWebAuthn()
    await getPasskeyAssertion({ body: BODY, allowCredentials: ['Y3JlZC0x', 'Y3JlZC0y'], webauthn })
    expect(calls[0]?.optionsJSON).toEqual({
      challenge: (await stampChallenge(BODY)).challenge,
      timeout: 300_000,
      userVerification: 'preferred',
      allowCredentials: [
        { id: 'Y3JlZC0x', type: 'public-key' },
        { id: 'Y3JlZC0y', type: 'public-key' },
      ],
    })
  })

  it('PASSKEY_UNSUPPORTED without WebAuthn, PASSKEY_CANCELLED when the prompt is closed', async () => {
    const unsupported = fakeWebAuthn(ASSERTION, false)
    expect((await failure(getPasskeyAssertion({ body: BODY, webauthn: unsupported.webauthn }))).code).toBe(
      'PASSKEY_UNSUPPORTED',
    )
    expect(unsupported.calls).toHaveLength(0)

    const closed = Object.assign(new Error('not allowed'), {
      name: 'NotAllowedError',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    })
    const error = await failure(getPasskeyAssertion({ body: BODY, webauthn: fakeWebAuthn(closed).webauthn }))
    expect(error.code).toBe('PASSKEY_CANCELLED')
    expect(error.userMessage).toMatch(/cancelled or timed out/)
  })

  it('PASSKEY_FAILED for an UnknownError from the authenticator', async () => {
    const thrown = Object.assign(new Error('authenticator failed'), {
      name: 'UnknownError',
      code: 'ERROR_AUTHENTICATOR_GENERAL_ERROR',
    })
    const error = await failure(getPasskeyAssertion({ body: BODY, webauthn: fakeWebAuthn(thrown).webauthn }))
    expect(error.code).toBe('PASSKEY_FAILED')
    expect(error.cause).toBe(thrown)
  })

  it('refuses a body that is not text and bad credential ids', async () => {
    const { webauthn, calls } = fakeWebAuthn()
    await expect(getPasskeyAssertion({ body: undefined as unknown as string, webauthn })).rejects.toThrow(
      /stampChallenge\(body\)/,
    )
    await expect(getPasskeyAssertion({ body: BODY, allowCredentials: [''], webauthn })).rejects.toThrow(
      /\{ allowCredentials \}/,
    )
    expect(calls).toHaveLength(0)
  })
})

describe('passkeyStamper', () => {
  it('answers the X-Stamp-WebAuthn header of an assertion over the body, and reports the assertion', async () => {
    const { webauthn, calls } = fakeWebAuthn()
    const seen: AuthenticationResponseJSON[] = []
    const stamper = passkeyStamper({ rpId: 'example.com', webauthn, onAssertion: (assertion) => seen.push(assertion) })
    expect(await stamper(BODY)).toEqual({
      stampHeaderName: 'X-Stamp-WebAuthn',
      stampHeaderValue:
        '{"authenticatorData":"YXV0aERhdGE","clientDataJson":"Y2xpZW50RGF0YQ","credentialId":"Y3JlZC0x","signature":"c2lnbmF0dXJl"}',
    })
    expect(calls[0]?.optionsJSON.challenge).toBe((await stampChallenge(BODY)).challenge)
    expect(seen).toEqual([ASSERTION])
  })
})
