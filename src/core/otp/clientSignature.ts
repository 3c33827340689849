import { invalidArgument } from '../assert'
import { toHex, utf8 } from '../encoding'
import type { KeyStore } from '../contracts'
import { assertCompressedPublicKey } from '../keys/p256'
import type { ClientSignature, SignupRequest } from '../types'

// The texts are JSON built from object literals in a fixed key order: JSON.stringify keeps insertion
// order, and the proxy compares the text it parses with the request, so the order is the contract.

export interface LoginMessageParameters {
  /** `id` claim of the verification token. */
  tokenId: string
  /** The key the session will be bound to (otp_login's `publicKey`). */
  publicKey: string
}

/** `{"login":{"publicKey":"…"},"tokenId":"…","type":"USAGE_TYPE_LOGIN"}` */
export function loginMessage({ tokenId, publicKey }: LoginMessageParameters): string {
  assertTokenId(tokenId, 'loginMessage({ tokenId })')
  assertCompressedPublicKey(publicKey, 'loginMessage({ publicKey })')
  return JSON.stringify({ login: { publicKey }, tokenId, type: 'USAGE_TYPE_LOGIN' })
}

export interface SignupMessageParameters {
  tokenId: string
  /** The signup body being signed for: the message repeats its usage fields. */
  request: Pick<SignupRequest, 'apiKeys' | 'authenticators' | 'oauthProviders' | 'userEmail' | 'userPhoneNumber'>
}

/**
 * `{"signup":{"apiKeys":[…],"authenticators":[…],"oauthProviders":[…],"email":"…","phoneNumber":"…"},
 * "tokenId":"…","type":"USAGE_TYPE_SIGNUP"}`; email and phoneNumber only when the request has them.
 */
export function signupMessage(
  { tokenId, request }: SignupMessageParameters,
  /** `signupV2` for signup_v2 (production's 2.x client), `signup` for signup. */
  usage: 'signup' | 'signupV2' = 'signup',
): string {
  assertTokenId(tokenId, 'signupMessage({ tokenId })')
  if (typeof request !== 'object' || request === null) {
    throw invalidArgument('signupMessage({ request })', 'the signup request', request)
  }
  for (const field of ['apiKeys', 'authenticators', 'oauthProviders'] as const) {
    if (!Array.isArray(request[field])) {
      throw invalidArgument(`signupMessage({ request.${field} })`, 'an array (send [] when unused)', request[field])
    }
  }
  const signup: Record<string, unknown> = {
    apiKeys: request.apiKeys,
    authenticators: request.authenticators,
    oauthProviders: request.oauthProviders,
  }
  if (request.userEmail !== undefined) signup.email = request.userEmail
  if (request.userPhoneNumber !== undefined) signup.phoneNumber = request.userPhoneNumber
  return JSON.stringify({ [usage]: signup, tokenId, type: 'USAGE_TYPE_SIGNUP' })
}

/** Signs `message` with the held key `publicKey`: ECDSA P-256 / SHA-256, raw r‖s as lowercase hex. */
export async function signClientMessage(
  kit: { keyStore: KeyStore },
  publicKey: string,
  message: string,
): Promise<ClientSignature> {
  if (typeof kit !== 'object' || kit === null || typeof kit.keyStore?.sign !== 'function') {
    throw invalidArgument('signClientMessage(kit)', 'a kit (createKit)', kit)
  }
  assertCompressedPublicKey(publicKey, 'signClientMessage(publicKey)')
  if (typeof message !== 'string') throw invalidArgument('signClientMessage(message)', 'a string', message)
  const signature = await kit.keyStore.sign(publicKey, utf8(message))
  return { publicKey, scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256', message, signature: toHex(signature) }
}

function assertTokenId(tokenId: unknown, label: string): asserts tokenId is string {
  if (typeof tokenId !== 'string' || tokenId === '')
    throw invalidArgument(label, 'the token id (a non-empty string)', tokenId)
}
