// A JWT's payload, read without verifying it (the kit cannot verify the proxy's or a provider's
// signature, and does not need to: see session/jwt.ts). Written here rather than taken from jose's
// decodeJwt, which brings its error classes and buffer utilities into every first load for what is a
// split, a base64url decode and a JSON parse.
import { base64urlDecode, fromUtf8 } from './encoding'

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
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error('its payload is not a JSON object')
  return payload as JwtPayload
}
