import { assertNonEmptyString, invalidArgument } from '../assert'
import { parseHttpUrl } from './parseHttpUrl'
import { OAUTH_PROVIDERS, isOAuthProviderName, type OAuthProviderName } from './providers'

export interface BuildAuthorizeUrlParameters {
  provider: OAuthProviderName
  clientId: string
  redirectUri: string
  state: string
  /**
   * oauthNonce(publicKey): the provider puts it in the ID token, which binds the token to the key.
   * Required where the provider takes it in the authorize request (nonceInAuthorizeUrl: Google, Apple,
   * Facebook); not sent to X and Discord, whose nonce goes to oauth2_authenticate instead.
   */
  nonce?: string | undefined
  /** calculateCodeChallenge(verifier). Required where the provider uses PKCE (X, Discord, Facebook); not sent otherwise. */
  codeChallenge?: string | undefined
  /** Default: the provider's defaultScope (none for Apple). */
  scope?: string | undefined
  /** Default: the provider's own endpoint. A kit on the mock passes the mock's. */
  authorizeUrl?: string | undefined
}

/**
 * The authorization request for `provider`, in production's form (OAUTH_PROVIDERS): its response_type
 * and response_mode, its scope, the nonce and a PKCE S256 challenge where it takes them, and its fixed
 * extras. Query parameters already in `authorizeUrl` are kept; ours replace any of the same name.
 */
export function buildAuthorizeUrl(parameters: BuildAuthorizeUrlParameters): string {
  if (typeof parameters !== 'object' || parameters === null) {
    throw invalidArgument('buildAuthorizeUrl(parameters)', 'an object', parameters)
  }
  const { provider, clientId, redirectUri, state, nonce, codeChallenge } = parameters
  if (!isOAuthProviderName(provider)) {
    throw invalidArgument(
      'buildAuthorizeUrl({ provider })',
      `one of ${Object.keys(OAUTH_PROVIDERS).join(', ')}`,
      provider,
    )
  }
  const settings = OAUTH_PROVIDERS[provider]
  for (const [field, value] of Object.entries({ clientId, redirectUri, state })) {
    assertNonEmptyString(value, `buildAuthorizeUrl({ ${field} })`)
  }
  const scope = parameters.scope ?? settings.defaultScope
  if (typeof scope !== 'string' || (parameters.scope !== undefined && scope.trim() === '')) {
    throw invalidArgument('buildAuthorizeUrl({ scope })', 'a non-empty string', parameters.scope)
  }
  const url = parseHttpUrl(parameters.authorizeUrl ?? settings.authorizeUrl, 'buildAuthorizeUrl({ authorizeUrl })')
  const query = url.searchParams
  query.set('client_id', clientId)
  query.set('redirect_uri', redirectUri)
  query.set('response_type', settings.responseType)
  if (scope !== '') query.set('scope', scope)
  if (settings.responseMode !== undefined) query.set('response_mode', settings.responseMode)
  query.set('state', state)
  if (settings.nonceInAuthorizeUrl) {
    assertNonEmptyString(nonce, `buildAuthorizeUrl({ nonce }) for ${provider}`)
    query.set('nonce', nonce)
  }
  if (settings.pkce) {
    assertNonEmptyString(codeChallenge, `buildAuthorizeUrl({ codeChallenge }) for ${provider}`)
    query.set('code_challenge', codeChallenge)
    query.set('code_challenge_method', 'S256')
  }
  for (const [name, value] of Object.entries(settings.extraParameters)) query.set(name, value)
  return url.href
}
