// Building answers: JSON bodies, gRPC-style errors and CORS headers.
import { GRPC_HTTP_STATUS, type GrpcCode, type ProxyErrorBody } from '../core/types'
import type { MockFault } from './types'

export interface MockErrorOptions {
  /** The body's `details`: google.rpc detail objects, each with its `@type`. */
  details?: unknown[] | undefined
  /** Headers the answer carries besides CORS (`Retry-After`); a browser may read them (exposed). */
  headers?: Record<string, string> | undefined
}

/** An error the proxy answers with: a gRPC `code` and a message that names the field at fault. */
export class MockError extends Error {
  override readonly name = 'MockError'
  readonly code: number
  readonly details: unknown[]
  readonly headers: Record<string, string>

  constructor(code: GrpcCode | number, message: string, options: MockErrorOptions = {}) {
    super(message)
    this.code = code
    this.details = options.details ?? []
    this.headers = options.headers ?? {}
  }
}

/** HTTP status for a gRPC code; codes outside the table travel as 500, as a gateway would send them. */
export function httpStatusForGrpc(code: number): number {
  return (GRPC_HTTP_STATUS as Readonly<Record<number, number>>)[code] ?? 500
}

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const result = new Response(JSON.stringify(body), { status, headers })
  result.headers.set('Content-Type', 'application/json')
  return result
}

export function errorResponse(error: MockError, cors: Record<string, string> = {}): Response {
  const body: ProxyErrorBody = { code: error.code, message: error.message, details: error.details }
  const names = Object.keys(error.headers)
  // Beyond the CORS-safelisted few, a cross-origin page reads only the headers it is told it may.
  const expose: Record<string, string> =
    names.length > 0 && cors['Access-Control-Allow-Origin'] !== undefined
      ? { 'Access-Control-Expose-Headers': names.join(', ') }
      : {}
  return jsonResponse(body, httpStatusForGrpc(error.code), { ...cors, ...error.headers, ...expose })
}

/** True when `origin` is on the list; `'*'` allows every origin. */
export function isOriginAllowed(allowedOrigins: readonly string[], origin: string): boolean {
  return allowedOrigins.includes('*') || allowedOrigins.includes(origin)
}

/** Headers that let the browser read an answer: only for an allowed origin, and never a wildcard, so
 * that caches keep one answer per origin (`Vary`). */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (origin === null) return {}
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
}

/** Mutable per request: the CORS headers an answer (error or not) carries, as far as routing got. */
export interface Responder {
  cors: Record<string, string>
  /** A fault the fault plan applies to the answer once the request is processed, and where. */
  faultAfter?: { fault: MockFault; target: string } | undefined
}

/**
 * Request headers a production client sends cross-origin, to the proxy and to the stamped public API
 * (WIRE.md, Transport): `X-Client-Version` on every call of @turnkey/core, `X-Captcha-Token` when the
 * tenant has a Turnstile key, `X-Stamp-Attested` from the 2.x stamper. A browser refuses the whole
 * call when its preflight lists a header missing here.
 */
export const ALLOWED_REQUEST_HEADERS =
  'Content-Type, X-Auth-Proxy-Config-Id, X-Client-Version, X-Captcha-Token, X-Stamp, X-Stamp-WebAuthn, X-Stamp-Attested'
// DELETE: the fault plan's control (/__mock/faults) clears with it.
export const ALLOWED_METHODS = 'POST, GET, DELETE, OPTIONS'
