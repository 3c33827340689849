// GET /api/me: answers only a signed-in caller of this app, with who they are. The route
// (app/api/me/route.ts) is this with the app's options; the tests build it with theirs.
import { withSession, type RequestSessionOptions } from 'auth-proxy-kit/server'

export function meRoute(options: RequestSessionOptions): (request: Request, context: unknown) => Promise<Response> {
  return withSession(
    (_request, session) =>
      Response.json(
        { userId: session.userId, organizationId: session.organizationId, expiresAt: session.expiresAt.toISOString() },
        // Per caller: no shared cache may keep it.
        { headers: { 'Cache-Control': 'private, no-store' } },
      ),
    options,
  )
}
