import type { RegistrationResponseJSON } from '@simplewebauthn/browser'
import { describe, expect, it } from 'vitest'
import { base64urlDecode } from '../encoding'
import { createPasskey, type CreatePasskeyParameters } from './createPasskey'
import type { WebAuthnModule } from './webAuthnModule'
import { failure } from '../test/failure'

type RegistrationOptions = Parameters<WebAuthnModule['startRegistration']>[0]

const REGISTRATION: RegistrationResponseJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVg',
    transports: ['hybrid', 'internal', 'cable'],
    publicKeyAlgorithm: -7,
  },
}

/** A WebAuthn module that records the options it gets and answers `result` (or throws it). */
function fakeWebAuthn(result: RegistrationResponseJSON | Error = REGISTRATION, supported = true) {
  const calls: RegistrationOptions[] = []
  const webauthn: WebAuthnModule = {
    browserSupportsWebAuthn: () => supported,
    startRegistration: async (options) => {
      calls.push(options)
      if (result instanceof Error) throw result
      return result
    },
    startAuthentication: async () => {
      throw new Error('not expected')
    },
  }
  return { webauthn, calls }
}

const BASE: CreatePasskeyParameters = { rpId: 'example.com', rpName: 'Example', userName: 'ada@example.com' }

/** Errors shaped like @simplewebauthn/browser's WebAuthnError: `name` is the DOMException's. */
function webAuthnError(name: string, code: string, message = 'from the browser'): Error {
  return Object.assign(new Error(message, { cause: new DOMException(message, name) }), { name, code })
}

describe('createPasskey: the registration options', () => {
  it('asks for a discoverable ES256/RS256 credential with user verification preferred and no attestation', async () => {
    const { webauthn, calls } = fakeWebAuthn()
    await createPasskey({ ...BASE, userDisplayName: 'Ada', challenge: 'Y2hhbGxlbmdl', webauthn })

    expect(calls).toHaveLength(1)
    const { optionsJSON } = calls[0]!
    expect(optionsJSON).toEqual({
      rp: { id: 'example.com', name: 'Example' },
      user: { id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), name: 'ada@example.com', displayName: 'Ada' },
      challenge: 'Y2hhbGxlbmdl',
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 300_000,
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      attestation: 'none',
    })
    expect(base64urlDecode(optionsJSON.user.id)).toHaveLength(32)
  })

  it('makes a fresh random 32-byte challenge and user id each time, and leaves rp.id to the browser when no rpId', async () => {
    const { webauthn, calls } = fakeWebAuthn()
    const first = await createPasskey({ rpName: 'Example', userName: 'ada', webauthn })
    const second = await createPasskey({ rpName: 'Example', userName: 'ada', webauthn })

    expect(calls[0]?.optionsJSON.rp).toEqual({ name: 'Example' })
    expect(calls[0]?.optionsJSON.user.displayName).toBe('ada')
    expect(base64urlDecode(first.challenge)).toHaveLength(32)
    expect(first.challenge).toBe(calls[0]?.optionsJSON.challenge)
    expect(second.challenge).not.toBe(first.challenge)
    expect(calls[1]?.optionsJSON.user.id).not.toBe(calls[0]?.optionsJSON.user.id)
  })
})

describe('createPasskey: the authenticator it returns', () => {
  it("is exactly the API's authenticator input, transports mapped", async () => {
    const { webauthn } = fakeWebAuthn()
    const authenticator = await createPasskey({
      ...BASE,
      authenticatorName: 'Laptop',
      challenge: 'Y2hhbGxlbmdl',
      webauthn,
    })
    expect(authenticator).toEqual({
      authenticatorName: 'Laptop',
      challenge: 'Y2hhbGxlbmdl',
      attestation: {
        credentialId: 'Y3JlZC0x',
        clientDataJson: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
        attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVg',
        transports: ['AUTHENTICATOR_TRANSPORT_HYBRID', 'AUTHENTICATOR_TRANSPORT_INTERNAL'],
      },
    })
    // The wire order of the keys, as the seed lists them.
    expect(JSON.stringify(authenticator)).toMatch(
      /^\{"authenticatorName":.*"challenge":.*"attestation":\{"credentialId":.*"clientDataJson":.*"attestationObject":.*"transports":/,
    )
  })

  it("names it 'Passkey' by default and sends no transports when the browser reports none", async () => {
    const { transports: _dropped, ...response } = REGISTRATION.response
    const { webauthn } = fakeWebAuthn({ ...REGISTRATION, response })
    const authenticator = await createPasskey({ ...BASE, webauthn })
    expect(authenticator.authenticatorName).toBe('Passkey')
    expect(authenticator.attestation.transports).toEqual([])
  })

  it('PASSKEY_FAILED for a registration without an attestation object', async () => {
    const { webauthn } = fakeWebAuthn({
      ...REGISTRATION,
      response: { ...REGISTRATION.response, attestationObject: '' },
    })
    const error = await failure(createPasskey({ ...BASE, webauthn }))
    expect(error.code).toBe('PASSKEY_FAILED')
    expect(error.message).toMatch(/attestationObject/)
  })
})

describe('createPasskey: errors', () => {
  it('PASSKEY_UNSUPPORTED without WebAuthn, before any prompt', async () => {
    const { webauthn, calls } = fakeWebAuthn(REGISTRATION, false)
    const error = await failure(createPasskey({ ...BASE, webauthn }))
    expect(error.code).toBe('PASSKEY_UNSUPPORTED')
    expect(error.userMessage).toMatch(/cannot use passkeys/)
    expect(calls).toHaveLength(0)
  })

  it('PASSKEY_UNSUPPORTED with the real @simplewebauthn/browser in Node, which has no PublicKeyCredential', async () => {
    const error = await failure(createPasskey(BASE))
    expect(error.code).toBe('PASSKEY_UNSUPPORTED')
  })

  it.each([
    [
      'the person closed the prompt (NotAllowedError)',
      webAuthnError('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'),
    ],
    ['another ceremony aborted this one', webAuthnError('AbortError', 'ERROR_CEREMONY_ABORTED')],
    [
      'a bare DOMException NotAllowedError',
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    ],
  ])('PASSKEY_CANCELLED when %s', async (_name, thrown) => {
    const { webauthn } = fakeWebAuthn(thrown)
    const error = await failure(createPasskey({ ...BASE, webauthn }))
    expect(error.code).toBe('PASSKEY_CANCELLED')
    expect(error.cause).toBe(thrown)
  })

  it('PASSKEY_FAILED with the cause and the WebAuthnError code for anything else', async () => {
    const thrown = webAuthnError(
      'SecurityError',
      'ERROR_INVALID_RP_ID',
      'The RP ID "example.com" is invalid for this domain',
    )
    const { webauthn } = fakeWebAuthn(thrown)
    const error = await failure(createPasskey({ ...BASE, webauthn }))
    expect(error.code).toBe('PASSKEY_FAILED')
    expect(error.cause).toBe(thrown)
    expect(error.message).toBe('createPasskey: ERROR_INVALID_RP_ID: The RP ID "example.com" is invalid for this domain')
  })

  it('refuses missing names and a challenge that is not base64url, before any prompt', async () => {
    const { webauthn, calls } = fakeWebAuthn()
    await expect(createPasskey({ ...BASE, rpName: '', webauthn })).rejects.toThrow(/createPasskey\(\{ rpName \}\)/)
    await expect(createPasskey({ ...BASE, userName: ' ', webauthn })).rejects.toThrow(/createPasskey\(\{ userName \}\)/)
    await expect(createPasskey({ ...BASE, challenge: 'a+b/', webauthn })).rejects.toThrow(
      /createPasskey\(\{ challenge \}\)/,
    )
    expect(calls).toHaveLength(0)
  })
})
