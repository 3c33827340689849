import type { OAuthLoginResponse } from '../../core/types'
import { MockError } from '../http'
import { assertNotLoggedIn, checkOidcToken, oidcNonceFor } from '../oidcTokens'
import { issueSession } from '../sessions'
import { findUserByOAuthIdentity } from '../state'
import { isoTime, type EndpointContext } from './context'

/**
 * Logs in with an OIDC token for a session bound to `publicKey`. The token's nonce must be
 * sha256(publicKey): the client chose the nonce from its key before the provider signed it, so a token
 * intercepted on its way cannot log in any other key. WIRE.md does not make the token single use; the
 * mock still refuses a second oauth_login with it (a replay), while account and signup may read it again
 * until it expires.
 */
export async function oauthLogin(context: EndpointContext): Promise<OAuthLoginResponse> {
  const { tenant, body, state, tokens, now } = context
  const oidcToken = body.nonEmptyString('oidcToken')
  const publicKey = body.compressedP256PublicKey('publicKey')
  const invalidateExisting = body.optionalBoolean('invalidateExisting') ?? false
  const organizationId = body.optionalString('organizationId')

  const { claims, provider, record } = await checkOidcToken(tokens, state, tenant, oidcToken, 'oidcToken')
  if (claims.nonce !== oidcNonceFor(publicKey)) {
    throw new MockError(
      16,
      'oidcToken: its nonce is not sha256 of publicKey; the token was issued for another client key',
    )
  }
  assertNotLoggedIn(record)
  const user = findUserByOAuthIdentity(state, tenant, claims.iss, claims.sub)
  if (user === undefined) {
    throw new MockError(
      5,
      `oidcToken: no account for this ${provider} identity; sign up first (signup with oauthProviders)`,
    )
  }
  if (organizationId !== undefined && organizationId !== user.organizationId) {
    throw new MockError(
      5,
      `organizationId: the account for this ${provider} identity is not in organization "${organizationId}"`,
    )
  }

  return issueSession(context, {
    user,
    publicKey,
    invalidateExisting,
    redeem: () => {
      // Signing awaited: a concurrent login may have used the token meanwhile.
      assertNotLoggedIn(record)
      record.loggedInAt = isoTime(now())
    },
  })
}
