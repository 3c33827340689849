/**
 * Why a session token was refused. Stable: a caller may switch on these; the `message` may change.
 * - `MISSING`: no token (no `Authorization: Bearer`, no session cookie, or an empty string).
 * - `MALFORMED`: not a JWT, or not a session (a claim missing or of the wrong type), or an
 *   `Authorization` header that is not `Bearer <token>`.
 * - `BAD_SIGNATURE`: not signed by the notarizer key the server trusts: forged, altered, unsigned
 *   (`alg: none`), or issued by another proxy (the mock's sessions checked against production's key).
 * - `EXPIRED`: `exp` is past, beyond the clock tolerance.
 * - `ORGANIZATION_NOT_ALLOWED`: a genuine session, of an organization the app does not call its own.
 * - `KEYS_UNAVAILABLE`: the JWKS (`jwksUrl`) could not be fetched or holds no session key: the server's
 *   problem, not the caller's (the HTTP helpers answer 503, not 401).
 */
export type SessionTokenErrorCode =
  'MISSING' | 'MALFORMED' | 'BAD_SIGNATURE' | 'EXPIRED' | 'ORGANIZATION_NOT_ALLOWED' | 'KEYS_UNAVAILABLE'

export class SessionTokenError extends Error {
  override readonly name = 'SessionTokenError'
  readonly code: SessionTokenErrorCode

  constructor(code: SessionTokenErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
  }
}

export function isSessionTokenError(error: unknown, code?: SessionTokenErrorCode): error is SessionTokenError {
  return error instanceof SessionTokenError && (code === undefined || error.code === code)
}
