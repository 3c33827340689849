// Issuing the OIDC tokens of a sign-in: a provider's id_token (Google and Apple at consent, Facebook at
// its token endpoint), or the proxy's own for X and Discord (oauth2_authenticate). Each is recorded,
// so that oauth_login can refuse a replay and a proxy-issued token stays tied to its tenant.
import { isoTime } from './endpoints/context'
import { isOidcProvider, mockOidcIssuer, proxyIssuedSubject, type MockOAuthProvider } from './oauthProviders'
import { OIDC_TOKEN_LIFETIME_SECONDS, type MockOidcTokenClaims, type TokenAuthority } from './tokens'
import type { MockOAuthIdentity, MockState } from './types'

export interface IssueOidcToken {
  identity: MockOAuthIdentity
  /** The audience: the client id the token is for. */
  clientId: string
  nonce: string
  /** For a proxy-issued token (X, Discord): the config id that exchanged the code. */
  configId?: string | undefined
}

export interface OidcTokenIssuer {
  tokens: TokenAuthority
  state: MockState
  now: () => number
}

/**
 * Signs the OIDC token for `identity` as its issuer does: Google, Apple and Facebook with their own key
 * and `sub`, the proxy with its key and a `sub` scoped by provider. Claims: iss, sub, aud, iat, exp,
 * nonce, jti, and email with email_verified when the identity has an email.
 */
export async function issueOidcToken(
  { tokens, state, now }: OidcTokenIssuer,
  { identity, clientId, nonce, configId }: IssueOidcToken,
): Promise<string> {
  const provider: MockOAuthProvider = identity.provider
  const issuedAt = now()
  const claims: MockOidcTokenClaims = {
    iss: mockOidcIssuer(provider),
    sub: isOidcProvider(provider) ? identity.sub : proxyIssuedSubject(provider, identity.sub),
    aud: clientId,
    exp: Math.floor(issuedAt / 1000) + OIDC_TOKEN_LIFETIME_SECONDS,
    nonce,
    jti: crypto.randomUUID(),
  }
  if (identity.email !== undefined) {
    claims.email = identity.email
    // The mock's identities stand for accounts whose provider has checked the address.
    claims.email_verified = true
  }
  const token = isOidcProvider(provider) ? await tokens.signIdToken(provider, claims) : await tokens.sign(claims)
  state.oidcTokens[claims.jti] = {
    tokenId: claims.jti,
    provider,
    issuer: claims.iss,
    subject: claims.sub,
    clientId,
    ...(configId === undefined ? {} : { configId }),
    issuedAt: isoTime(issuedAt),
    expiresAt: isoTime(claims.exp * 1000),
  }
  return token
}
