// Passkey registrations (signup's and create_authenticators' `authenticators[]`): each attestation is
// verified for real with @simplewebauthn/server, the way the production API does, so that a passkey
// the mock accepts is one whose assertions it can later verify.
import {
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server'
import { base64url } from 'jose'
import type { AuthenticatorTransport, SignupAuthenticator } from '../core/types'
import { isoTime } from './endpoints/context'
import { MockError } from './http'
import { relyingParty } from './relyingParty'
import { tenantUsers } from './state'
import type { MockAuthenticator, MockState, ResolvedMockTenant } from './types'
import type { Fields } from './validate'

const TRANSPORTS: readonly AuthenticatorTransport[] = [
  'AUTHENTICATOR_TRANSPORT_BLE',
  'AUTHENTICATOR_TRANSPORT_INTERNAL',
  'AUTHENTICATOR_TRANSPORT_NFC',
  'AUTHENTICATOR_TRANSPORT_USB',
  'AUTHENTICATOR_TRANSPORT_HYBRID',
]

type WebAuthnTransport = NonNullable<RegistrationResponseJSON['response']['transports']>[number]

/** The API's transport enum back to WebAuthn's hint: AUTHENTICATOR_TRANSPORT_USB → 'usb'. */
function webAuthnTransport(transport: AuthenticatorTransport): WebAuthnTransport {
  return transport.slice('AUTHENTICATOR_TRANSPORT_'.length).toLowerCase() as WebAuthnTransport
}

/** Shape only; verifyAttestations checks what it proves. */
export function readAuthenticator(authenticator: Fields): SignupAuthenticator {
  const attestation = authenticator.nested('attestation')
  return {
    authenticatorName: authenticator.nonEmptyString('authenticatorName'),
    challenge: authenticator.nonEmptyString('challenge'),
    attestation: {
      credentialId: attestation.nonEmptyString('credentialId'),
      clientDataJson: attestation.nonEmptyString('clientDataJson'),
      attestationObject: attestation.nonEmptyString('attestationObject'),
      transports: attestation.oneOfList('transports', TRANSPORTS),
    },
  }
}

export interface VerifyAttestationsParameters {
  tenant: ResolvedMockTenant
  state: MockState
  /** The request's Origin header: the page the passkey must have been made on. */
  origin: string | null
  /** The field holding the list, for messages: `authenticators` or `parameters.authenticators`. */
  field: string
  now: () => number
}

/**
 * Verifies each registration: clientDataJSON says webauthn.create, the given challenge and the
 * request's origin; the attestation object's authData names the tenant's RP ID, has user presence,
 * and registers `credentialId` with a supported key (ES256, RS256, EdDSA); its attestation statement
 * verifies. User verification is not required ('preferred' at creation). Answers the passkeys to
 * store, not yet stored: the caller writes them after its other checks.
 */
export async function verifyAttestations(
  authenticators: readonly SignupAuthenticator[],
  { tenant, state, origin, field, now }: VerifyAttestationsParameters,
): Promise<MockAuthenticator[]> {
  if (authenticators.length === 0) return []
  const rp = relyingParty(tenant, origin, `Origin header (required with ${field})`, 3)
  const credentialIds = authenticators.map((authenticator) => authenticator.attestation.credentialId)
  credentialIds.forEach((credentialId, index) => {
    const earlier = credentialIds.indexOf(credentialId)
    if (earlier !== index) {
      throw new MockError(
        3,
        `${field}[${index}].attestation.credentialId: the same credential as ${field}[${earlier}]; register it once`,
      )
    }
  })
  // Refused before the (slower) verification too, so that the message names the real problem.
  assertCredentialsNew(state, tenant, credentialIds, field)

  const verified: MockAuthenticator[] = []
  for (const [index, authenticator] of authenticators.entries()) {
    const path = `${field}[${index}].attestation`
    const { credentialId, clientDataJson, attestationObject, transports } = authenticator.attestation
    const response: RegistrationResponseJSON = {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: { clientDataJSON: clientDataJson, attestationObject, transports: transports.map(webAuthnTransport) },
      clientExtensionResults: {},
    }
    let result: VerifiedRegistrationResponse
    try {
      result = await verifyRegistrationResponse({
        response,
        expectedChallenge: authenticator.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new MockError(
        16,
        `${path}: does not verify (${reason}); expected a registration on ${rp.origin} for RP ID ${rp.rpId}`,
      )
    }
    if (!result.verified) {
      throw new MockError(16, `${path}.attestationObject: its attestation statement does not verify`)
    }
    const { credential, fmt, aaguid } = result.registrationInfo
    // The library reads the id from authData and trusts the caller to compare it with the one given.
    if (credential.id !== credentialId) {
      throw new MockError(16, `${path}.credentialId: is not the credential id the attestation object registers`)
    }
    verified.push({
      authenticatorId: crypto.randomUUID(),
      authenticatorName: authenticator.authenticatorName,
      credentialId,
      publicKey: base64url.encode(credential.publicKey),
      counter: credential.counter,
      transports: [...transports],
      fmt,
      aaguid,
      rpId: rp.rpId,
      origin: rp.origin,
      createdAt: isoTime(now()),
    })
  }
  return verified
}

/** A credential id names one passkey: it is registered to one account of a tenant, once. */
export function assertCredentialsNew(
  state: MockState,
  tenant: ResolvedMockTenant,
  credentialIds: readonly string[],
  field: string,
): void {
  const registered = new Set(
    tenantUsers(state, tenant).flatMap((user) =>
      user.authenticators.map((authenticator) => authenticator.credentialId),
    ),
  )
  credentialIds.forEach((credentialId, index) => {
    if (registered.has(credentialId)) {
      throw new MockError(
        6,
        `${field}[${index}].attestation.credentialId: this passkey is already registered to an account; log in with it instead`,
      )
    }
  })
}
