import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import { assertNonEmptyString, invalidArgument } from '../assert'
import { base64urlEncode } from '../encoding'
import type { SignupAuthenticator } from '../types'
import { toAuthenticatorTransports } from './authenticatorTransports'
import { toPasskeyError } from './passkeyError'
import { loadWebAuthn, type WebAuthnModule } from './webAuthnModule'
import { KitError } from '../errors'

export interface CreatePasskeyParameters {
  /** The relying party: a registrable domain of the page. Default: the page's own host, as WebAuthn defaults. */
  rpId?: string | undefined
  /** The site's name, shown by some browsers in the prompt. */
  rpName: string
  /** Shown in the passkey picker to tell accounts apart: an email or a handle the person recognises. */
  userName: string
  /** Default userName. */
  userDisplayName?: string | undefined
  /** How the account lists this passkey. Default 'Passkey'. */
  authenticatorName?: string | undefined
  /** base64url; default 32 random bytes. The API checks the attestation was made over it. */
  challenge?: string | undefined
  /** How long the browser prompt may stay open, ms. Default 300 000. */
  timeoutMs?: number | undefined
  /** Default @simplewebauthn/browser, loaded now; tests inject a fake. */
  webauthn?: WebAuthnModule | undefined
}

export type CreatePasskeyReturnType = SignupAuthenticator

const DEFAULT_TIMEOUT_MS = 300_000
const BASE64URL = /^[A-Za-z0-9_-]+$/

/**
 * Registers a new passkey and returns it as the API's authenticator input (signup's
 * `authenticators[]`, create_authenticators' `authenticators[]`). It is discoverable (resident key
 * required), so that login needs no user name; ES256 first, RS256 for Windows Hello.
 *
 * Attestation is 'none': the API trusts any authenticator (it keeps no list of approved makers), and
 * asking for 'direct' only adds a privacy prompt in Firefox and with security keys. The attestation
 * object still carries the signed credential public key the API verifies.
 *
 * Errors: PASSKEY_UNSUPPORTED (no WebAuthn), PASSKEY_CANCELLED (prompt closed or timed out),
 * PASSKEY_FAILED (anything else; `cause` holds the browser's error).
 */
export async function createPasskey(parameters: CreatePasskeyParameters): Promise<CreatePasskeyReturnType> {
  const label = 'createPasskey'
  if (typeof parameters !== 'object' || parameters === null) {
    throw invalidArgument('createPasskey(parameters)', 'an object', parameters)
  }
  const { rpId, rpName, userName, authenticatorName = 'Passkey', timeoutMs = DEFAULT_TIMEOUT_MS } = parameters
  const userDisplayName = parameters.userDisplayName ?? userName
  if (rpId !== undefined) assertNonEmptyString(rpId, 'createPasskey({ rpId })')
  assertNonEmptyString(rpName, 'createPasskey({ rpName })')
  assertNonEmptyString(userName, 'createPasskey({ userName })')
  assertNonEmptyString(userDisplayName, 'createPasskey({ userDisplayName })')
  assertNonEmptyString(authenticatorName, 'createPasskey({ authenticatorName })')
  if (
    parameters.challenge !== undefined &&
    (typeof parameters.challenge !== 'string' || !BASE64URL.test(parameters.challenge))
  ) {
    throw invalidArgument('createPasskey({ challenge })', 'base64url text', parameters.challenge)
  }
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw invalidArgument('createPasskey({ timeoutMs })', 'a positive integer (ms)', timeoutMs)
  }
  const challenge = parameters.challenge ?? randomBase64url(32)

  const webauthn = await loadWebAuthn(parameters.webauthn)
  if (!webauthn.browserSupportsWebAuthn()) {
    throw new KitError('PASSKEY_UNSUPPORTED', `${label}: this browser has no WebAuthn (PublicKeyCredential)`)
  }
  const optionsJSON: PublicKeyCredentialCreationOptionsJSON = {
    rp: rpId === undefined ? { name: rpName } : { id: rpId, name: rpName },
    // A random handle, not the account id: WebAuthn user handles must not identify the person, and a
    // fresh one per passkey keeps a second passkey on the same device from replacing the first.
    user: { id: randomBase64url(32), name: userName, displayName: userDisplayName },
    challenge,
    pubKeyCredParams: [
      { type: 'public-key', alg: -7 }, // ES256
      { type: 'public-key', alg: -257 }, // RS256
    ],
    timeout: timeoutMs,
    // requireResidentKey as well as residentKey: browsers from before WebAuthn level 2 read only the former.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    attestation: 'none',
  }

  let registration: RegistrationResponseJSON
  try {
    registration = await webauthn.startRegistration({ optionsJSON })
  } catch (error) {
    throw toPasskeyError(error, label)
  }
  return toAuthenticator(registration, authenticatorName, challenge, label)
}

function toAuthenticator(
  registration: RegistrationResponseJSON,
  authenticatorName: string,
  challenge: string,
  label: string,
): SignupAuthenticator {
  const response = registration?.response
  const credentialId = registration?.rawId ?? registration?.id
  const fields = {
    credentialId,
    clientDataJSON: response?.clientDataJSON,
    attestationObject: response?.attestationObject,
  }
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || !BASE64URL.test(value)) {
      throw new KitError('PASSKEY_FAILED', `${label}: the browser's registration has no base64url ${name}`)
    }
  }
  return {
    authenticatorName,
    challenge,
    attestation: {
      credentialId: fields.credentialId as string,
      clientDataJson: fields.clientDataJSON as string,
      attestationObject: fields.attestationObject as string,
      transports: toAuthenticatorTransports(response.transports),
    },
  }
}

function randomBase64url(byteLength: number): string {
  return base64urlEncode(crypto.getRandomValues(new Uint8Array(byteLength)))
}
