// Byte/text encodings used on the wire, as thin wrappers over the audited helpers of @noble/hashes
// and jose: nothing here re-implements them, it only turns their TypeErrors into labelled KitErrors.
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base64url } from 'jose'
import { assertBytes, invalidArgument } from './assert'

/** Bytes to lowercase hex (the wire form of keys and signatures). */
export function toHex(bytes: Uint8Array): string {
  assertBytes(bytes, 'toHex(bytes)')
  return bytesToHex(bytes)
}

/** Hex (either case, even length) to bytes. */
export function fromHex(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw invalidArgument('fromHex(hex)', 'a hex string', hex)
  try {
    return hexToBytes(hex)
  } catch {
    throw invalidArgument('fromHex(hex)', 'an even-length string of hex digits', hex)
  }
}

/** UTF-8 bytes of a string (what every signature in the protocol is computed over). */
export function utf8(text: string): Uint8Array {
  if (typeof text !== 'string') throw invalidArgument('utf8(text)', 'a string', text)
  return utf8ToBytes(text)
}

// noble has no decoder; the platform's is the reference one. `fatal` so that bad bytes are an error
// rather than silently becoming U+FFFD.
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
  return base64url.encode(input)
}

/** Bytes of base64url text (padding tolerated, standard base64 `+` `/` refused). */
export function base64urlDecode(input: string): Uint8Array {
  if (typeof input !== 'string') throw invalidArgument('base64urlDecode(input)', 'a base64url string', input)
  try {
    return base64url.decode(input)
  } catch {
    throw invalidArgument('base64urlDecode(input)', 'base64url text (A-Z a-z 0-9 - _)', input)
  }
}
