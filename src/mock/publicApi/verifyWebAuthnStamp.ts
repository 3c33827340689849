import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyAuthenticationResponse, type VerifiedAuthenticationResponse } from '@simplewebauthn/server'
import { base64url } from 'jose'
import { MockError } from '../http'
import { canonicalP256Signature, signatureBytesHex } from './canonicalSignature'
import { relyingParty } from '../relyingParty'
import type { MockAuthenticator, MockUser } from '../types'
import { describe, isJsonObject } from '../validate'
import type { PublicApiContext } from './context'
import type { VerifiedStamp } from './verifiedStamp'

const MEMBERS = ['authenticatorData', 'clientDataJson', 'credentialId', 'signature'] as const
const BASE64URL = /^[A-Za-z0-9_-]+$/

/**
 * The challenge a passkey signs to vouch for a body: base64url of the UTF-8 bytes of the lowercase hex
 * SHA-256 of the body. The hex *text*, not the digest bytes: that is what the browser was given.
 */
export function stampChallengeFor(body: Uint8Array): string {
  return base64url.encode(bytesToHex(sha256(body)))
}

/**
 * Verifies an X-Stamp-WebAuthn header — the JSON text `{authenticatorData, clientDataJson,
 * credentialId, signature}` — as an assertion by a passkey of a user in the request's scope: made on
 * the request's origin for the tenant's RP ID, over stampChallengeFor(body), with user presence, and a
 * signature counter above the one stored (unless the authenticator keeps none). Every failure is 16.
 */
export async function verifyWebAuthnStamp(context: PublicApiContext, header: string): Promise<VerifiedStamp> {
  const { scope, origin, bodyBytes } = context
  let stamp: unknown
  try {
    stamp = JSON.parse(header)
  } catch {
    throw new MockError(
      16,
      'X-Stamp-WebAuthn: not JSON; expected {authenticatorData, clientDataJson, credentialId, signature}',
    )
  }
  if (!isJsonObject(stamp)) {
    throw new MockError(
      16,
      `X-Stamp-WebAuthn: expected a JSON object {authenticatorData, clientDataJson, credentialId, signature}, got ${describe(stamp)}`,
    )
  }
  for (const member of MEMBERS) {
    const value = stamp[member]
    if (typeof value !== 'string' || !BASE64URL.test(value)) {
      throw new MockError(
        16,
        `X-Stamp-WebAuthn: ${member}: expected base64url text, got ${value === undefined ? 'nothing' : describe(value)}`,
      )
    }
  }
  const { authenticatorData, clientDataJson, credentialId, signature } = stamp as Record<
    (typeof MEMBERS)[number],
    string
  >

  const holder = findPasskey(scope.users, credentialId)
  if (holder === undefined) {
    throw new MockError(
      16,
      `X-Stamp-WebAuthn: credentialId ${credentialId} is not a passkey registered in organization "${scope.organizationId}"`,
    )
  }
  const { user, authenticator } = holder
  const rp = relyingParty(scope.tenant, origin, 'X-Stamp-WebAuthn: Origin header', 16)
  const counterBefore = authenticator.counter
  // Checked here as well as by the library, for a message that says what a stale counter means.
  assertCounterGrows(signCount(authenticatorData), counterBefore)
  let result: VerifiedAuthenticationResponse
  try {
    result = await verifyAuthenticationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: { authenticatorData, clientDataJSON: clientDataJson, signature },
        clientExtensionResults: {},
      },
      expectedChallenge: stampChallengeFor(bodyBytes),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: authenticator.credentialId,
        publicKey: new Uint8Array(base64url.decode(authenticator.publicKey)),
        counter: counterBefore,
      },
      requireUserVerification: false,
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new MockError(
      16,
      `X-Stamp-WebAuthn: does not verify (${reason}); expected an assertion on ${rp.origin} for RP ID ${rp.rpId} over this request's body`,
    )
  }
  if (!result.verified) {
    throw new MockError(
      16,
      `X-Stamp-WebAuthn: signature does not verify with the public key of passkey ${credentialId}`,
    )
  }
  const { newCounter } = result.authenticationInfo
  const signatureBytes = new Uint8Array(base64url.decode(signature))
  return {
    user,
    kind: 'PASSKEY',
    // A passkey that keeps no counter (a synced one sends 0) repeats nothing the counter could catch.
    meaning: `X-Stamp-WebAuthn ${credentialId} ${canonicalP256Signature(signatureBytes) ?? signatureBytesHex(signatureBytes)}`,
    commit() {
      // Another request with this passkey may have been accepted during the await: the counter must
      // still grow, or this assertion is a replay of an older one.
      assertCounterGrows(newCounter, authenticator.counter)
      authenticator.counter = newCounter
    },
  }
}

/**
 * An authenticator that counts raises its counter with every assertion: one at or below the stored
 * value is a replayed assertion or a cloned authenticator. Authenticators that keep no counter send 0.
 */
function assertCounterGrows(counter: number | undefined, stored: number): void {
  if (counter === undefined || (counter === 0 && stored === 0) || counter > stored) return
  throw new MockError(
    16,
    `X-Stamp-WebAuthn: signature counter ${counter} is not above ${stored}, the last one seen: a replayed assertion or a cloned authenticator`,
  )
}

/** authData's signCount (bytes 33..36, big-endian); undefined when authData is too short to have one. */
function signCount(authenticatorData: string): number | undefined {
  let bytes: Uint8Array
  try {
    bytes = base64url.decode(authenticatorData)
  } catch {
    // Not decodable (a length no base64url text has): the verification below refuses it.
    return undefined
  }
  if (bytes.length < 37) return undefined
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(33)
}

function findPasskey(
  users: readonly MockUser[],
  credentialId: string,
): { user: MockUser; authenticator: MockAuthenticator } | undefined {
  for (const user of users) {
    const authenticator = user.authenticators.find((candidate) => candidate.credentialId === credentialId)
    if (authenticator !== undefined) return { user, authenticator }
  }
  return undefined
}
