// Verifies a session JWT the auth proxy issued, the way production signs it: ECDSA P-256/SHA-256 by the
// notarizer key over sha256("header.payload") (so the curve sees a double hash; see
// @turnkey/crypto's verifySessionJwtSignature). jose's jwtVerify hashes once and cannot check it, so
// WebCrypto does, over the first hash: no Node module, runs in Node 20+, edge runtimes, Bun and Deno.
import { base64url, decodeJwt, decodeProtectedHeader, type CryptoKey, type JWTPayload } from 'jose'
import {
  PRODUCTION_NOTARIZER_PUBLIC_KEY as PRODUCTION_KEY,
  hexKeySource,
  jwksKeySource,
  type NotarizerKeySource,
} from './notarizerKey'
import { SessionTokenError } from './SessionTokenError'

/** Who sent the request: a session the proxy issued, unexpired, of one of the app's organizations. */
export interface VerifiedSession {
  userId: string
  /** The user's organization: with the auth proxy, the sub-organization their sign-up created. */
  organizationId: string
  /** The client key the session is bound to (compressed P-256, hex): only its holder can stamp with it. */
  publicKey: string
  /** `SESSION_TYPE_READ_WRITE` for every login; `SESSION_TYPE_READ_ONLY` for read-only sessions. */
  sessionType: string
  expiresAt: Date
  /** The JWT itself, to forward or to log a hash of. */
  token: string
}

/**
 * Which organizations are this app's. A list of organization ids, or a function answering for one
 * (it may look the id up in the app's own user table, or ask the proxy's API with the app's key).
 */
export type SessionOrganizations =
  readonly string[] | ((organizationId: string, session: VerifiedSession) => boolean | Promise<boolean>)

export interface VerifySessionOptions {
  /**
   * Required. Production's notarizer key signs the sessions of every app on the proxy, so a valid
   * signature proves only that the proxy issued the session, not that the caller is one of this app's
   * users: a session from another app's sign-in verifies just as well. This says which organizations
   * are this app's; any other is refused (`ORGANIZATION_NOT_ALLOWED`).
   */
  organizations: SessionOrganizations
  /**
   * The notarizer's public key (uncompressed P-256, hex). Default: production's
   * (PRODUCTION_NOTARIZER_PUBLIC_KEY). The mock's is `proxy.sessionNotarizerPublicKey`.
   */
  notarizerPublicKey?: string | undefined
  /**
   * A JWKS to read the key from (its key with kid `session-notarizer`), fetched and cached: the mock's
   * `<proxy URL>/.well-known/jwks.json`. Not with `notarizerPublicKey`.
   */
  jwksUrl?: string | URL | undefined
  /** What fetches `jwksUrl`. Default globalThis.fetch. */
  fetch?: typeof fetch | undefined
  /**
   * How long after `exp` a session is still accepted, for the issuer's clock and this server's to
   * disagree. Default 30: a few seconds is what NTP-synced hosts disagree by, and 30 s is small beside a
   * session's 900 s default life.
   */
  clockToleranceSeconds?: number | undefined
  /** The clock, in milliseconds since the epoch. Default Date.now. */
  now?: (() => number) | undefined
}

export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30

/** Throws SessionTokenError (its `code` says why) unless `token` is a valid session of one of `organizations`. */
export async function verifySessionToken(token: string, options: VerifySessionOptions): Promise<VerifiedSession> {
  const { isAllowed, keys, toleranceSeconds, now } = resolveOptions(options)
  if (typeof token !== 'string' || token === '') {
    throw new SessionTokenError('MISSING', 'no session token')
  }
  const parts = token.split('.')
  // The signature may be empty here (an unsigned `alg: none` token), to be refused as unsigned below.
  if (
    parts.length !== 3 ||
    parts.some((part, index) => !(index === 2 ? /^[A-Za-z0-9_-]*$/ : /^[A-Za-z0-9_-]+$/).test(part))
  ) {
    throw new SessionTokenError('MALFORMED', 'not a JWT (expected three base64url parts separated by dots)')
  }
  const [header, payload, signature] = parts as [string, string, string]

  let alg: unknown
  let crit: unknown
  try {
    ;({ alg, crit } = decodeProtectedHeader(token))
  } catch (cause) {
    throw new SessionTokenError('MALFORMED', 'not a JWT (its header is not a JSON object)', { cause })
  }
  // The notarizer signs ES256-labelled tokens only; `none` (unsigned) or any other label is not its.
  if (alg !== 'ES256') {
    throw new SessionTokenError(
      'BAD_SIGNATURE',
      `not signed by the proxy's notarizer (alg ${JSON.stringify(alg)}, expected "ES256")`,
    )
  }
  if (crit !== undefined) {
    throw new SessionTokenError('MALFORMED', 'the header has "crit" extensions, which a session never has')
  }
  // Copied into a Uint8Array over a plain ArrayBuffer: what WebCrypto takes.
  const signatureBytes = new Uint8Array(base64url.decode(signature))
  if (signatureBytes.length !== 64) {
    throw new SessionTokenError('BAD_SIGNATURE', `signature: expected 64 bytes (r‖s), got ${signatureBytes.length}`)
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${header}.${payload}`)))
  const verifies = (key: CryptoKey) =>
    crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signatureBytes, digest)
  if (!(await verifies(await keys.key()))) {
    const renewed = await keys.refreshed()
    if (renewed === undefined || !(await verifies(renewed))) {
      throw new SessionTokenError(
        'BAD_SIGNATURE',
        "signature does not verify with the proxy's notarizer key: forged, altered, or issued by another proxy (the mock's sessions verify with the mock's key only)",
      )
    }
  }

  const claims = sessionClaims(token)
  const expiresAt = new Date(claims.exp * 1000)
  if (now() >= (claims.exp + toleranceSeconds) * 1000) {
    throw new SessionTokenError('EXPIRED', `the session expired at ${expiresAt.toISOString()}`)
  }
  const session: VerifiedSession = {
    userId: claims.user_id,
    organizationId: claims.organization_id,
    publicKey: claims.public_key,
    sessionType: claims.session_type,
    expiresAt,
    token,
  }
  if (!(await isAllowed(session))) {
    throw new SessionTokenError(
      'ORGANIZATION_NOT_ALLOWED',
      `organization ${session.organizationId} is not one of this app's (the organizations option): a session the proxy issued to another app`,
    )
  }
  return session
}

interface SessionClaims {
  exp: number
  public_key: string
  session_type: string
  user_id: string
  organization_id: string
}

function sessionClaims(token: string): SessionClaims {
  let payload: JWTPayload
  try {
    payload = decodeJwt(token)
  } catch (cause) {
    throw new SessionTokenError('MALFORMED', 'not a JWT (its payload is not a JSON object)', { cause })
  }
  const { exp } = payload
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw new SessionTokenError('MALFORMED', 'not a session: claim "exp" is not a time in seconds')
  }
  for (const claim of ['public_key', 'session_type', 'user_id', 'organization_id'] as const) {
    const value = payload[claim]
    if (typeof value !== 'string' || value === '') {
      throw new SessionTokenError('MALFORMED', `not a session: claim "${claim}" is missing or not a string`)
    }
  }
  return payload as JWTPayload & SessionClaims
}

interface ResolvedOptions {
  isAllowed: (session: VerifiedSession) => Promise<boolean>
  keys: NotarizerKeySource
  toleranceSeconds: number
  now: () => number
}

function resolveOptions(options: VerifySessionOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('verifySessionToken: options: required, with at least `organizations`')
  }
  const { organizations, notarizerPublicKey, jwksUrl, clockToleranceSeconds, now = Date.now } = options
  let isAllowed: ResolvedOptions['isAllowed']
  if (typeof organizations === 'function') {
    isAllowed = async (session) => (await organizations(session.organizationId, session)) === true
  } else if (Array.isArray(organizations) && organizations.every((id) => typeof id === 'string' && id !== '')) {
    if (organizations.length === 0) {
      throw new TypeError(
        "organizations: an empty list refuses every session; list this app's organization ids, or pass a function that answers for one",
      )
    }
    const allowed = new Set(organizations)
    isAllowed = async (session) => allowed.has(session.organizationId)
  } else {
    throw new TypeError(
      "organizations: required, a list of this app's organization ids or a function (organizationId) => boolean: the proxy's key signs every app's sessions, so a valid signature does not say the caller is one of yours",
    )
  }
  if (notarizerPublicKey !== undefined && jwksUrl !== undefined) {
    throw new TypeError('notarizerPublicKey and jwksUrl: give one key source, not both')
  }
  const tolerance = clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError(`clockToleranceSeconds: expected a number of seconds >= 0, got ${String(tolerance)}`)
  }
  const keys =
    jwksUrl !== undefined
      ? jwksKeySource(jwksUrl, options.fetch)
      : hexKeySource(notarizerPublicKey ?? PRODUCTION_KEY, 'notarizerPublicKey')
  return { isAllowed, keys, toleranceSeconds: tolerance, now }
}
