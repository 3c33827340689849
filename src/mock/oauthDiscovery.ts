// What an OIDC provider publishes about itself: its signing keys (JWKS) and its discovery document. Both
// are public, so every origin may read them, as every origin may read Google's.
import { errorResponse, jsonResponse, MockError } from './http'
import {
  MOCK_OAUTH_PROVIDERS,
  OIDC_PROVIDER_ISSUERS,
  isMockOAuthProvider,
  isOidcProvider,
  type MockOAuthProvider,
  type OidcProvider,
} from './oauthProviders'
import type { TokenAuthority } from './tokens'

const PUBLIC = { 'Access-Control-Allow-Origin': '*' }

export interface PublishedDocument {
  /** The provider named in the path, not yet checked. */
  providerName: string
  /** `jwks.json` or `.well-known/openid-configuration`. */
  document: string
  tokens: TokenAuthority
  basePath: string
}

/** A provider's JWKS or discovery document: JSON for any origin, errors and preflight included. */
export async function publishedDocument(
  request: Request,
  url: URL,
  { providerName, document, tokens, basePath }: PublishedDocument,
): Promise<Response> {
  if (request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: { ...PUBLIC, 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Max-Age': '600' },
    })
  }
  if (request.method !== 'GET') {
    const message = `${request.method} ${url.pathname}: the provider answers GET only`
    return jsonResponse({ code: 5, message, details: [] }, 405, { ...PUBLIC, Allow: 'GET' })
  }
  if (!isMockOAuthProvider(providerName)) {
    const known = MOCK_OAUTH_PROVIDERS.join(', ')
    return errorResponse(new MockError(5, `provider: unknown provider "${providerName}" (known: ${known})`), PUBLIC)
  }
  if (document === 'jwks.json') return providerJwks(providerName, tokens)
  return openidConfiguration(providerName, `${url.origin}${basePath}/__mock/oauth/${providerName}`)
}

async function providerJwks(provider: MockOAuthProvider, tokens: TokenAuthority): Promise<Response> {
  if (!isOidcProvider(provider)) return notAnOidcProvider(provider)
  return jsonResponse(await tokens.providerJwks(provider), 200, PUBLIC)
}

/**
 * The discovery document. Its `issuer` is the real provider's, which the tokens carry, while its
 * endpoints are the mock's: a client that insists on discovery at the issuer's own URL cannot be
 * pointed at a mock anyway, and one that reads the document from here learns where the keys are.
 */
function openidConfiguration(provider: MockOAuthProvider, providerBase: string): Response {
  if (!isOidcProvider(provider)) return notAnOidcProvider(provider)
  return jsonResponse(discoveryDocument(provider, providerBase), 200, PUBLIC)
}

function discoveryDocument(provider: OidcProvider, base: string): Record<string, unknown> {
  const common = {
    issuer: OIDC_PROVIDER_ISSUERS[provider],
    authorization_endpoint: `${base}/authorize`,
    jwks_uri: `${base}/jwks.json`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['iss', 'sub', 'aud', 'iat', 'exp', 'nonce', 'jti', 'email', 'email_verified'],
  }
  switch (provider) {
    case 'google':
      return {
        ...common,
        response_types_supported: ['id_token'],
        response_modes_supported: ['fragment'],
        scopes_supported: ['openid', 'email', 'profile'],
      }
    case 'apple':
      return {
        ...common,
        response_types_supported: ['code id_token'],
        response_modes_supported: ['fragment'],
        scopes_supported: ['openid'],
      }
    case 'facebook':
      return {
        ...common,
        token_endpoint: `${base}/v11.0/oauth/access_token`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        scopes_supported: ['openid', 'email', 'public_profile'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        grant_types_supported: ['authorization_code'],
      }
  }
}

function notAnOidcProvider(provider: MockOAuthProvider): Response {
  return errorResponse(
    new MockError(
      5,
      `${provider} is not an OIDC provider here: the proxy issues its OIDC tokens (oauth2_authenticate), signed by the key at /.well-known/jwks.json`,
    ),
    PUBLIC,
  )
}
