import { assertNonEmptyString, invalidArgument } from '../assert'
import { parseHttpUrl } from './parseHttpUrl'
import { OAUTH_PROVIDERS, isOAuthProviderName, type OAuthProviderName } from './providers'

export interface BuildAuthorizeUrlParameters {
  provider: OAuthProviderName
  clientId: string
  redirectUri: string
  state: string
  /** oauthNonce(publicKey): the provider puts it in the ID token, which binds the token to the key. */
  nonce: string
  /** calculateCodeChallenge(verifier). */
  codeChallenge: string
  /** Default: the provider's defaultScope. */
  scope?: string
  /** Default: the provider's own endpoint. A kit on the mock passes the mock's. */
  authorizeUrl?: string
}

/**
 * The authorization request (RFC 6749 section 4.1.1 with PKCE and the OIDC nonce). Query parameters
 * already in `authorizeUrl` are kept; ours replace any of the same name.
 */
export function buildAuthorizeUrl(parameters: BuildAuthorizeUrlParameters): string {
  if (typeof parameters !== 'object' || parameters === null) {
    throw invalidArgument('buildAuthorizeUrl(parameters)', 'an object', parameters)
  }
  const { provider, clientId, redirectUri, state, nonce, codeChallenge } = parameters
  if (!isOAuthProviderName(provider)) {
    throw invalidArgument('buildAuthorizeUrl({ provider })', `one of ${Object.keys(OAUTH_PROVIDERS).join(', ')}`, provider)
  }
  for (const [field, value] of Object.entries({ clientId, redirectUri, state, nonce, codeChallenge })) {
    assertNonEmptyString(value, `buildAuthorizeUrl({ ${field} })`)
  }
  const scope = parameters.scope ?? OAUTH_PROVIDERS[provider].defaultScope
  assertNonEmptyString(scope, 'buildAuthorizeUrl({ scope })')
  const url = parseHttpUrl(parameters.authorizeUrl ?? OAUTH_PROVIDERS[provider].authorizeUrl, 'buildAuthorizeUrl({ authorizeUrl })')
  const query = url.searchParams
  query.set('client_id', clientId)
  query.set('redirect_uri', redirectUri)
  query.set('response_type', 'code')
  query.set('scope', scope)
  query.set('state', state)
  query.set('nonce', nonce)
  query.set('code_challenge', codeChallenge)
  query.set('code_challenge_method', 'S256')
  return url.href
}
