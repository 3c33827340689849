// The test Turnstile: the widget's script, and the token its checkbox asks for. Cloudflare plays both
// parts in production (challenges.cloudflare.com); offline, the mock does.
import { CAPTCHA_TOKEN_LIFETIME_SECONDS, issueCaptchaToken } from './captcha'
import { MockError, type Responder, corsHeaders, isOriginAllowed, jsonResponse } from './http'
import { decodeUtf8, readBodyBytes } from './requestBody'
import { turnstileScript } from './turnstileScript'
import type { MockState, ResolvedMockTenant } from './types'
import { Fields, parseJsonObject } from './validate'

export const TURNSTILE_SCRIPT_PATH = '/__mock/turnstile/v0/api.js'
export const TURNSTILE_TOKEN_PATH = '/__mock/turnstile/token'

export interface TurnstileRouteContext {
  tenants: readonly ResolvedMockTenant[]
  state: MockState
  now: () => number
  basePath: string
  /** The request's Origin (or the page's, in a page); null when it has none. */
  origin: string | null
  respond: Responder
}

/** The answer for a path under /__mock/turnstile/, or undefined when it is not one of the two. */
export async function turnstileRoute(
  request: Request,
  url: URL,
  path: string,
  context: TurnstileRouteContext,
): Promise<Response | undefined> {
  if (path === TURNSTILE_SCRIPT_PATH && request.method === 'GET') return script(url, context)
  if (path === TURNSTILE_TOKEN_PATH && request.method === 'POST') return token(request, context)
  return undefined
}

/** A global function name, as Cloudflare's `?onload=` takes: the script calls it, so nothing else. */
const GLOBAL_NAME = /^[A-Za-z_$][\w$]*$/

function script(url: URL, { basePath, respond }: TurnstileRouteContext): Response {
  const onload = url.searchParams.get('onload') ?? undefined
  if (onload !== undefined && !GLOBAL_NAME.test(onload)) {
    throw new MockError(3, `onload: expected the name of a global function, got ${JSON.stringify(onload)}`)
  }
  const render = url.searchParams.get('render') ?? undefined
  const tokenUrl = new URL(`${basePath}${TURNSTILE_TOKEN_PATH}`, url).href
  return new Response(turnstileScript({ tokenUrl, onload, render }), {
    headers: {
      ...respond.cors,
      'Content-Type': 'text/javascript; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      // A page isolated by COEP (require-corp) may still load it, as it loads Cloudflare's.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-store',
    },
  })
}

/**
 * The checkbox's request: `{sitekey}` answers `{token, expiresInSeconds}`. The site key must be a
 * tenant's, and the page's origin one that tenant allows, as Cloudflare checks the widget's domains.
 */
async function token(
  request: Request,
  { tenants, state, now, origin, respond }: TurnstileRouteContext,
): Promise<Response> {
  const body = new Fields(parseJsonObject(decodeUtf8(await readBodyBytes(request)), false))
  const siteKey = body.nonEmptyString('sitekey')
  const tenant = tenants.find((candidate) => candidate.turnstileSiteKey === siteKey)
  if (tenant === undefined) {
    const known = tenants.flatMap((candidate) => candidate.turnstileSiteKey ?? [])
    throw new MockError(
      5,
      `sitekey: no tenant has Turnstile site key "${siteKey}" (${known.length === 0 ? 'no tenant sets turnstileSiteKey' : `site keys: ${known.join(', ')}`})`,
    )
  }
  if (origin !== null && !isOriginAllowed(tenant.allowedOrigins, origin)) {
    respond.cors = {}
    throw new MockError(
      7,
      `Origin: ${origin} is not allowed for config id "${tenant.configId}", whose site key this is (allowed: ${tenant.allowedOrigins.join(', ')})`,
    )
  }
  respond.cors = corsHeaders(origin)
  const issued = issueCaptchaToken(state, siteKey, now())
  return jsonResponse({ token: issued, expiresInSeconds: CAPTCHA_TOKEN_LIFETIME_SECONDS }, 200, respond.cors)
}
