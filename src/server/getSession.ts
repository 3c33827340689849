import { authenticateRequest, type RequestSessionOptions } from './authenticateRequest'
import type { VerifiedSession } from './verifySessionToken'

/**
 * The session a request carries, or null when it carries no valid one (none, forged, expired, another
 * app's): for pages and loaders that render differently for a signed-in caller. Throws when it cannot
 * decide: SessionTokenError KEYS_UNAVAILABLE (the JWKS could not be fetched), a TypeError for bad
 * options, or what an `organizations` function threw.
 */
export async function getSession(request: Request, options: RequestSessionOptions): Promise<VerifiedSession | null> {
  const result = await authenticateRequest(request, options)
  if (result.ok) return result.session
  if (result.error.code === 'KEYS_UNAVAILABLE') throw result.error
  return null
}
