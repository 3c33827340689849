import { describe, expect, it } from 'vitest'
import { webAuthnStamp, type WebAuthnAssertion } from './webAuthnStamp'

const ASSERTION: WebAuthnAssertion & { rawId: string; type: string } = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key',
  response: {
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    signature: 'MEUCIQDx',
  },
}

describe('webAuthnStamp (X-Stamp-WebAuthn)', () => {
  it('is the JSON text of the four base64url members, in this order and spelling', () => {
    expect(webAuthnStamp(ASSERTION)).toBe(
      '{"authenticatorData":"SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ","clientDataJson":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0","credentialId":"Y3JlZGVudGlhbC0x","signature":"MEUCIQDx"}',
    )
  })

  it('leaves out everything else of the assertion (userHandle, type)', () => {
    const stamp = JSON.parse(
      webAuthnStamp({ ...ASSERTION, response: { ...ASSERTION.response, userHandle: 'dXNlcg' } as never }),
    ) as object
    expect(Object.keys(stamp)).toEqual(['authenticatorData', 'clientDataJson', 'credentialId', 'signature'])
  })

  it('refuses a member that is missing or not base64url, naming it', () => {
    expect(() => webAuthnStamp({ ...ASSERTION, id: '' })).toThrow(
      /webAuthnStamp\(assertion\): credentialId: expected base64url text/,
    )
    expect(() => webAuthnStamp({ ...ASSERTION, response: { ...ASSERTION.response, signature: 'MEU+/w==' } })).toThrow(
      /signature/,
    )
    expect(() => webAuthnStamp({ id: 'x' } as WebAuthnAssertion)).toThrow(/expected a WebAuthn assertion/)
  })
})
