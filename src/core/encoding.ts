// Byte/text encodings used on the wire. Hex and UTF-8 are the platform's (TextEncoder/TextDecoder)
// plus a lookup table; base64url is the platform's btoa/atob with the URL alphabet swapped in (jose's
// helper would bring its buffer utilities into every first load for these few lines). Every function
// turns bad input into a labelled KitError.
import { invalidArgument } from './assert'
import { assertBytes } from './assertBytes'

const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))
const HEX = /^(?:[0-9a-fA-F]{2})*$/

/** Bytes to lowercase hex (the wire form of keys and signatures). */
export function toHex(bytes: Uint8Array): string {
  assertBytes(bytes, 'toHex(bytes)')
  let hex = ''
  for (const byte of bytes) hex += HEX_DIGITS[byte]
  return hex
}

/** Hex (either case, even length) to bytes. */
export function fromHex(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw invalidArgument('fromHex(hex)', 'a hex string', hex)
  if (!HEX.test(hex)) throw invalidArgument('fromHex(hex)', 'an even-length string of hex digits', hex)
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return bytes
}

const utf8Encoder = new TextEncoder()

/** UTF-8 bytes of a string (what every signature in the protocol is computed over). */
export function utf8(text: string): Uint8Array {
  if (typeof text !== 'string') throw invalidArgument('utf8(text)', 'a string', text)
  // Copied into this realm's Uint8Array: TextEncoder may come from another realm (jsdom runs on
  // Node's), and `instanceof Uint8Array` checks would then refuse its result.
  return new Uint8Array(utf8Encoder.encode(text))
}

// `fatal` so that bad bytes are an error rather than silently becoming U+FFFD.
const utf8Decoder = new TextDecoder('utf-8', { fatal: true })

/** Text of UTF-8 bytes; throws on invalid UTF-8. */
export function fromUtf8(bytes: Uint8Array): string {
  assertBytes(bytes, 'fromUtf8(bytes)')
  try {
    return utf8Decoder.decode(bytes)
  } catch {
    throw invalidArgument('fromUtf8(bytes)', 'valid UTF-8', bytes)
  }
}

/** Unpadded base64url (RFC 4648 section 5) of bytes, or of a string's UTF-8 bytes. */
export function base64urlEncode(input: Uint8Array | string): string {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw invalidArgument('base64urlEncode(input)', 'a Uint8Array or a string', input)
  }
  const bytes = typeof input === 'string' ? utf8(input) : input
  let binary = ''
  // In slices: String.fromCharCode takes its bytes as arguments, and engines cap how many.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

const BASE64URL = /^[\w-]*={0,2}$/

/** Bytes of base64url text (padding tolerated, standard base64 `+` `/` refused). */
export function base64urlDecode(input: string): Uint8Array {
  if (typeof input !== 'string') throw invalidArgument('base64urlDecode(input)', 'a base64url string', input)
  try {
    // atob accepts + / and spaces, which base64url text never has: the pattern refuses them first.
    if (!BASE64URL.test(input)) throw new Error()
    const binary = atob(input.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    throw invalidArgument('base64urlDecode(input)', 'base64url text (A-Z a-z 0-9 - _)', input)
  }
}

// A JWT's payload, read without verifying it (the kit cannot verify the proxy's or a provider's
// signature, and does not need to: see session/jwt.ts). Here rather than jose's decodeJwt, which brings
// its error classes and buffer utilities into every first load for a split, a base64url decode and a
// JSON parse; and here rather than in a module of its own, which a host's bundler may emit as one more
// small shared chunk.

/** Claims of a JWT payload: a JSON object. */
export type JwtPayload = Record<string, unknown>

/** The payload of a compact JWS (three dot-separated parts). Throws an Error saying what is wrong with it. */
export function decodeJwtPayload(token: string): JwtPayload {
  const parts = token.split('.')
  if (parts.length !== 3) throw new Error(`expected 3 dot-separated parts, got ${parts.length}`)
  let payload: unknown
  try {
    payload = JSON.parse(fromUtf8(base64urlDecode(parts[1] as string)))
  } catch {
    throw new Error('its payload is not base64url-encoded JSON')
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new Error('its payload is not a JSON object')
  return payload as JwtPayload
}
