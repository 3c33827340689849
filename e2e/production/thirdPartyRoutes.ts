// Production's React kit names the third parties it talks to by their real addresses, with no option to
// name others: the five providers' authorize pages and Facebook's token endpoint
// (utils/oauth/config.mjs), Cloudflare's Turnstile script (@marsidev/react-turnstile). The browser
// context sends each to the mock's stand-in, so that the kit's own code runs unchanged; anything else
// leaving the two test origins is answered 404 and recorded, so that the run stays offline.
import type { BrowserContext, Route } from '@playwright/test'
import { mockOAuthEndpoints, type MockOAuthProvider } from '../../src/mock/oauthProviders'
import { TURNSTILE_SCRIPT_PATH, TURNSTILE_TOKEN_PATH } from '../../src/mock/turnstileRoute'

/** Production's authorize URLs (config.mjs, 2.4.3), each played by the mock. */
const PROVIDER_AUTHORIZE_URLS: Readonly<Record<MockOAuthProvider, string>> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  apple: 'https://account.apple.com/auth/authorize',
  facebook: 'https://www.facebook.com/v11.0/dialog/oauth',
  x: 'https://x.com/i/oauth2/authorize',
  discord: 'https://discord.com/oauth2/authorize',
}
const FACEBOOK_GRAPH_TOKEN_URL = 'https://graph.facebook.com/v11.0/oauth/access_token'
/** Where @marsidev/react-turnstile loads Cloudflare's script from; the widget asks ../token beside it. */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

export interface ThirdPartyRoutes {
  /** Requests to neither test origin nor a stand-in, answered 404: the phone input's flag images. */
  unexpected: string[]
}

/** Sends the third parties production's kit calls in `context` to the mock at `mockUrl`. */
export async function routeThirdPartiesToMock(
  context: BrowserContext,
  mockUrl: string,
  pageUrl: string,
): Promise<ThirdPartyRoutes> {
  const routes: ThirdPartyRoutes = { unexpected: [] }
  const own = new Set([new URL(mockUrl).origin, new URL(pageUrl).origin])
  // Registered first, so that every route below takes precedence over it.
  await context.route(
    (url) => !own.has(url.origin),
    (route) => {
      routes.unexpected.push(route.request().url())
      return route.fulfill({ status: 404 })
    },
  )
  const endpoints = mockOAuthEndpoints(mockUrl)
  for (const [provider, authorizeUrl] of Object.entries(PROVIDER_AUTHORIZE_URLS)) {
    const standIn = endpoints.oauthAuthorizeUrls[provider as MockOAuthProvider]
    // A redirect, as a real move between sites: the consent page then posts to the mock's own origin.
    await context.route(
      (url) => `${url.origin}${url.pathname}` === authorizeUrl,
      (route) =>
        route.fulfill({ status: 302, headers: { Location: `${standIn}${new URL(route.request().url()).search}` } }),
    )
  }
  await context.route(FACEBOOK_GRAPH_TOKEN_URL, (route) => forward(route, endpoints.oauthTokenUrls.facebook))
  await context.route(
    (url) => url.origin === TURNSTILE_ORIGIN && url.pathname === '/turnstile/v0/api.js',
    (route) => forward(route, `${mockUrl}${TURNSTILE_SCRIPT_PATH}${new URL(route.request().url()).search}`),
  )
  await context.route(`${TURNSTILE_ORIGIN}/turnstile/token`, (route) =>
    forward(route, `${mockUrl}${TURNSTILE_TOKEN_PATH}`),
  )
  return routes
}

/** Answers `route` with what the mock answers at `url` for the same request. */
async function forward(route: Route, url: string): Promise<void> {
  await route.fulfill({ response: await route.fetch({ url }) })
}
