// The guard every framework helper shares: a request in, either the verified session or the Response to
// answer with (401 with a WWW-Authenticate challenge, or 503 when the keys could not be had).
import { readSessionToken, type ReadSessionTokenOptions } from './readSessionToken'
import { SessionTokenError } from './SessionTokenError'
import { verifySessionToken, type VerifiedSession, type VerifySessionOptions } from './verifySessionToken'

export interface RequestSessionOptions extends VerifySessionOptions, ReadSessionTokenOptions {
  /** The realm named in the WWW-Authenticate challenge. Default "auth-proxy-kit". */
  realm?: string | undefined
}

export type AuthenticationResult =
  | { ok: true; session: VerifiedSession }
  | {
      ok: false
      /** Why: `MISSING` when the request carried no session at all. */
      error: SessionTokenError
      /** What to answer: 401 with `WWW-Authenticate: Bearer`, or 503 for `KEYS_UNAVAILABLE`. */
      response: Response
    }

/**
 * Checks the session a request carries (Authorization: Bearer, else the session cookie). Never throws a
 * SessionTokenError: a refusal comes back with its Response. Other errors (bad options, an
 * `organizations` function that threw) are thrown.
 */
export async function authenticateRequest(
  request: Request,
  options: RequestSessionOptions,
): Promise<AuthenticationResult> {
  try {
    const token = readSessionToken(request, options)
    if (token === undefined) {
      throw new SessionTokenError('MISSING', 'no session: send "Authorization: Bearer <session token>"')
    }
    return { ok: true, session: await verifySessionToken(token, options) }
  } catch (error) {
    if (!(error instanceof SessionTokenError)) throw error
    return { ok: false, error, response: refusal(error, options.realm ?? 'auth-proxy-kit') }
  }
}

/** RFC 6750 section 3: no error code when no credentials came; invalid_request for a malformed header. */
function refusal(error: SessionTokenError, realm: string): Response {
  const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  const body = JSON.stringify({ code: error.code, message: error.message })
  if (error.code === 'KEYS_UNAVAILABLE') return new Response(body, { status: 503, headers })
  const challenge = [`realm="${quoted(realm)}"`]
  if (error.code !== 'MISSING') {
    const errorCode = error.code === 'MALFORMED' ? 'invalid_request' : 'invalid_token'
    challenge.push(`error="${errorCode}"`, `error_description="${quoted(error.message)}"`)
  }
  headers.set('WWW-Authenticate', `Bearer ${challenge.join(', ')}`)
  return new Response(body, { status: 401, headers })
}

/** A quoted-string's content: no quote or backslash unescaped, printable ASCII only (a header value). */
function quoted(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')
}
