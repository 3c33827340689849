// The OAuth providers the mock stands in for, and how each is named: in tenants and wallet_kit_config
// (`google`), on the wire (`OAUTH2_PROVIDER_GOOGLE`), and as the issuer of the OIDC tokens it signs.
import type { EnabledProvider, OAuth2Provider } from '../core/types'

export type MockOAuthProvider = Extract<EnabledProvider, 'google' | 'apple' | 'x' | 'discord' | 'facebook'>

export const MOCK_OAUTH_PROVIDERS: readonly MockOAuthProvider[] = ['google', 'apple', 'x', 'discord', 'facebook']

/** The demo tenant's client id per provider; any tenant may use the same ones. */
export const DEMO_OAUTH_CLIENT_IDS: Readonly<Record<MockOAuthProvider, string>> = {
  google: 'demo-google-client',
  apple: 'demo-apple-client',
  x: 'demo-x-client',
  discord: 'demo-discord-client',
  facebook: 'demo-facebook-client',
}

export const OAUTH2_PROVIDERS: readonly OAuth2Provider[] = MOCK_OAUTH_PROVIDERS.map(wireProviderName)

/**
 * Issuers are fixed rather than derived from the URL the mock is reached at: a token issued through the
 * Vite dev server must verify when a test reaches the same instance at another origin. The `.invalid`
 * top-level domain is reserved (RFC 2606), so no one can mistake it for a real provider.
 */
const ISSUER_PREFIX = 'https://mock-auth-proxy.invalid/oauth/'

export function isMockOAuthProvider(value: string): value is MockOAuthProvider {
  return (MOCK_OAUTH_PROVIDERS as readonly string[]).includes(value)
}

export function wireProviderName(provider: MockOAuthProvider): OAuth2Provider {
  return `OAUTH2_PROVIDER_${provider.toUpperCase()}` as OAuth2Provider
}

export function providerFromWire(provider: OAuth2Provider): MockOAuthProvider {
  return provider.slice('OAUTH2_PROVIDER_'.length).toLowerCase() as MockOAuthProvider
}

/** The `iss` of the OIDC tokens the mock signs for `provider`. */
export function mockOidcIssuer(provider: MockOAuthProvider): string {
  return `${ISSUER_PREFIX}${provider}`
}

export function providerForIssuer(issuer: string): MockOAuthProvider | undefined {
  if (!issuer.startsWith(ISSUER_PREFIX)) return undefined
  const name = issuer.slice(ISSUER_PREFIX.length)
  return isMockOAuthProvider(name) ? name : undefined
}

/**
 * Where the kit sends the browser to sign in with each provider when it runs against the mock
 * (`KitOptions.oauthAuthorizeUrls`). `proxyUrl` is the mock's URL, basePath included.
 */
export function mockOAuthAuthorizeUrls(proxyUrl: string): Record<MockOAuthProvider, string> {
  const base = proxyUrl.replace(/\/+$/, '')
  const urls = {} as Record<MockOAuthProvider, string>
  for (const provider of MOCK_OAUTH_PROVIDERS) urls[provider] = `${base}/__mock/oauth/${provider}/authorize`
  return urls
}
