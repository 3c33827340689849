// auth-proxy-kit/server: who sent a request, on a backend. Verifies the session JWT the auth proxy issued
// (signature by the proxy's notarizer key, expiry, and that its organization is one of the app's), from
// an Authorization header or the session cookie. Framework-free: standard Request and Response and
// WebCrypto (Node 20+, edge runtimes, Bun, Deno); no React, nothing of the browser kit.
export { verifySessionToken, DEFAULT_CLOCK_TOLERANCE_SECONDS } from './verifySessionToken'
export type { SessionOrganizations, VerifiedSession, VerifySessionOptions } from './verifySessionToken'
export { SessionTokenError, isSessionTokenError } from './SessionTokenError'
export type { SessionTokenErrorCode } from './SessionTokenError'
export { PRODUCTION_NOTARIZER_PUBLIC_KEY, SESSION_NOTARIZER_KID } from './notarizerKey'
export { readSessionToken, DEFAULT_SESSION_COOKIE } from './readSessionToken'
export type { ReadSessionTokenOptions } from './readSessionToken'
export { authenticateRequest } from './authenticateRequest'
export type { AuthenticationResult, RequestSessionOptions } from './authenticateRequest'
export { getSession } from './getSession'
export { requireSession } from './requireSession'
export { withSession } from './withSession'
