// The mock's OAuth authorization server, in the same handler as the proxy: an authorize page listing
// test identities, a consent endpoint that issues authorization codes, the page's stylesheet, and the
// identities list tests and the playground add to. Like a real provider it never sends the browser to a
// redirect_uri it has not validated: a bad request gets an error page, not a redirect.
import { base64url } from 'jose'
import { isoTime } from './endpoints/context'
import { MockError, httpStatusForGrpc, isOriginAllowed, jsonResponse } from './http'
import { addOAuthIdentities, findOAuthIdentity } from './oauthIdentities'
import { CONSENT_CSS, consentPage, errorPage, htmlResponse } from './oauthPages'
import { MOCK_OAUTH_PROVIDERS, isMockOAuthProvider, type MockOAuthProvider } from './oauthProviders'
import { isS256Challenge } from './pkce'
import type { MockState, ResolvedMockTenant } from './types'
import { isAbsoluteHttpUrl, parseJsonObject } from './validate'

/** Long enough to read a page and click, short enough that a leaked code is soon worthless. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60

/** The authorize request's parameters, each required exactly once. */
const AUTHORIZE_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const
type AuthorizeParameter = (typeof AUTHORIZE_PARAMETERS)[number]
type AuthorizeRequest = Record<AuthorizeParameter, string>

/** Generous for any real state or nonce, and keeps a page from echoing megabytes. */
const MAX_PARAMETER_LENGTH = 2048

const PAGE_PATH = /^\/__mock\/oauth\/([^/]+)\/(authorize|consent)$/

export interface OAuthServerOptions {
  tenants: readonly ResolvedMockTenant[]
  state: MockState
  basePath: string
  now: () => number
}

export interface OAuthServer {
  /** The answer for a path under /__mock/oauth/, or undefined when the path is not the server's. */
  route(request: Request, url: URL, path: string, cors: Record<string, string>): Promise<Response | undefined>
}

export function createOAuthServer({ tenants, state, basePath, now }: OAuthServerOptions): OAuthServer {
  const cssPath = `${basePath}/__mock/oauth/consent.css`

  async function route(
    request: Request,
    url: URL,
    path: string,
    cors: Record<string, string>,
  ): Promise<Response | undefined> {
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
      if (!isMockOAuthProvider(providerName)) {
        throw new MockError(3, `provider: unknown provider "${providerName}" (known: ${MOCK_OAUTH_PROVIDERS.join(', ')})`)
      }
      return action === 'authorize'
        ? authorize(providerName, url.searchParams)
        : await consent(providerName, request)
    } catch (error) {
      if (!(error instanceof MockError)) throw error
      return htmlResponse(errorPage(error.message, cssPath), httpStatusForGrpc(error.code))
    }
  }

  function authorize(provider: MockOAuthProvider, query: URLSearchParams): Response {
    const parameters = readAuthorizeRequest(provider, query)
    const page = consentPage({
      provider,
      parameters,
      identities: state.oauthIdentities.filter((identity) => identity.provider === provider),
      consentPath: `${basePath}/__mock/oauth/${provider}/consent`,
      cssPath,
    })
    return htmlResponse(page, 200)
  }

  /** The consent form posts the authorize parameters back: they are checked again, as if new. */
  async function consent(provider: MockOAuthProvider, request: Request): Promise<Response> {
    const contentType = request.headers.get('Content-Type') ?? ''
    if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
      const got = contentType === '' ? 'no Content-Type' : contentType
      throw new MockError(3, `request body: expected a form (application/x-www-form-urlencoded), got ${got}`)
    }
    const form = new URLSearchParams(await request.text())
    const parameters = readAuthorizeRequest(provider, form)
    const identity = form.getAll('identity')
    const cancel = form.getAll('cancel')
    if (identity.length + cancel.length !== 1) {
      throw new MockError(3, 'identity: expected exactly one of identity (the chosen sub) or cancel')
    }
    const redirect = new URL(parameters.redirect_uri)
    if (cancel.length === 1) {
      // The user said no: RFC 6749 4.1.2.1, with the state so that the app can match the answer.
      redirect.searchParams.set('error', 'access_denied')
      redirect.searchParams.set('state', parameters.state)
      return seeOther(redirect)
    }
    const sub = identity[0] ?? ''
    if (findOAuthIdentity(state, provider, sub) === undefined) {
      throw new MockError(3, `identity: ${provider} has no identity with sub "${sub}"`)
    }
    const code = base64url.encode(crypto.getRandomValues(new Uint8Array(32)))
    const issuedAt = now()
    state.oauthCodes[code] = {
      code,
      provider,
      clientId: parameters.client_id,
      redirectUri: parameters.redirect_uri,
      codeChallenge: parameters.code_challenge,
      nonce: parameters.nonce,
      scope: parameters.scope,
      sub,
      issuedAt: isoTime(issuedAt),
      expiresAt: isoTime(issuedAt + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000),
    }
    redirect.searchParams.set('code', code)
    redirect.searchParams.set('state', parameters.state)
    return seeOther(redirect)
  }

  async function identities(
    request: Request,
    url: URL,
    cors: Record<string, string>,
  ): Promise<Response | undefined> {
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

  /**
   * Every parameter present once and well-formed, the client id some tenant's for this provider with
   * the provider enabled, and the redirect URI one that tenant accepts.
   */
  function readAuthorizeRequest(provider: MockOAuthProvider, source: URLSearchParams): AuthorizeRequest {
    const request = {} as AuthorizeRequest
    for (const name of AUTHORIZE_PARAMETERS) {
      const values = source.getAll(name)
      if (values.length > 1) throw new MockError(3, `${name}: given ${values.length} times; send it once`)
      const value = values[0] ?? ''
      if (value.trim() === '') throw new MockError(3, `${name}: missing`)
      if (value.length > MAX_PARAMETER_LENGTH) {
        throw new MockError(3, `${name}: longer than ${MAX_PARAMETER_LENGTH} characters`)
      }
      request[name] = value
    }
    if (request.response_type !== 'code') {
      throw new MockError(3, `response_type: expected "code" (authorization code flow), got "${request.response_type}"`)
    }
    if (request.code_challenge_method !== 'S256') {
      throw new MockError(3, `code_challenge_method: expected "S256", got "${request.code_challenge_method}"`)
    }
    if (!isS256Challenge(request.code_challenge)) {
      throw new MockError(
        3,
        `code_challenge: expected base64url(sha256(code_verifier)), 43 characters of A-Z a-z 0-9 - _, got ${request.code_challenge.length} characters`,
      )
    }
    if (!isAbsoluteHttpUrl(request.redirect_uri)) {
      throw new MockError(3, `redirect_uri: expected an absolute http(s) URL without a fragment, got "${request.redirect_uri}"`)
    }
    assertClientMayRedirect(provider, request.client_id, request.redirect_uri)
    return request
  }

  function assertClientMayRedirect(provider: MockOAuthProvider, clientId: string, redirectUri: string): void {
    const clients = tenants.filter((tenant) => tenant.oauthClientIds?.[provider] === clientId)
    if (clients.length === 0) {
      throw new MockError(3, `client_id: "${clientId}" is not a ${provider} client id of any tenant of this proxy`)
    }
    const enabled = clients.filter((tenant) => tenant.enabledProviders.includes(provider))
    const first = enabled[0]
    if (first === undefined) {
      const configIds = clients.map((tenant) => `"${tenant.configId}"`).join(', ')
      throw new MockError(3, `client_id: ${provider} sign-in is not enabled for config id ${configIds}`)
    }
    if (enabled.some((tenant) => acceptsRedirect(tenant, redirectUri))) return
    throw new MockError(
      3,
      first.oauthRedirectUrl === undefined
        ? `redirect_uri: origin ${new URL(redirectUri).origin} is not allowed for config id "${first.configId}"`
        : `redirect_uri: expected ${first.oauthRedirectUrl} (the oauthRedirectUrl of config id "${first.configId}"), got ${redirectUri}`,
    )
  }

  return { route }
}

/** A registered redirect URL is matched exactly; without one, the tenant's allowed origins decide. */
function acceptsRedirect(tenant: ResolvedMockTenant, redirectUri: string): boolean {
  if (tenant.oauthRedirectUrl !== undefined) return redirectUri === tenant.oauthRedirectUrl
  return isOriginAllowed(tenant.allowedOrigins, new URL(redirectUri).origin)
}

/** 303, so that the browser follows with a GET and the form is not posted again on reload. */
function seeOther(location: URL): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  })
}
