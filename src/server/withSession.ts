import { authenticateRequest, type RequestSessionOptions } from './authenticateRequest'
import type { VerifiedSession } from './verifySessionToken'

/**
 * A route handler that runs only for a signed-in caller; any other gets the refusal (401 with
 * WWW-Authenticate, or 503 when the keys could not be had). Shaped as Next.js App Router route handlers
 * are, `(request, context) => Response`, and as any `Request` handler (Hono's `c.req.raw`, React
 * Router's and TanStack Start's server functions):
 *
 *   export const GET = withSession((request, session) => Response.json({ userId: session.userId }), options)
 */
export function withSession<Context = unknown>(
  handler: (request: Request, session: VerifiedSession, context: Context) => Response | Promise<Response>,
  options: RequestSessionOptions,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    const result = await authenticateRequest(request, options)
    return result.ok ? handler(request, result.session, context) : result.response
  }
}
