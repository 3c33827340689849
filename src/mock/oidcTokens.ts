// Checking an OIDC token a request presents (oauth_login, account, signup): signed by this mock, not
// expired, from one of the mock's issuers, for this tenant's client id, and issued to this tenant.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { MockError } from './http'
import { providerForIssuer, type MockOAuthProvider } from './oauthProviders'
import type { MockOidcTokenClaims, TokenAuthority } from './tokens'
import type { MockOidcToken, MockState, ResolvedMockTenant } from './types'

export interface CheckedOidcToken {
  claims: MockOidcTokenClaims
  provider: MockOAuthProvider
  record: MockOidcToken
}

export async function checkOidcToken(
  tokens: TokenAuthority,
  state: MockState,
  tenant: ResolvedMockTenant,
  token: string,
  field: string,
): Promise<CheckedOidcToken> {
  const claims = await tokens.verifyOidcToken(token, field)
  const provider = providerForIssuer(claims.iss)
  if (provider === undefined) {
    throw new MockError(16, `${field}: issued by "${claims.iss}", not by one of this proxy's providers`)
  }
  const clientId = tenant.oauthClientIds?.[provider]
  // The audience check is what keeps a token minted for another app's client id out of this tenant.
  if (clientId === undefined) {
    throw new MockError(16, `${field}: a ${provider} token, but config id "${tenant.configId}" has no ${provider} client id`)
  }
  if (claims.aud !== clientId) {
    throw new MockError(
      16,
      `${field}: audience "${claims.aud}" is not the ${provider} client id of config id "${tenant.configId}" ("${clientId}")`,
    )
  }
  const record = state.oidcTokens[claims.jti]
  // Two tenants may share a client id; the record ties the token to the tenant that exchanged the code.
  if (record === undefined || record.configId !== tenant.configId) {
    throw new MockError(16, `${field}: was not issued for config id "${tenant.configId}"`)
  }
  return { claims, provider, record }
}

/** The nonce a client sends to bind the OIDC token to its key: lowercase hex of sha256(publicKeyHex). */
export function oidcNonceFor(publicKey: string): string {
  return bytesToHex(sha256(utf8ToBytes(publicKey)))
}
