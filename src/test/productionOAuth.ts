// The provider half of an OAuth sign-in as production's React kit does it (@turnkey/react-wallet-kit
// 2.4, utils/oauth/config, url and pkce; /work/briefs/OAUTH-PROTOCOL.md), against the mock's provider
// pages: @turnkey/core has no part of it. What a browser would do, done with fetch: open the authorize
// URL, press "Continue as <name>" on the consent page, read the answer from where the redirect puts it.
import { createHash, randomBytes } from 'node:crypto'
import type { TurnkeyClient } from '@turnkey/core'
import { mockOAuthEndpoints, type MockOAuthProvider } from '../mock/oauthProviders'
import type { MockAuthProxy } from '../mock/types'
import { PROXY_URL } from './productionClientHarness'

/** Production's per-provider settings (config.mjs OAUTH_PROVIDER_CONFIGS), authorize URLs aside. */
interface ProductionOAuthConfig {
  scopes: string
  usesPKCE: boolean
  responseType: string
  /** Where the answer comes back. */
  expectedResponseMode: 'query' | 'fragment'
  /** Sent as response_mode when set. */
  responseMode?: 'fragment'
  /** The nonce goes in the authorize URL; otherwise only in the state (X, Discord). */
  nonceInParams: boolean
}

export const PRODUCTION_OAUTH_CONFIGS: Readonly<Record<MockOAuthProvider, ProductionOAuthConfig>> = {
  google: {
    scopes: 'openid email profile',
    usesPKCE: false,
    responseType: 'id_token',
    expectedResponseMode: 'fragment',
    nonceInParams: true,
  },
  apple: {
    scopes: '',
    usesPKCE: false,
    responseType: 'code id_token',
    expectedResponseMode: 'fragment',
    responseMode: 'fragment',
    nonceInParams: true,
  },
  facebook: {
    scopes: 'openid',
    usesPKCE: true,
    responseType: 'code',
    expectedResponseMode: 'query',
    nonceInParams: true,
  },
  discord: {
    scopes: 'identify email',
    usesPKCE: true,
    responseType: 'code',
    expectedResponseMode: 'query',
    nonceInParams: false,
  },
  x: {
    scopes: 'tweet.read users.read',
    usesPKCE: true,
    responseType: 'code',
    expectedResponseMode: 'query',
    nonceInParams: false,
  },
}

/** The mock's stand-ins for the providers' authorize pages and Facebook's token endpoint. */
const MOCK_ENDPOINTS = mockOAuthEndpoints(PROXY_URL)

/** The app's OAuth callback page; the test tenant restricts none. */
export const REDIRECT_URI = 'https://app.test/oauth/callback'

/**
 * An OIDC token for `identityName` at `provider`, bound to `publicKey` (nonce = hex(sha256(publicKey))),
 * obtained as production's React kit obtains it: Google and Apple from the fragment, Facebook from the
 * provider's token endpoint, X and Discord from the proxy's oauth2_authenticate through production's
 * own client.
 */
export async function productionOidcToken(
  proxy: MockAuthProxy,
  client: TurnkeyClient,
  provider: MockOAuthProvider,
  identityName: string,
  publicKey: string,
): Promise<string> {
  const config = PRODUCTION_OAUTH_CONFIGS[provider]
  // Production reads the client id from wallet_kit_config (its masterConfig.auth.oauthConfig).
  const { oauthClientIds } = await client.getProxyAuthConfig()
  const clientId: unknown = oauthClientIds?.[provider]
  if (typeof clientId !== 'string') throw new Error(`wallet_kit_config has no ${provider} client id`)
  const nonce = createHash('sha256').update(publicKey, 'utf8').digest('hex')
  const verifier = randomBytes(32).toString('base64url')

  // buildOAuthUrl, parameter by parameter, in its order.
  const authorizeUrl = new URL(MOCK_ENDPOINTS.oauthAuthorizeUrls[provider])
  authorizeUrl.searchParams.set('client_id', clientId)
  authorizeUrl.searchParams.set('redirect_uri', REDIRECT_URI)
  authorizeUrl.searchParams.set('response_type', config.responseType)
  if (config.scopes) authorizeUrl.searchParams.set('scope', config.scopes)
  if (config.responseMode) authorizeUrl.searchParams.set('response_mode', config.responseMode)
  if (config.usesPKCE) {
    authorizeUrl.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'))
    authorizeUrl.searchParams.set('code_challenge_method', 'S256')
  }
  if (config.nonceInParams) authorizeUrl.searchParams.set('nonce', nonce)
  if (provider === 'google') authorizeUrl.searchParams.set('prompt', 'select_account')
  let state = `provider=${provider}&flow=popup&publicKey=${encodeURIComponent(publicKey)}`
  if (!config.nonceInParams) state += `&nonce=${nonce}`
  authorizeUrl.searchParams.set('state', state)

  const consent = await proxy.handle(new Request(authorizeUrl))
  const page = await consent.text()
  if (consent.status !== 200) throw new Error(`${provider} authorize answered ${consent.status}: ${page.slice(0, 500)}`)
  const answer = await pressContinueAs(proxy, authorizeUrl, page, identityName)

  const returned =
    config.expectedResponseMode === 'fragment' ? new URLSearchParams(answer.hash.slice(1)) : answer.searchParams
  if (`${answer.origin}${answer.pathname}` !== REDIRECT_URI) throw new Error(`${provider} redirected to ${answer.href}`)
  const error = returned.get('error')
  if (error !== null) throw new Error(`${provider} answered error=${error}: ${returned.get('error_description') ?? ''}`)
  // Production's consumeOAuthState: the state must come back as sent.
  if (returned.get('state') !== state)
    throw new Error(`${provider} returned state ${returned.get('state')}, not ${state}`)

  if (!config.usesPKCE) {
    const idToken = returned.get('id_token')
    if (idToken === null) throw new Error(`${provider} answered no id_token in the ${config.expectedResponseMode}`)
    return idToken
  }
  const code = returned.get('code')
  if (code === null) throw new Error(`${provider} answered no code in the ${config.expectedResponseMode}`)
  if (provider === 'facebook') return exchangeFacebookCode(clientId, code, verifier)
  const { oidcToken } = await client.httpClient.proxyOAuth2Authenticate({
    provider: provider === 'x' ? 'OAUTH2_PROVIDER_X' : 'OAUTH2_PROVIDER_DISCORD',
    authCode: code,
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
    clientId,
    nonce,
  })
  return oidcToken
}

/** exchangeFacebookCodeForToken, at the mock's stand-in for graph.facebook.com. */
async function exchangeFacebookCode(clientId: string, code: string, verifier: string): Promise<string> {
  const response = await fetch(MOCK_ENDPOINTS.oauthTokenUrls.facebook, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      code,
      grant_type: 'authorization_code',
    }).toString(),
  })
  const body = (await response.json()) as { id_token?: unknown }
  if (!response.ok || typeof body.id_token !== 'string') {
    throw new Error(`Facebook token exchange failed: ${response.status} ${JSON.stringify(body)}`)
  }
  return body.id_token
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const unescapeHtml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    return NAMED_ENTITIES[name] ?? entity
  })
const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
  return value === undefined ? undefined : unescapeHtml(value)
}

/**
 * Submits the consent page's form whose button reads "Continue as <identityName>", as a browser would:
 * its inputs and the pressed button's name and value, form-encoded, to the form's action. Answers the
 * URL the 303 redirect leads to.
 */
async function pressContinueAs(proxy: MockAuthProxy, pageUrl: URL, page: string, identityName: string): Promise<URL> {
  for (const [, formTag = '', body = ''] of page.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/g)) {
    const button = [...body.matchAll(/(<button\b[^>]*>)([\s\S]*?)<\/button>/g)].find(
      ([, , label = '']) => unescapeHtml(label.replace(/<[^>]*>/g, '')).trim() === `Continue as ${identityName}`,
    )
    if (button === undefined) continue
    const form = new URLSearchParams()
    for (const [input = ''] of body.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input, 'name')
      if (name !== undefined) form.append(name, attribute(input, 'value') ?? '')
    }
    const name = attribute(button[1] ?? '', 'name')
    if (name !== undefined) form.append(name, attribute(button[1] ?? '', 'value') ?? '')
    const response = await proxy.handle(
      new Request(new URL(attribute(formTag, 'action') ?? '', pageUrl), {
        method: (attribute(formTag, 'method') ?? 'get').toUpperCase(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      }),
    )
    const location = response.headers.get('Location')
    if (response.status !== 303 || location === null) {
      throw new Error(`consent answered ${response.status}: ${(await response.text()).slice(0, 500)}`)
    }
    return new URL(location)
  }
  throw new Error(`the consent page has no "Continue as ${identityName}" button`)
}
