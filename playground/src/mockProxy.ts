/** Where the dev server mounts the mock proxy (playground/vite.config.ts). */
export const MOCK_PROXY_PATH = '/auth-proxy'
/** The mock's demo tenant (DEMO_CONFIG_ID); a literal so the page does not bundle the mock itself. */
export const CONFIG_ID = 'demo'

/**
 * The mock's consent pages, standing in for each provider's authorization endpoint: the same URLs as
 * mockOAuthAuthorizeUrls(proxyUrl) from auth-proxy-kit/mock, written out here because that entry also
 * re-exports the whole mock (handler, Node server, Vite plugin), which the page has no use for.
 */
export function mockOAuthAuthorizeUrls(proxyUrl: string) {
  const base = proxyUrl.replace(/\/+$/, '')
  return {
    google: `${base}/__mock/oauth/google/authorize`,
    apple: `${base}/__mock/oauth/apple/authorize`,
    x: `${base}/__mock/oauth/x/authorize`,
    discord: `${base}/__mock/oauth/discord/authorize`,
    facebook: `${base}/__mock/oauth/facebook/authorize`,
  }
}
