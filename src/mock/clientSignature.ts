// Client signatures: the proof, by the key a verification token names, that its holder means this exact
// use of the token. A token stolen in transit cannot be redeemed without the key, and a signature made
// for one request (login) cannot be replayed on another (signup) or with other values. The seed's
// simpler form (a hex signature over the token's text) binds neither the usage nor the request: whoever
// sees it can send it with their own session key, so it is refused whenever the token names a key.
import { p256 } from '@noble/curves/nist.js'
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import type { UsageType, VerificationTokenClaims } from '../core/types'
import { MockError } from './http'
import {
  Fields,
  assertJsonDepth,
  assertWithinCap,
  describe,
  isHex,
  isJsonObject,
  normalizeKeys,
  ownMember,
  type JsonObject,
} from './validate'

export const CLIENT_SIGNATURE_SCHEME = 'CLIENT_SIGNATURE_SCHEME_API_P256'

/** `clientSignature` as read from a request, before any check against the token. */
export type ParsedClientSignature =
  | { form: 'message'; publicKey: string; message: string; signature: Uint8Array; format: 'compact' | 'der' }
  /** The seed's form: a hex signature over the verification token's own text; never verified (see above). */
  | { form: 'seed'; signature: Uint8Array; format: 'compact' | 'der' }

/** Reads `clientSignature` from a body (absent → undefined). Shape errors are 3 INVALID_ARGUMENT. */
export function readClientSignature(body: Fields): ParsedClientSignature | undefined {
  if (!body.has('clientSignature')) return undefined
  const value = body.value('clientSignature')
  if (typeof value === 'string') {
    assertWithinCap(value, 'clientSignature', body.name('clientSignature'))
    return { form: 'seed', ...readSignatureHex(value, body.name('clientSignature')) }
  }
  if (!isJsonObject(value)) {
    throw new MockError(
      3,
      `${body.name('clientSignature')}: expected an object {publicKey, scheme, message, signature} or a hex string, got ${describe(value)}`,
    )
  }
  const fields = body.nested('clientSignature')
  fields.oneOf('scheme', [CLIENT_SIGNATURE_SCHEME])
  const publicKey = fields.compressedP256PublicKey('publicKey')
  const message = fields.nonEmptyString('message')
  return {
    form: 'message',
    publicKey,
    message,
    ...readSignatureHex(fields.string('signature'), fields.name('signature')),
  }
}

/** Raw r‖s is 64 bytes; a DER signature is never that long, so the length tells the two apart. */
function readSignatureHex(hex: string, name: string): { signature: Uint8Array; format: 'compact' | 'der' } {
  if (hex.length === 0 || !isHex(hex)) {
    throw new MockError(3, `${name}: expected an ECDSA signature as hex (raw r‖s, 128 characters, or DER)`)
  }
  return { signature: hexToBytes(hex), format: hex.length === 128 ? 'compact' : 'der' }
}

export interface ClientSignatureCheck {
  signature: ParsedClientSignature | undefined
  claims: VerificationTokenClaims
  usage: UsageType
  /** The usage as the request states it: `{publicKey}` for login, `{apiKeys, ...}` for signup. */
  expected: JsonObject
  /**
   * The message's member holding the usage: by default `login` or `signup` after the usage type;
   * production's signup_v2 client (@turnkey/core 2.x) names it `signupV2`.
   */
  usageMember?: UsageMember | undefined
}

export type UsageMember = 'login' | 'signup' | 'signupV2'

const USAGE_MEMBER: Record<UsageType, UsageMember> = { USAGE_TYPE_LOGIN: 'login', USAGE_TYPE_SIGNUP: 'signup' }

/** Throws 16 UNAUTHENTICATED unless the signature proves this use of the token. */
export function verifyClientSignature(check: ClientSignatureCheck): void {
  const { signature, claims, usage } = check
  // A token without a key proves the contact only; there is no key to demand a signature from.
  if (claims.public_key === '') return
  const endpoint = usage === 'USAGE_TYPE_LOGIN' ? 'login' : 'signup'
  if (signature === undefined) {
    throw new MockError(
      16,
      `clientSignature: required: the verification token names a public key, so the ${endpoint} must be signed by it (${usage})`,
    )
  }
  if (signature.form === 'seed') {
    throw new MockError(
      16,
      `clientSignature: the seed's form (a hex signature over the verification token) is refused because the token names a public key: anyone who sees that signature could replay it with their own key. Send the message form {publicKey, scheme, message, signature}, signed by the token's key over the ${usage} message`,
    )
  }
  const tokenKey = hexToBytes(claims.public_key)
  if (signature.publicKey !== claims.public_key) {
    throw new MockError(16, 'clientSignature.publicKey: is not the public_key the verification token names')
  }
  if (!verifies(signature.signature, utf8ToBytes(signature.message), tokenKey, signature.format)) {
    throw new MockError(
      16,
      'clientSignature.signature: does not verify: expected ECDSA P-256/SHA-256 over the UTF-8 bytes of clientSignature.message by clientSignature.publicKey',
    )
  }
  checkMessage(signature.message, check)
}

function verifies(
  signature: Uint8Array,
  message: Uint8Array,
  publicKey: Uint8Array,
  format: 'compact' | 'der',
): boolean {
  try {
    // noble-curves v2 hashes the message itself (prehash: true) and by default refuses high-S
    // signatures; WebCrypto does not normalize S, so half of its valid signatures would fail without
    // lowS: false.
    return p256.verify(signature, message, publicKey, { prehash: true, lowS: false, format })
  } catch {
    // Malformed DER or a bad length throws rather than answering false.
    return false
  }
}

/** The signed message must name this token, this usage type and exactly the request's values. */
function checkMessage(message: string, check: ClientSignatureCheck): void {
  // The signature verified, but the text is still the sender's: bounded before anything recursive reads it.
  assertJsonDepth(message, 'clientSignature.message')
  let parsed: unknown
  try {
    parsed = normalizeKeys(JSON.parse(message))
  } catch {
    throw new MockError(
      16,
      'clientSignature.message: not JSON; expected {"<usage>":{...},"tokenId":"...","type":"..."}',
    )
  }
  if (!isJsonObject(parsed)) {
    throw new MockError(16, `clientSignature.message: expected a JSON object, got ${describe(parsed)}`)
  }
  const member = check.usageMember ?? USAGE_MEMBER[check.usage]
  const expectedKeys = [member, 'tokenId', 'type']
  const keys = Object.keys(parsed).sort()
  if (keys.join() !== expectedKeys.join()) {
    throw new MockError(
      16,
      `clientSignature.message: expected members ${expectedKeys.join(', ')}, got ${keys.join(', ') || 'none'}`,
    )
  }
  if (parsed['type'] !== check.usage) {
    throw new MockError(
      16,
      `clientSignature.message: type is ${JSON.stringify(parsed['type'])}, expected "${check.usage}"`,
    )
  }
  if (parsed['tokenId'] !== check.claims.id) {
    throw new MockError(16, "clientSignature.message: tokenId is not this verification token's id")
  }
  const signed = parsed[member]
  if (!isJsonObject(signed)) {
    throw new MockError(16, `clientSignature.message: ${member} must be an object, got ${describe(signed)}`)
  }
  const names = new Set([...Object.keys(signed), ...Object.keys(check.expected)])
  for (const name of names) {
    if (!deepEqual(ownMember(signed, name), ownMember(check.expected, name))) {
      const state = !Object.hasOwn(signed, name)
        ? 'is missing from the signed message'
        : !Object.hasOwn(check.expected, name)
          ? 'is signed but not in the request'
          : 'does not match the request'
      throw new MockError(16, `clientSignature.message: ${member}.${name} ${state}`)
    }
  }
}

/** Structural equality of JSON values; member order does not matter, array order does. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => deepEqual(item, b[index]))
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a)
    return (
      keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
    )
  }
  return false
}
