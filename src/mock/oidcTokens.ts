// Checking an OIDC token a request presents (oauth_login, account, signup), as production does: it
// verifies with the keys of the issuer it names (Google's, Apple's or Facebook's own, or the proxy's for
// X and Discord), it has not expired, and its audience is this tenant's client id for that provider.
//
// What binds a token to a tenant: its audience, as in production. A provider's id_token carries no
// record of the proxy tenant it was meant for (Google knows the client id, not the config id), so two
// tenants sharing a client id accept each other's provider tokens; each still finds only its own users,
// and oauth_login still needs the nonce of the caller's key. A proxy-issued token (X, Discord) does
// record the config id whose oauth2_authenticate issued it, and is held to it.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { MockError } from './http'
import { oidcProviderForIssuer, providerOfProxyIssuedSubject, type MockOAuthProvider } from './oauthProviders'
import type { MockOidcTokenClaims, TokenAuthority } from './tokens'
import type { MockOidcToken, MockState, ResolvedMockTenant } from './types'

export interface CheckedOidcToken {
  claims: MockOidcTokenClaims
  provider: MockOAuthProvider
  /** The mock's record of issuing the token: oauth_login marks it used. */
  record: MockOidcToken
}

export async function checkOidcToken(
  tokens: TokenAuthority,
  state: MockState,
  tenant: ResolvedMockTenant,
  token: string,
  field: string,
): Promise<CheckedOidcToken> {
  // Signature (by the key of the issuer it names), expiry and claim types.
  const claims = await tokens.verifyOidcToken(token, field)
  const provider = oidcProviderForIssuer(claims.iss) ?? providerOfProxyIssuedSubject(claims.sub)
  if (provider === undefined) {
    throw new MockError(
      16,
      `${field}: subject "${claims.sub}" names neither x nor discord, the providers this proxy issues tokens for`,
    )
  }
  const clientId = tenant.oauthClientIds?.[provider]
  // The audience check is what keeps a token minted for another app's client id out of this tenant.
  if (clientId === undefined) {
    throw new MockError(
      16,
      `${field}: a ${provider} token, but config id "${tenant.configId}" has no ${provider} client id`,
    )
  }
  if (claims.aud !== clientId) {
    throw new MockError(
      16,
      `${field}: audience "${claims.aud}" is not the ${provider} client id of config id "${tenant.configId}" ("${clientId}")`,
    )
  }
  // Only the mock holds its keys, so every token that verified has a record.
  const record = Object.hasOwn(state.oidcTokens, claims.jti) ? state.oidcTokens[claims.jti] : undefined
  if (record === undefined) throw new MockError(16, `${field}: not issued by this mock (no record of its jti)`)
  if (record.configId !== undefined && record.configId !== tenant.configId) {
    throw new MockError(
      16,
      `${field}: issued by this proxy for config id "${record.configId}", not "${tenant.configId}"`,
    )
  }
  return { claims, provider, record }
}

/** The nonce a client sends to bind the OIDC token to its key: lowercase hex of sha256(publicKeyHex). */
export function oidcNonceFor(publicKey: string): string {
  return bytesToHex(sha256(utf8ToBytes(publicKey)))
}

/** An OIDC token logs in once (oauth_login, or stamp_login stamped with it): a second login is a replay. */
export function assertNotLoggedIn(record: MockOidcToken, field = 'oidcToken'): void {
  if (record.loggedInAt !== undefined) {
    throw new MockError(16, `${field}: already used to log in at ${record.loggedInAt}; sign in with the provider again`)
  }
}
