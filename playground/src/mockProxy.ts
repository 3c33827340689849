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
