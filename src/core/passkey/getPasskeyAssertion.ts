import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { assertNonEmptyString, invalidArgument } from '../assert'
import { stampChallenge } from '../stamp/stampChallenge'
import { toPasskeyError } from './passkeyError'
import { loadWebAuthn, type WebAuthnModule } from './webAuthnModule'
import { KitError } from '../errors'

export interface GetPasskeyAssertionParameters {
  /** Default: the page's own host, as WebAuthn defaults. Must match the rpId the passkey was made for. */
  rpId?: string | undefined
  /** The exact request body text the assertion vouches for (its challenge is derived from it). */
  body: string
  /** Credential ids (base64url) to offer; default none, so the browser offers every passkey for the site. */
  allowCredentials?: string[] | undefined
  /** How long the browser prompt may stay open, ms. Default 300 000. */
  timeoutMs?: number | undefined
  /** Default @simplewebauthn/browser, loaded now; tests inject a fake. */
  webauthn?: WebAuthnModule | undefined
}

export type GetPasskeyAssertionReturnType = AuthenticationResponseJSON

const DEFAULT_TIMEOUT_MS = 300_000

/**
 * Asks the person to use a passkey to vouch for `body`: a WebAuthn assertion whose challenge is
 * stampChallenge(body). Turn it into the X-Stamp-WebAuthn header with webAuthnStamp.
 *
 * Errors: PASSKEY_UNSUPPORTED, PASSKEY_CANCELLED (closed, timed out, or no passkey for this site),
 * PASSKEY_FAILED.
 */
export async function getPasskeyAssertion(
  parameters: GetPasskeyAssertionParameters,
): Promise<GetPasskeyAssertionReturnType> {
  const label = 'getPasskeyAssertion'
  if (typeof parameters !== 'object' || parameters === null) {
    throw invalidArgument('getPasskeyAssertion(parameters)', 'an object', parameters)
  }
  const { rpId, body, allowCredentials, timeoutMs = DEFAULT_TIMEOUT_MS } = parameters
  if (rpId !== undefined) assertNonEmptyString(rpId, 'getPasskeyAssertion({ rpId })')
  const { challenge } = await stampChallenge(body)
  if (
    allowCredentials !== undefined &&
    (!Array.isArray(allowCredentials) || !allowCredentials.every((id) => typeof id === 'string' && id !== ''))
  ) {
    throw invalidArgument(
      'getPasskeyAssertion({ allowCredentials })',
      'an array of credential ids (base64url)',
      allowCredentials,
    )
  }
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw invalidArgument('getPasskeyAssertion({ timeoutMs })', 'a positive integer (ms)', timeoutMs)
  }

  const webauthn = await loadWebAuthn(parameters.webauthn)
  if (!webauthn.browserSupportsWebAuthn()) {
    throw new KitError('PASSKEY_UNSUPPORTED', `${label}: this browser has no WebAuthn (PublicKeyCredential)`)
  }
  const optionsJSON: PublicKeyCredentialRequestOptionsJSON = {
    challenge,
    timeout: timeoutMs,
    userVerification: 'preferred',
  }
  if (rpId !== undefined) optionsJSON.rpId = rpId
  if (allowCredentials !== undefined && allowCredentials.length > 0) {
    optionsJSON.allowCredentials = allowCredentials.map((id) => ({ id, type: 'public-key' }))
  }

  let assertion: AuthenticationResponseJSON
  try {
    assertion = await webauthn.startAuthentication({ optionsJSON })
  } catch (error) {
    throw toPasskeyError(error, label)
  }
  if (typeof assertion?.id !== 'string' || typeof assertion.response !== 'object' || assertion.response === null) {
    throw new KitError('PASSKEY_FAILED', `${label}: the browser's assertion has no credential id or response`)
  }
  return assertion
}
