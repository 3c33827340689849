import { invalidArgument } from '../assert'
import { base64urlEncode, toHex, utf8 } from '../encoding'
import { sha256 } from '../sha256'

export interface StampChallenge {
  /** hex(sha256(utf8(body))), lowercase: its UTF-8 bytes are the WebAuthn challenge. */
  hex: string
  /** base64url of those UTF-8 bytes: what @simplewebauthn's `challenge` option and clientDataJSON carry. */
  challenge: string
}

/**
 * The WebAuthn challenge that binds a passkey assertion to one request body (X-Stamp-WebAuthn). The
 * challenge is the hex *text* of the digest, not the digest bytes, because that is what the API
 * recomputes from the body it received.
 */
export async function stampChallenge(body: string): Promise<StampChallenge> {
  if (typeof body !== 'string') throw invalidArgument('stampChallenge(body)', 'the request body text', body)
  const hex = toHex(await sha256(utf8(body)))
  return { hex, challenge: base64urlEncode(hex) }
}
