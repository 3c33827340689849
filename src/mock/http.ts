// Building answers: JSON bodies, gRPC-style errors and CORS headers.
import { GRPC_HTTP_STATUS, type GrpcCode, type ProxyErrorBody } from '../core/types'

/** An error the proxy answers with: a gRPC `code` and a message that names the field at fault. */
export class MockError extends Error {
  override readonly name = 'MockError'
  readonly code: number

  constructor(code: GrpcCode | number, message: string) {
    super(message)
    this.code = code
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

export function errorResponse(error: MockError, headers: HeadersInit = {}): Response {
  const body: ProxyErrorBody = { code: error.code, message: error.message, details: [] }
  return jsonResponse(body, httpStatusForGrpc(error.code), headers)
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
}

/** Request headers the kit sends cross-origin, to the proxy and to the stamped public API. */
export const ALLOWED_REQUEST_HEADERS = 'Content-Type, X-Auth-Proxy-Config-Id, X-Stamp, X-Stamp-WebAuthn'
export const ALLOWED_METHODS = 'POST, GET, OPTIONS'
