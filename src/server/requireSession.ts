import { authenticateRequest, type RequestSessionOptions } from './authenticateRequest'
import type { VerifiedSession } from './verifySessionToken'

/**
 * The session a request carries, or a thrown Response: the refusal authenticateRequest makes (401 with
 * WWW-Authenticate, or 503). For frameworks that answer a thrown Response as is, such as React Router's
 * loaders and actions: `const session = await requireSession(request, options)`.
 */
export async function requireSession(request: Request, options: RequestSessionOptions): Promise<VerifiedSession> {
  const result = await authenticateRequest(request, options)
  if (result.ok) return result.session
  throw result.response
}
