// Who may use the mock's development routes (/__mock/*): the outbox holds every code "sent", the fault
// plan and the test identities change what the next sign-in does. A page on any other origin must not read
// or change them, whatever content type it sends: a cross-origin `POST` with `Content-Type: text/plain`
// needs no preflight, so CORS alone never stops it (it only hides the answer).
import { MockError } from './http'
import type { ResolvedMockTenant } from './types'

/**
 * Routes under /__mock/ that anyone may use, by method and path: what a browser navigates to or loads as
 * a subresource from any page (the consent page, a provider's keys and discovery document, the page's
 * stylesheet, the Turnstile script), and what production serves to every origin behind its own proof
 * (Facebook's token endpoint redeems a code with its PKCE verifier; the Turnstile token checks the origin
 * against its site key's tenant, as Cloudflare checks the widget's domains).
 */
const PUBLIC_ROUTES: readonly { methods: readonly string[] | 'any'; path: RegExp }[] = [
  { methods: ['GET', 'HEAD'], path: /^\/__mock\/oauth\/[^/]+\/authorize$/ },
  { methods: 'any', path: /^\/__mock\/oauth\/[^/]+\/(?:jwks\.json|\.well-known\/openid-configuration)$/ },
  { methods: 'any', path: /^\/__mock\/oauth\/facebook\/v11\.0\/oauth\/access_token$/ },
  { methods: ['GET', 'HEAD'], path: /^\/__mock\/oauth\/consent\.css$/ },
  { methods: ['GET', 'HEAD'], path: /^\/__mock\/turnstile\/v0\/api\.js$/ },
  { methods: ['POST', 'OPTIONS'], path: /^\/__mock\/turnstile\/token$/ },
]

/** True for a /__mock/ route whose reads or changes are for the developer and their tests only. */
export function isDevRoute(method: string, path: string): boolean {
  if (!path.startsWith('/__mock/')) return false
  return !PUBLIC_ROUTES.some(
    (route) => (route.methods === 'any' || route.methods.includes(method)) && route.path.test(path),
  )
}

export interface DevRouteCaller {
  /** The request's Origin, or the one the page the mock runs in would have sent; null when none. */
  origin: string | null
  /** The browser's own word on where the request comes from (Fetch Metadata); a page cannot set it. */
  fetchSite: string | null
  /** The mock's own origin, as the request addressed it. */
  ownOrigin: string
}

/**
 * The PERMISSION_DENIED (7) to answer, or undefined when the caller may go on: when the request comes
 * from no browser at all (no Origin, and no Sec-Fetch-Site or `none`: a test, curl, a server, an address
 * typed in the address bar), from the mock's own origin (its consent page, the Vite plugin's app), or from
 * an origin a tenant lists by name. A tenant's `'*'` does not count: it lets every page call the proxy,
 * as production's can, not read the codes of whoever runs the mock.
 */
export function devRouteRefusal(
  caller: DevRouteCaller,
  request: { method: string; pathname: string },
  tenants: readonly ResolvedMockTenant[],
): MockError | undefined {
  const { origin, fetchSite, ownOrigin } = caller
  if (fetchSite === 'same-origin') return undefined
  const what = `${request.method} ${request.pathname}`
  if (origin === null) {
    if (fetchSite === null || fetchSite === 'none') return undefined
    // A link or an <img> on another page: a browser sends no Origin with a GET it makes without CORS.
    return new MockError(
      7,
      `${what}: refused to a page of another origin (Sec-Fetch-Site: ${fetchSite}); the mock's development routes answer its own pages, origins a tenant lists in allowedOrigins, and callers outside a browser`,
    )
  }
  if (origin === ownOrigin) return undefined
  if (tenants.some((tenant) => tenant.allowedOrigins.includes(origin))) return undefined
  return new MockError(
    7,
    `Origin: ${origin} may not use the mock's development routes (${what}); to allow it, list "${origin}" in a tenant's allowedOrigins (a '*' does not count here), or call from a test or server, which sends no Origin`,
  )
}
