// The backend's settings, from the environment (.env; `npm run dev` adds the mock's JWKS URL).
import type { RequestSessionOptions } from 'auth-proxy-kit/server'
import { isOurOrganization } from './ourOrganizations'
import type { ProxyEventsOptions } from './proxyEvents'

type Env = Record<string, string | undefined>

/**
 * How /api/me checks sessions. AUTH_PROXY_SESSION_JWKS_URL (the mock's /.well-known/jwks.json) makes it
 * trust the mock's session key; unset, production's notarizer key is trusted, as it must be in production.
 */
export function sessionOptions(env: Env = process.env): RequestSessionOptions {
  const jwksUrl = env.AUTH_PROXY_SESSION_JWKS_URL
  return { organizations: isOurOrganization, ...(jwksUrl ? { jwksUrl } : {}) }
}

/** The webhook receiver's settings, or undefined when they are not set (the route then answers 503). */
export function proxyEventsOptions(env: Env = process.env): ProxyEventsOptions | undefined {
  const secret = env.AUTH_PROXY_WEBHOOK_SECRET
  const parentOrganizationId = env.AUTH_PROXY_ORGANIZATION_ID
  return secret && parentOrganizationId ? { secret, parentOrganizationId } : undefined
}
