/** Where the dev server mounts the mock proxy (playground/vite.config.ts). */
export const MOCK_PROXY_PATH = '/auth-proxy'

/**
 * The tenants the playground's mock serves (playground/vite.config.ts): the mock's demo tenant
 * (DEMO_CONFIG_ID: email, SMS, passkeys, Google and Apple), and one with every OAuth provider, for the
 * kinds the demo does not enable (Facebook's token endpoint, X and Discord through oauth2_authenticate),
 * and one with a captcha (a Turnstile site key: the mock's test widget). Literals, so that the page does
 * not bundle the mock itself.
 */
export const PLAYGROUND_CONFIG_IDS = ['demo', 'every-provider', 'captcha'] as const
export type PlaygroundConfigId = (typeof PLAYGROUND_CONFIG_IDS)[number]

export function isPlaygroundConfigId(value: unknown): value is PlaygroundConfigId {
  return (PLAYGROUND_CONFIG_IDS as readonly unknown[]).includes(value)
}

/** The mock's stand-in for Cloudflare's Turnstile script, for the captcha tenant's widget. */
export function mockTurnstileScriptUrl(proxyUrl: string): string {
  return `${proxyUrl.replace(/\/+$/, '')}/__mock/turnstile/v0/api.js`
}

/**
 * The mock's consent pages and Facebook token endpoint, standing in for each provider's: the same URLs
 * as mockOAuthEndpoints(proxyUrl) from auth-proxy-kit/mock (a test holds them equal), written out here
 * because that entry also re-exports the whole mock (handler, Node server, Vite plugin), which the page
 * has no use for.
 */
export function mockOAuthEndpoints(proxyUrl: string) {
  const base = proxyUrl.replace(/\/+$/, '')
  return {
    oauthAuthorizeUrls: {
      google: `${base}/__mock/oauth/google/authorize`,
      apple: `${base}/__mock/oauth/apple/authorize`,
      x: `${base}/__mock/oauth/x/authorize`,
      discord: `${base}/__mock/oauth/discord/authorize`,
      facebook: `${base}/__mock/oauth/facebook/authorize`,
    },
    oauthTokenUrls: { facebook: `${base}/__mock/oauth/facebook/v11.0/oauth/access_token` },
  }
}
