import { invalidArgument } from '../assert'

/**
 * The parts of a WebAuthn assertion a stamp needs, base64url as @simplewebauthn/browser's
 * startAuthentication returns them (its AuthenticationResponseJSON fits).
 */
export interface WebAuthnAssertion {
  /** The credential id, base64url. */
  id: string
  response: {
    authenticatorData: string
    clientDataJSON: string
    /** DER-encoded for ES256 credentials, as the authenticator produced it. */
    signature: string
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/**
 * The X-Stamp-WebAuthn header value: the JSON text
 * `{"authenticatorData":"…","clientDataJson":"…","credentialId":"…","signature":"…"}`. The
 * assertion must have been made over stampChallenge(body).challenge for the body it goes with.
 */
export function webAuthnStamp(assertion: WebAuthnAssertion): string {
  const label = 'webAuthnStamp(assertion)'
  if (
    typeof assertion !== 'object' ||
    assertion === null ||
    typeof assertion.response !== 'object' ||
    assertion.response === null
  ) {
    throw invalidArgument(label, 'a WebAuthn assertion (startAuthentication result)', assertion)
  }
  const { authenticatorData, clientDataJSON, signature } = assertion.response
  const parts = { authenticatorData, clientDataJson: clientDataJSON, credentialId: assertion.id, signature }
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value !== 'string' || !BASE64URL.test(value))
      throw invalidArgument(`${label}: ${name}`, 'base64url text', value)
  }
  return JSON.stringify(parts)
}
