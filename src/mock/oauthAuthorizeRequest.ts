// What each provider's authorize endpoint accepts, as production's kit asks it (react-wallet-kit
// utils/oauth/config): Google's id_token flow, Apple's `code id_token` in the fragment, and the
// authorization code flow with PKCE for Facebook, X and Discord. The same check runs on the authorize
// page's query and again on the consent form that carries the parameters back.
import { MockError, isOriginAllowed } from './http'
import type { MockOAuthProvider } from './oauthProviders'
import { isS256Challenge } from './pkce'
import type { ResolvedMockTenant } from './types'
import { isAbsoluteHttpUrl } from './validate'

/** Where the provider puts its answer on the redirect URI. */
export type AnswerPlace = 'fragment' | 'query'

interface ProviderRules {
  /** The response_type's values, as a set: OAuth 2.0 lets them come in any order. */
  responseType: readonly string[]
  answerIn: AnswerPlace
  /** Apple answers an id_token in the fragment only when asked to (`response_mode=fragment`). */
  responseModeRequired: boolean
  scopeRequired: boolean
  /** Scope values the provider needs to answer what the kit asks for. */
  scopeNeeds: readonly string[]
  /** Scope values the provider knows; anything else is refused, as the real ones refuse an invalid scope. */
  scopeKnown: readonly string[]
  /** The nonce goes into the provider's id_token; X and Discord issue none, so they ignore one. */
  nonce: boolean
  pkce: boolean
}

const PROVIDER_RULES: Readonly<Record<MockOAuthProvider, ProviderRules>> = {
  google: {
    responseType: ['id_token'],
    answerIn: 'fragment',
    responseModeRequired: false,
    scopeRequired: true,
    scopeNeeds: ['openid'],
    scopeKnown: ['openid', 'email', 'profile'],
    nonce: true,
    pkce: false,
  },
  apple: {
    responseType: ['code', 'id_token'],
    answerIn: 'fragment',
    responseModeRequired: true,
    // Production sends no scope. `name` and `email` are refused below: Apple answers them by form_post only.
    scopeRequired: false,
    scopeNeeds: [],
    scopeKnown: ['openid'],
    nonce: true,
    pkce: false,
  },
  facebook: {
    responseType: ['code'],
    answerIn: 'query',
    responseModeRequired: false,
    scopeRequired: true,
    scopeNeeds: ['openid'],
    scopeKnown: ['openid', 'email', 'public_profile'],
    nonce: true,
    pkce: true,
  },
  x: {
    responseType: ['code'],
    answerIn: 'query',
    responseModeRequired: false,
    scopeRequired: true,
    // X's users/me, which the proxy reads the identity from, needs both.
    scopeNeeds: ['tweet.read', 'users.read'],
    scopeKnown: ['tweet.read', 'users.read', 'offline.access'],
    nonce: false,
    pkce: true,
  },
  discord: {
    responseType: ['code'],
    answerIn: 'query',
    responseModeRequired: false,
    scopeRequired: true,
    scopeNeeds: ['identify'],
    scopeKnown: ['identify', 'email'],
    nonce: false,
    pkce: true,
  },
}

/** Generous for any real state or nonce, and keeps a page from echoing megabytes. */
const MAX_PARAMETER_LENGTH = 2048

/** A checked authorize request. */
export interface AuthorizeRequest {
  provider: MockOAuthProvider
  clientId: string
  redirectUri: string
  state: string
  /** Empty when none was given (Apple). */
  scope: string
  /** Google's, Apple's and Facebook's; undefined for X and Discord, which ignore one. */
  nonce?: string | undefined
  /** Facebook's, X's and Discord's. */
  codeChallenge?: string | undefined
  answerIn: AnswerPlace
  /** The parameters the provider read, under their OAuth names: what the consent forms carry back. */
  parameters: Readonly<Record<string, string>>
}

/** Where `provider` puts its answer (and its error answer) on the redirect URI. */
export function answerPlaceOf(provider: MockOAuthProvider): AnswerPlace {
  return PROVIDER_RULES[provider].answerIn
}

/**
 * Every parameter the provider reads present once and well-formed, the client id some tenant's for this
 * provider with the provider enabled, and the redirect URI one that tenant accepts. Parameters the
 * provider does not read (a nonce sent to X, PKCE sent to Google, `prompt`) are ignored, as the real ones do.
 */
export function readAuthorizeRequest(
  provider: MockOAuthProvider,
  source: URLSearchParams,
  tenants: readonly ResolvedMockTenant[],
): AuthorizeRequest {
  const rules = PROVIDER_RULES[provider]
  const parameters: Record<string, string> = {}
  const required = (name: string): string => {
    const value = optional(name)
    if (value === undefined) throw new MockError(3, `${name}: missing`)
    return value
  }
  const optional = (name: string): string | undefined => {
    const values = source.getAll(name)
    if (values.length > 1) throw new MockError(3, `${name}: given ${values.length} times; send it once`)
    const value = values[0]
    if (value === undefined || value.trim() === '') return undefined
    if (value.length > MAX_PARAMETER_LENGTH)
      throw new MockError(3, `${name}: longer than ${MAX_PARAMETER_LENGTH} characters`)
    parameters[name] = value
    return value
  }

  const clientId = required('client_id')
  const redirectUri = required('redirect_uri')
  const responseType = required('response_type')
  const responseMode = rules.responseModeRequired ? required('response_mode') : optional('response_mode')
  const scope = rules.scopeRequired ? required('scope') : (optional('scope') ?? '')
  const state = required('state')
  const nonce = rules.nonce ? required('nonce') : undefined
  const codeChallenge = rules.pkce ? required('code_challenge') : undefined
  const codeChallengeMethod = rules.pkce ? required('code_challenge_method') : undefined

  assertResponseType(provider, rules, responseType)
  assertResponseMode(provider, rules, responseMode)
  assertScope(provider, rules, scope)
  if (codeChallengeMethod !== undefined && codeChallengeMethod !== 'S256') {
    throw new MockError(3, `code_challenge_method: expected "S256", got "${codeChallengeMethod}"`)
  }
  if (codeChallenge !== undefined && !isS256Challenge(codeChallenge)) {
    throw new MockError(
      3,
      `code_challenge: expected base64url(sha256(code_verifier)), 43 characters of A-Z a-z 0-9 - _, got ${codeChallenge.length} characters`,
    )
  }
  if (!isAbsoluteHttpUrl(redirectUri)) {
    throw new MockError(3, `redirect_uri: expected an absolute http(s) URL without a fragment, got "${redirectUri}"`)
  }
  assertClientMayRedirect(tenants, provider, clientId, redirectUri)

  const request: AuthorizeRequest = {
    provider,
    clientId,
    redirectUri,
    state,
    scope,
    answerIn: rules.answerIn,
    parameters,
  }
  if (nonce !== undefined) request.nonce = nonce
  if (codeChallenge !== undefined) request.codeChallenge = codeChallenge
  return request
}

function assertResponseType(provider: MockOAuthProvider, rules: ProviderRules, responseType: string): void {
  const values = responseType.split(' ').filter((value) => value !== '')
  const same =
    values.length === rules.responseType.length && rules.responseType.every((value) => values.includes(value))
  if (same) return
  const flow = rules.pkce ? 'the authorization code flow with PKCE' : 'its id_token in the fragment'
  throw new MockError(
    3,
    `response_type: expected "${rules.responseType.join(' ')}" for ${provider} (${flow}), got "${responseType}"`,
  )
}

function assertResponseMode(provider: MockOAuthProvider, rules: ProviderRules, responseMode: string | undefined): void {
  if (responseMode === undefined || responseMode === rules.answerIn) return
  const why =
    responseMode === 'form_post'
      ? '; the mock answers no form_post'
      : rules.answerIn === 'fragment'
        ? '; an id_token never travels in the query'
        : ''
  throw new MockError(3, `response_mode: expected "${rules.answerIn}" for ${provider}, got "${responseMode}"${why}`)
}

function assertScope(provider: MockOAuthProvider, rules: ProviderRules, scope: string): void {
  const values = scope.split(' ').filter((value) => value !== '')
  for (const value of values) {
    if (provider === 'apple' && (value === 'name' || value === 'email')) {
      throw new MockError(
        3,
        `scope: "${value}" needs response_mode=form_post at Apple, and the kit reads the fragment; send no scope (as production does) or "openid"`,
      )
    }
    if (!rules.scopeKnown.includes(value)) {
      throw new MockError(3, `scope: "${value}" is not a ${provider} scope (known: ${rules.scopeKnown.join(', ')})`)
    }
  }
  const missing = rules.scopeNeeds.filter((value) => !values.includes(value))
  if (missing.length > 0) {
    throw new MockError(
      3,
      `scope: ${provider} needs ${missing.map((value) => `"${value}"`).join(' and ')}, got "${scope}"`,
    )
  }
}

function assertClientMayRedirect(
  tenants: readonly ResolvedMockTenant[],
  provider: MockOAuthProvider,
  clientId: string,
  redirectUri: string,
): void {
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

/** A registered redirect URL is matched exactly; without one, the tenant's allowed origins decide. */
function acceptsRedirect(tenant: ResolvedMockTenant, redirectUri: string): boolean {
  if (tenant.oauthRedirectUrl !== undefined) return redirectUri === tenant.oauthRedirectUrl
  return isOriginAllowed(tenant.allowedOrigins, new URL(redirectUri).origin)
}
