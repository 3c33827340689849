// Applying a fault: before the request is processed (error, page, drop) or to its answer after (drop
// after, late, truncate, contentType).
import { MockError } from '../http'
import type { MockFault } from '../types'
import { MockConnectionDropped } from './MockConnectionDropped'

const DEFAULT_PAGE_CONTENT_TYPE = 'text/html; charset=utf-8'

/** True for the faults that replace processing; the others let the request take effect. */
export function isFaultBefore(fault: MockFault): boolean {
  return fault.kind === 'error' || fault.kind === 'page' || (fault.kind === 'drop' && fault.after !== true)
}

/**
 * The answer to a request the fault stops before processing: throws a MockError (answered as the
 * proxy's own errors are) or MockConnectionDropped, or answers a gateway's page.
 */
export function faultBefore(fault: MockFault, target: string, cors: Record<string, string>): Response {
  switch (fault.kind) {
    case 'error': {
      const message = fault.message ?? `${target}: failing on purpose (mock fault plan)`
      if (fault.retryAfterSeconds === undefined) throw new MockError(fault.code, message)
      // As otp_init's own rate limit says when to try again: a RetryInfo detail and a Retry-After header.
      throw new MockError(fault.code, message, {
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${fault.retryAfterSeconds}s` }],
        headers: { 'Retry-After': String(fault.retryAfterSeconds) },
      })
    }
    case 'page':
      return gatewayPage(fault, cors)
    case 'drop':
      throw new MockConnectionDropped(target, false)
    default:
      throw new Error(`${target}: fault "${fault.kind}" applies after processing`)
  }
}

/** The processed request's answer as the fault delivers it (or fails to). */
export async function faultAfter(
  fault: MockFault,
  target: string,
  response: Response,
  signal: AbortSignal,
): Promise<Response> {
  switch (fault.kind) {
    case 'drop':
      // The answer is lost; its body is not needed.
      await response.body?.cancel()
      throw new MockConnectionDropped(target, true)
    case 'late':
      await delay(fault.ms, signal)
      return response
    case 'truncate': {
      const bytes = new Uint8Array(await response.arrayBuffer())
      const headers = new Headers(response.headers)
      headers.delete('Content-Length')
      return new Response(bytes.slice(0, Math.floor(bytes.length / 2)), { status: response.status, headers })
    }
    case 'contentType': {
      const headers = new Headers(response.headers)
      headers.set('Content-Type', fault.contentType ?? DEFAULT_PAGE_CONTENT_TYPE)
      return new Response(response.body, { status: response.status, headers })
    }
    default:
      throw new Error(`${target}: fault "${fault.kind}" applies before processing`)
  }
}

/**
 * A page from something in front of the proxy. It carries the CORS headers the proxy would have sent,
 * so that a page in a browser sees the status and Retry-After (what the kit classifies), rather than a
 * bare network failure.
 */
function gatewayPage(fault: Extract<MockFault, { kind: 'page' }>, cors: Record<string, string>): Response {
  const headers: Record<string, string> = { ...cors, 'Content-Type': fault.contentType ?? DEFAULT_PAGE_CONTENT_TYPE }
  if (fault.retryAfter !== undefined) {
    headers['Retry-After'] = fault.retryAfter
    if (cors['Access-Control-Allow-Origin'] !== undefined) headers['Access-Control-Expose-Headers'] = 'Retry-After'
  }
  const body =
    fault.body ??
    `<!DOCTYPE html>\n<html><head><title>${fault.status} Error</title></head><body><h1>${fault.status} Error</h1><p>The request could not be satisfied.</p></body></html>\n`
  return new Response(body, { status: fault.status, headers })
}

/** Waits `ms`, unless the client gives up first: then rejects as fetch does, with the signal's reason. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
