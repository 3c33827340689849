// The mock's OAuth authorization server, in the same handler as the proxy: per provider an authorize
// page listing test identities and a consent endpoint that answers as that provider does (Google's
// id_token and Apple's code and id_token in the fragment, a code in the query for Facebook, X and
// Discord), each OIDC provider's keys and discovery document, Facebook's token endpoint, the page's
// stylesheet, and the identities list tests and the playground add to. Like a real provider it never
// sends the browser to a redirect_uri it has not validated: a bad request gets an error page, not a redirect.
import { MockError, httpStatusForGrpc, jsonResponse } from './http'
import { readAuthorizeRequest, type AnswerPlace, type AuthorizeRequest } from './oauthAuthorizeRequest'
import { issueAuthorizationCode, randomCode } from './oauthCodes'
import { publishedDocument } from './oauthDiscovery'
import { readForm } from './oauthForm'
import { facebookTokenEndpoint } from './oauthFacebookToken'
import { addOAuthIdentities, findOAuthIdentity } from './oauthIdentities'
import { issueOidcToken, type OidcTokenIssuer } from './oauthIdTokens'
import { CONSENT_CSS, consentPage, errorPage, htmlResponse } from './oauthPages'
import { MOCK_OAUTH_PROVIDERS, isMockOAuthProvider, type MockOAuthProvider } from './oauthProviders'
import type { TokenAuthority } from './tokens'
import type { MockOAuthIdentity, MockState, ResolvedMockTenant } from './types'
import { parseJsonObject } from './validate'

const PAGE_PATH = /^\/__mock\/oauth\/([^/]+)\/(authorize|consent)$/
const PUBLISHED_PATH = /^\/__mock\/oauth\/([^/]+)\/(jwks\.json|\.well-known\/openid-configuration)$/
const FACEBOOK_TOKEN_PATH = '/__mock/oauth/facebook/v11.0/oauth/access_token'

export interface OAuthServerOptions {
  tenants: readonly ResolvedMockTenant[]
  state: MockState
  tokens: TokenAuthority
  basePath: string
  now: () => number
}

export interface OAuthServer {
  /**
   * The answer for a path under /__mock/oauth/, or undefined when the path (or, for a preflight, the
   * method) is not the server's own to answer.
   */
  route(request: Request, url: URL, path: string, cors: Record<string, string>): Promise<Response | undefined>
}

export function createOAuthServer({ tenants, state, tokens, basePath, now }: OAuthServerOptions): OAuthServer {
  const cssPath = `${basePath}/__mock/oauth/consent.css`
  const issuer: OidcTokenIssuer = { tokens, state, now }

  async function route(
    request: Request,
    url: URL,
    path: string,
    cors: Record<string, string>,
  ): Promise<Response | undefined> {
    // Open to every origin, preflight included, as Graph is.
    if (path === FACEBOOK_TOKEN_PATH) return facebookTokenEndpoint(request, issuer)
    const published = PUBLISHED_PATH.exec(path)
    if (published !== null) {
      const [, providerName = '', document = ''] = published
      return publishedDocument(request, url, { providerName, document, tokens, basePath })
    }
    // Any other preflight is the proxy's to answer.
    if (request.method === 'OPTIONS') return undefined

    if (path === '/__mock/oauth/consent.css') {
      if (request.method !== 'GET') return undefined
      return new Response(CONSENT_CSS, {
        headers: { 'Content-Type': 'text/css; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      })
    }
    if (path === '/__mock/oauth/identities') return identities(request, url, cors)

    const match = PAGE_PATH.exec(path)
    if (match === null) return undefined
    const [, providerName = '', action] = match
    const expectedMethod = action === 'authorize' ? 'GET' : 'POST'
    if (request.method !== expectedMethod) {
      const page = errorPage(`${request.method} ${url.pathname}: use ${expectedMethod}`, cssPath)
      return htmlResponse(page, 405, { Allow: expectedMethod })
    }
    try {
      if (!isMockOAuthProvider(providerName)) throw unknownProvider(providerName)
      return action === 'authorize' ? authorize(providerName, url.searchParams) : await consent(providerName, request)
    } catch (error) {
      if (!(error instanceof MockError)) throw error
      return htmlResponse(errorPage(error.message, cssPath), httpStatusForGrpc(error.code))
    }
  }

  function authorize(provider: MockOAuthProvider, query: URLSearchParams): Response {
    const request = readAuthorizeRequest(provider, query, tenants)
    const page = consentPage({
      provider,
      parameters: request.parameters,
      identities: state.oauthIdentities.filter((identity) => identity.provider === provider),
      consentPath: `${basePath}/__mock/oauth/${provider}/consent`,
      cssPath,
    })
    return htmlResponse(page, 200)
  }

  /** The consent form posts the authorize parameters back: they are checked again, as if new. */
  async function consent(provider: MockOAuthProvider, request: Request): Promise<Response> {
    const form = await readForm(request)
    const authorizeRequest = readAuthorizeRequest(provider, form, tenants)
    const identity = form.getAll('identity')
    const cancel = form.getAll('cancel')
    if (identity.length + cancel.length !== 1) {
      throw new MockError(3, 'identity: expected exactly one of identity (the chosen sub) or cancel')
    }
    if (cancel.length === 1) {
      // The user said no: RFC 6749 4.1.2.1, with the state so that the app can match the answer, in the
      // place the answer would have come.
      return answer(authorizeRequest, [
        ['error', 'access_denied'],
        ['state', authorizeRequest.state],
      ])
    }
    const sub = identity[0] ?? ''
    const chosen = findOAuthIdentity(state, provider, sub)
    if (chosen === undefined) throw new MockError(3, `identity: ${provider} has no identity with sub "${sub}"`)
    return answer(authorizeRequest, await answerFor(authorizeRequest, chosen))
  }

  /** What the provider sends back, in its order. */
  async function answerFor(request: AuthorizeRequest, identity: MockOAuthIdentity): Promise<[string, string][]> {
    const { provider, clientId, state: oauthState } = request
    switch (provider) {
      case 'google': {
        const idToken = await issueOidcToken(issuer, { identity, clientId, nonce: nonceOf(request) })
        // Google adds which signed-in account answered and whether it asked for consent.
        return [
          ['state', oauthState],
          ['id_token', idToken],
          ['authuser', '0'],
          ['prompt', 'consent'],
        ]
      }
      case 'apple': {
        const idToken = await issueOidcToken(issuer, { identity, clientId, nonce: nonceOf(request) })
        // Apple's code redeems at Apple's token endpoint, which production never calls (it uses the
        // id_token), so the mock keeps none.
        return [
          ['state', oauthState],
          ['code', randomCode()],
          ['id_token', idToken],
        ]
      }
      case 'facebook':
      case 'x':
      case 'discord':
        return [
          ['code', issueAuthorizationCode(state, request, identity.sub, now())],
          ['state', oauthState],
        ]
    }
  }

  async function identities(request: Request, url: URL, cors: Record<string, string>): Promise<Response | undefined> {
    if (request.method === 'GET') {
      const provider = url.searchParams.get('provider')
      const listed =
        provider === null
          ? state.oauthIdentities
          : state.oauthIdentities.filter((identity) => identity.provider === provider)
      return jsonResponse(listed, 200, cors)
    }
    if (request.method !== 'POST') return undefined
    const added = addOAuthIdentities(state, parseJsonObject(await request.text(), false))
    return jsonResponse(added, 200, cors)
  }

  return { route }
}

/** 303, so that the browser follows with a GET and the form is not posted again on reload. */
function seeOther(location: URL): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  })
}

/** Sends the browser back to the redirect URI with `pairs` in the fragment or appended to the query. */
function answer(request: AuthorizeRequest, pairs: [string, string][]): Response {
  const redirect = new URL(request.redirectUri)
  const place: AnswerPlace = request.answerIn
  if (place === 'fragment') redirect.hash = new URLSearchParams(pairs).toString()
  else for (const [name, value] of pairs) redirect.searchParams.append(name, value)
  return seeOther(redirect)
}

function unknownProvider(name: string): MockError {
  return new MockError(3, `provider: unknown provider "${name}" (known: ${MOCK_OAUTH_PROVIDERS.join(', ')})`)
}

/** The nonce readAuthorizeRequest required for a provider that signs an id_token. */
function nonceOf(request: AuthorizeRequest): string {
  if (request.nonce === undefined) throw new TypeError(`${request.provider}: an id_token needs the authorize nonce`)
  return request.nonce
}
