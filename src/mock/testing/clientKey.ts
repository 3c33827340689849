// Client-side proofs for the mock's tests, built the way a browser builds them: a WebCrypto P-256 key
// (whose signatures are raw r‖s and not low-S normalized) and the message texts of WIRE.md.
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { decodeJwt } from 'jose'
import type { ClientSignature, SignupRequest } from '../../core/types'

export interface TestClientKey {
  /** Compressed public point, lowercase hex (66 characters): the kit's wire form of a client key. */
  publicKey: string
  /** ECDSA P-256/SHA-256 over the UTF-8 bytes of `text`, raw r‖s, lowercase hex. */
  sign(text: string): Promise<string>
  /** The same signature DER-encoded, hex. */
  signDer(text: string): Promise<string>
  /** The production clientSignature object over `message`. */
  clientSignature(message: string): Promise<ClientSignature>
}

export async function createTestClientKey(): Promise<TestClientKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  const publicKey = p256.Point.fromBytes(raw).toHex(true)
  const signRaw = async (text: string) =>
    new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(text)),
    )
  return {
    publicKey,
    sign: async (text) => bytesToHex(await signRaw(text)),
    signDer: async (text) => p256.Signature.fromBytes(await signRaw(text), 'compact').toHex('der'),
    clientSignature: async (message) => ({
      publicKey,
      scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
      message,
      signature: bytesToHex(await signRaw(message)),
    }),
  }
}

/** The `id` claim of a verification token. */
export function tokenIdOf(verificationToken: string): string {
  const id = decodeJwt(verificationToken)['id']
  if (typeof id !== 'string') throw new Error('verification token without an id claim')
  return id
}

export function loginMessage(publicKey: string, tokenId: string): string {
  return JSON.stringify({ login: { publicKey }, tokenId, type: 'USAGE_TYPE_LOGIN' })
}

/** The signup usage in WIRE.md's order: the three arrays, then email and phone number when present. */
export function signupMessage(request: SignupRequest, tokenId: string): string {
  const usage: Record<string, unknown> = {
    apiKeys: request.apiKeys,
    authenticators: request.authenticators,
    oauthProviders: request.oauthProviders,
  }
  if (request.userEmail !== undefined) usage['email'] = request.userEmail
  if (request.userPhoneNumber !== undefined) usage['phoneNumber'] = request.userPhoneNumber
  return JSON.stringify({ signup: usage, tokenId, type: 'USAGE_TYPE_SIGNUP' })
}
