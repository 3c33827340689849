// The OAuth providers the mock stands in for, how each is named (in tenants and wallet_kit_config
// `google`, on the wire `OAUTH2_PROVIDER_X`), and who issues each one's OIDC token. As in production,
// Google, Apple and Facebook issue their own id_token (the mock plays each as its own issuer, with the
// real `iss` and its own key); X and Discord are plain OAuth 2.0, so the proxy exchanges their code
// (oauth2_authenticate) and issues the OIDC token itself.
import type { EnabledProvider, OAuth2Provider } from '../core/types'

export type MockOAuthProvider = Extract<EnabledProvider, 'google' | 'apple' | 'x' | 'discord' | 'facebook'>

/** Providers that issue their own OIDC token (an id_token), signed by their own key. */
export type OidcProvider = Extract<MockOAuthProvider, 'google' | 'apple' | 'facebook'>

/** Providers without OIDC: the proxy redeems their code and issues the OIDC token (oauth2_authenticate). */
export type CodeExchangeProvider = Extract<MockOAuthProvider, 'x' | 'discord'>

export const MOCK_OAUTH_PROVIDERS: readonly MockOAuthProvider[] = ['google', 'apple', 'x', 'discord', 'facebook']

export const OIDC_PROVIDERS: readonly OidcProvider[] = ['google', 'apple', 'facebook']

export const CODE_EXCHANGE_PROVIDERS: readonly CodeExchangeProvider[] = ['x', 'discord']

/** The demo tenant's client id per provider; any tenant may use the same ones. */
export const DEMO_OAUTH_CLIENT_IDS: Readonly<Record<MockOAuthProvider, string>> = {
  google: 'demo-google-client',
  apple: 'demo-apple-client',
  x: 'demo-x-client',
  discord: 'demo-discord-client',
  facebook: 'demo-facebook-client',
}

/** Production's whole `oauth2_authenticate` enum, in its order. */
export const OAUTH2_PROVIDERS: readonly OAuth2Provider[] = CODE_EXCHANGE_PROVIDERS.map(wireProviderName)

/** The `iss` of each provider's own id_tokens: the real one, so that a kit checking it works unchanged. */
export const OIDC_PROVIDER_ISSUERS: Readonly<Record<OidcProvider, string>> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  facebook: 'https://www.facebook.com',
}

/**
 * The `iss` of the OIDC tokens the mock proxy issues for X and Discord. Fixed rather than derived from
 * the URL the mock is reached at: a token issued through the Vite dev server must verify when a test
 * reaches the same instance at another origin. The `.invalid` top-level domain is reserved (RFC 2606).
 */
export const MOCK_PROXY_OIDC_ISSUER = 'https://mock-auth-proxy.invalid'

export function isMockOAuthProvider(value: string): value is MockOAuthProvider {
  return (MOCK_OAUTH_PROVIDERS as readonly string[]).includes(value)
}

export function isOidcProvider(provider: MockOAuthProvider): provider is OidcProvider {
  return (OIDC_PROVIDERS as readonly string[]).includes(provider)
}

export function wireProviderName(provider: CodeExchangeProvider): OAuth2Provider {
  return `OAUTH2_PROVIDER_${provider.toUpperCase()}` as OAuth2Provider
}

export function providerFromWire(provider: OAuth2Provider): CodeExchangeProvider {
  return provider.slice('OAUTH2_PROVIDER_'.length).toLowerCase() as CodeExchangeProvider
}

/** The `iss` of the OIDC tokens for `provider`: its own for Google, Apple and Facebook, the proxy's otherwise. */
export function mockOidcIssuer(provider: MockOAuthProvider): string {
  return isOidcProvider(provider) ? OIDC_PROVIDER_ISSUERS[provider] : MOCK_PROXY_OIDC_ISSUER
}

/** The provider whose own key signs tokens of `issuer`, or undefined (the proxy's issuer, or a stranger). */
export function oidcProviderForIssuer(issuer: string): OidcProvider | undefined {
  return OIDC_PROVIDERS.find((provider) => OIDC_PROVIDER_ISSUERS[provider] === issuer)
}

/**
 * The `sub` of a proxy-issued token: one issuer speaks for both X and Discord, so the provider is part
 * of the subject and an X user never collides with a Discord user of the same provider id.
 */
export function proxyIssuedSubject(provider: CodeExchangeProvider, providerSub: string): string {
  return `${provider}:${providerSub}`
}

/** The provider a proxy-issued subject names, or undefined when it names none. */
export function providerOfProxyIssuedSubject(subject: string): CodeExchangeProvider | undefined {
  const provider = subject.slice(0, subject.indexOf(':'))
  return CODE_EXCHANGE_PROVIDERS.find((candidate) => candidate === provider)
}

/**
 * The mock's URL without a trailing slash; `proxyUrl` includes the basePath. A path stays a path ('/auth-proxy',
 * the quick start's): the kit resolves it against the page, as it does a path proxyUrl. Anything else
 * would send the person nowhere, so it is refused here, naming the call.
 */
function baseOf(proxyUrl: string, label: string): string {
  if (!isHttpUrl(proxyUrl) && !(typeof proxyUrl === 'string' && proxyUrl.startsWith('/'))) {
    throw new TypeError(
      `${label}: expected the mock's URL, absolute ('http://localhost:8787/auth-proxy') or a path on the page's origin ('/auth-proxy'), got ${JSON.stringify(proxyUrl)}`,
    )
  }
  return proxyUrl.replace(/\/+$/, '')
}

function isHttpUrl(value: unknown): boolean {
  try {
    return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Where the kit sends the browser to sign in with each provider when it runs against the mock
 * (`KitOptions.oauthAuthorizeUrls`). `proxyUrl` is the mock's URL, basePath included.
 */
export function mockOAuthAuthorizeUrls(proxyUrl: string): Record<MockOAuthProvider, string> {
  const base = baseOf(proxyUrl, 'mockOAuthAuthorizeUrls(proxyUrl)')
  const urls = {} as Record<MockOAuthProvider, string>
  for (const provider of MOCK_OAUTH_PROVIDERS) urls[provider] = `${base}/__mock/oauth/${provider}/authorize`
  return urls
}

export interface MockOAuthEndpoints {
  oauthAuthorizeUrls: Record<MockOAuthProvider, string>
  /** Facebook's token endpoint, where the client redeems its code for the id_token. */
  oauthTokenUrls: { facebook: string }
}

/**
 * Every provider URL the kit needs to run against the mock, to spread into the kit's options:
 * `createKit({ proxyUrl, configId, ...mockOAuthEndpoints(proxyUrl) })`. `proxyUrl` may be a path
 * ('/auth-proxy'): the endpoints are then paths too, which the kit resolves against the page. A page
 * the mock's Vite plugin serves needs none of this: the kit finds them there (see the plugin).
 */
export function mockOAuthEndpoints(proxyUrl: string): MockOAuthEndpoints {
  const base = baseOf(proxyUrl, 'mockOAuthEndpoints(proxyUrl)')
  return {
    oauthAuthorizeUrls: mockOAuthAuthorizeUrls(proxyUrl),
    oauthTokenUrls: { facebook: `${base}/__mock/oauth/facebook/v11.0/oauth/access_token` },
  }
}

/**
 * Where the keys that sign `provider`'s OIDC tokens are published: the provider's own JWKS for Google,
 * Apple and Facebook, the proxy's for X and Discord.
 */
export function mockOidcJwksUrl(proxyUrl: string, provider: MockOAuthProvider): string {
  const base = baseOf(proxyUrl, 'mockOidcJwksUrl(proxyUrl)')
  return isOidcProvider(provider) ? `${base}/__mock/oauth/${provider}/jwks.json` : `${base}/.well-known/jwks.json`
}
