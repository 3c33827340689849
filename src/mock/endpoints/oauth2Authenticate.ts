import type { OAuth2AuthenticateResponse } from '../../core/types'
import { MockError } from '../http'
import { findOAuthIdentity } from '../oauthIdentities'
import { OAUTH2_PROVIDERS, mockOidcIssuer, providerFromWire } from '../oauthProviders'
import { isCodeVerifier, s256Challenge } from '../pkce'
import { OIDC_TOKEN_LIFETIME_SECONDS, type MockOidcTokenClaims } from '../tokens'
import type { MockOAuthCode } from '../types'
import { isoTime, type EndpointContext } from './context'

/**
 * Exchanges an authorization code from the mock's consent page for an OIDC token, as the proxy does
 * with a real provider. Input that contradicts the tenant's public configuration is 3 (or 9 when the
 * tenant has no client id); a code that is unknown, used, expired, or bound to other values than the
 * ones presented is 16. The code is checked without being spent, and spent only on success: a client
 * that sent a wrong value can retry, and a code that already made a token is refused.
 */
export async function oauth2Authenticate({
  tenant,
  body,
  state,
  tokens,
  now,
}: EndpointContext): Promise<OAuth2AuthenticateResponse> {
  const provider = providerFromWire(body.oneOf('provider', OAUTH2_PROVIDERS))
  const authCode = body.nonEmptyString('authCode')
  const redirectUri = body.nonEmptyString('redirectUri')
  const codeVerifier = body.nonEmptyString('codeVerifier')
  if (!isCodeVerifier(codeVerifier)) {
    const length = codeVerifier.length
    const got = length < 43 || length > 128 ? `${length} characters` : 'characters outside that set'
    throw new MockError(3, `codeVerifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636), got ${got}`)
  }
  const nonce = body.nonEmptyString('nonce')
  const clientId = body.nonEmptyString('clientId')

  if (!tenant.enabledProviders.includes(provider)) {
    throw new MockError(
      3,
      `provider: ${provider} sign-in is not enabled for config id "${tenant.configId}" (enabled: ${tenant.enabledProviders.join(', ')})`,
    )
  }
  const tenantClientId = tenant.oauthClientIds?.[provider]
  if (tenantClientId === undefined) {
    throw new MockError(9, `provider: config id "${tenant.configId}" has no ${provider} client id (oauthClientIds.${provider})`)
  }
  if (clientId !== tenantClientId) {
    throw new MockError(
      3,
      `clientId: "${clientId}" is not the ${provider} client id of config id "${tenant.configId}" ("${tenantClientId}")`,
    )
  }
  if (tenant.oauthRedirectUrl !== undefined && redirectUri !== tenant.oauthRedirectUrl) {
    throw new MockError(
      3,
      `redirectUri: config id "${tenant.configId}" returns OAuth sign-ins to ${tenant.oauthRedirectUrl} only, got ${redirectUri}`,
    )
  }

  const code = redeemableCode(state.oauthCodes[authCode], now())
  if (code.provider !== provider) throw new MockError(16, `authCode: issued by ${code.provider}, not ${provider}`)
  if (code.clientId !== clientId) throw new MockError(16, `authCode: issued to client id "${code.clientId}", not "${clientId}"`)
  if (code.redirectUri !== redirectUri) {
    throw new MockError(16, `redirectUri: not the redirect_uri the code was issued for (${code.redirectUri})`)
  }
  // RFC 7636 4.6: only the holder of the verifier behind the challenge can redeem the code.
  if (s256Challenge(codeVerifier) !== code.codeChallenge) {
    throw new MockError(16, 'codeVerifier: its S256 challenge is not the code_challenge given at authorize')
  }
  if (nonce !== code.nonce) throw new MockError(16, 'nonce: not the nonce given at authorize')
  const identity = findOAuthIdentity(state, provider, code.sub)
  if (identity === undefined) throw new MockError(13, `authCode: its ${provider} identity "${code.sub}" is gone`)

  const issuedAt = now()
  const claims: MockOidcTokenClaims = {
    iss: mockOidcIssuer(provider),
    sub: identity.sub,
    aud: clientId,
    exp: Math.floor(issuedAt / 1000) + OIDC_TOKEN_LIFETIME_SECONDS,
    nonce: code.nonce,
    jti: crypto.randomUUID(),
  }
  if (identity.email !== undefined) claims.email = identity.email
  const oidcToken = await tokens.sign(claims)
  // Signing awaited: a concurrent exchange of the same code may have spent it meanwhile.
  redeemableCode(state.oauthCodes[authCode], now()).usedAt = isoTime(issuedAt)
  state.oidcTokens[claims.jti] = {
    tokenId: claims.jti,
    configId: tenant.configId,
    provider,
    issuer: claims.iss,
    subject: claims.sub,
    clientId,
    expiresAt: isoTime(claims.exp * 1000),
  }
  return { oidcToken }
}

function redeemableCode(code: MockOAuthCode | undefined, nowMs: number): MockOAuthCode {
  if (code === undefined) throw new MockError(16, 'authCode: unknown code; sign in with the provider again')
  if (code.usedAt !== undefined) {
    throw new MockError(16, `authCode: already used at ${code.usedAt}; sign in with the provider again`)
  }
  if (nowMs >= Date.parse(code.expiresAt)) {
    throw new MockError(16, `authCode: expired at ${code.expiresAt}; sign in with the provider again`)
  }
  return code
}
