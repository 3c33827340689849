// Where a request carries its session: `Authorization: Bearer <token>` (what an app's fetch sends), else
// the session cookie (what a browser sends by itself, once the kit is told to set one).
import { SessionTokenError } from './SessionTokenError'

/** The cookie the kit sets when asked to (its opt-in session cookie), and read here by default. */
export const DEFAULT_SESSION_COOKIE = 'apk_session'

export interface ReadSessionTokenOptions {
  /** The session cookie's name; `false` reads the Authorization header only. Default `apk_session`. */
  cookieName?: string | false | undefined
}

/**
 * The session token a request carries, or undefined when it carries none. An Authorization header that
 * is there but not `Bearer <token>` is a SessionTokenError MALFORMED (not a fall back to the cookie: a
 * client that sent a header meant it).
 */
export function readSessionToken(
  request: Request,
  { cookieName = DEFAULT_SESSION_COOKIE }: ReadSessionTokenOptions = {},
): string | undefined {
  const authorization = request.headers.get('Authorization')
  if (authorization !== null) {
    // RFC 6750: the scheme is case-insensitive, one or more spaces, then the token (b64token characters).
    const token = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization)?.[1]
    if (token === undefined) {
      throw new SessionTokenError('MALFORMED', 'Authorization header: expected "Bearer <session token>"')
    }
    return token
  }
  if (cookieName === false) return undefined
  const value = cookieValue(request.headers.get('Cookie'), cookieName)
  return value === undefined || value === '' ? undefined : value
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (header === null) return undefined
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue
    let value = pair.slice(separator + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}
