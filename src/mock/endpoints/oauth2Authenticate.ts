import type { OAuth2AuthenticateResponse, OAuth2Provider } from '../../core/types'
import { MockError } from '../http'
import { redeemableCode } from '../oauthCodes'
import { findOAuthIdentity } from '../oauthIdentities'
import { issueOidcToken } from '../oauthIdTokens'
import { OAUTH2_PROVIDERS, providerFromWire } from '../oauthProviders'
import { isCodeVerifier, s256Challenge } from '../pkce'
import { isoTime, type EndpointContext } from './context'

/** Why a provider outside production's enum has no code for the proxy to exchange. */
const NOT_EXCHANGED: Readonly<Record<string, string>> = {
  OAUTH2_PROVIDER_GOOGLE: "Google's id_token comes in the authorize answer's fragment; send it to oauth_login",
  OAUTH2_PROVIDER_APPLE: "Apple's id_token comes in the authorize answer's fragment; send it to oauth_login",
  OAUTH2_PROVIDER_FACEBOOK: "redeem Facebook's code at Facebook's token endpoint for its id_token",
}

const AGAIN = 'sign in with the provider again'

/**
 * Exchanges an X or Discord authorization code from the mock's consent page for an OIDC token the proxy
 * issues, as production does with the real providers (its whole enum: X and Discord). The request's
 * nonce goes into the token, since those providers took none at authorize. Input that contradicts the
 * tenant's public configuration is 3 (or 9 when the tenant has no client id); a code that is unknown,
 * used, expired, or bound to other values than the ones presented is 16. The code is checked without
 * being spent, and spent only on success: a client that sent a wrong value can retry, and a code that
 * already made a token is refused.
 */
export async function oauth2Authenticate({
  tenant,
  body,
  state,
  tokens,
  now,
}: EndpointContext): Promise<OAuth2AuthenticateResponse> {
  const provider = providerFromWire(readProvider(body.string('provider')))
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
    throw new MockError(
      9,
      `provider: config id "${tenant.configId}" has no ${provider} client id (oauthClientIds.${provider})`,
    )
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

  const code = redeemableCode(state, authCode, 'authCode', now(), AGAIN)
  if (code.provider !== provider) throw new MockError(16, `authCode: issued by ${code.provider}, not ${provider}`)
  if (code.clientId !== clientId)
    throw new MockError(16, `authCode: issued to client id "${code.clientId}", not "${clientId}"`)
  if (code.redirectUri !== redirectUri) {
    throw new MockError(16, `redirectUri: not the redirect_uri the code was issued for (${code.redirectUri})`)
  }
  // RFC 7636 4.6: only the holder of the verifier behind the challenge can redeem the code.
  if (s256Challenge(codeVerifier) !== code.codeChallenge) {
    throw new MockError(16, 'codeVerifier: its S256 challenge is not the code_challenge given at authorize')
  }
  const identity = findOAuthIdentity(state, provider, code.sub)
  if (identity === undefined) throw new MockError(13, `authCode: its ${provider} identity "${code.sub}" is gone`)

  // Spent before signing, with no await since the checks: a concurrent exchange of the code is refused.
  code.usedAt = isoTime(now())
  const oidcToken = await issueOidcToken(
    { tokens, state, now },
    { identity, clientId, nonce, configId: tenant.configId },
  )
  return { oidcToken }
}

/** Production's enum, refused with 3 naming it; for the providers it leaves out, what to do instead. */
function readProvider(value: string): OAuth2Provider {
  const known = OAUTH2_PROVIDERS.find((provider) => provider === value)
  if (known !== undefined) return known
  // Own properties only: `constructor` is junk like any other value.
  const instead = Object.hasOwn(NOT_EXCHANGED, value) ? NOT_EXCHANGED[value] : undefined
  throw new MockError(
    3,
    `provider: expected one of ${OAUTH2_PROVIDERS.join(', ')} (production's whole enum), got "${value}"${instead === undefined ? '' : `; ${instead}`}`,
  )
}
