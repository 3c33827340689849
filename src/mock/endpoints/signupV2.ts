import type { SignupResponse } from '../../core/types'
import { MockError } from '../http'
import type { Fields } from '../validate'
import type { EndpointContext } from './context'
import { createSubOrganization, type ReadOAuthProvider, type SignupVersion } from './signup'

/**
 * POST /v1/signup_v2, which production's newer client (@turnkey/core 2.x and its React kit) calls for
 * every new user: production's ProxyTSignupV2Body, checked exactly as /v1/signup. It differs in two
 * places: the client signature's message names its usage `signupV2` (core 2.x's
 * getClientSignatureMessageForSignup), and an `oauthProviders` item may carry `oidcClaims` (another
 * client id of the identity a token in the same request proves) instead of an `oidcToken`.
 */
export function signupV2(context: EndpointContext): Promise<SignupResponse> {
  return createSubOrganization(context, SIGNUP_V2)
}

const SIGNUP_V2: SignupVersion = { usageMember: 'signupV2', readOAuthProvider: readOAuthProviderV2 }

/** Production's v1OauthProviderParamsV2: `providerName` and exactly one of `oidcToken`, `oidcClaims`. */
function readOAuthProviderV2(provider: Fields): ReadOAuthProvider {
  const providerName = provider.nonEmptyString('providerName')
  const hasToken = provider.has('oidcToken')
  if (hasToken === provider.has('oidcClaims')) {
    throw new MockError(
      3,
      `${provider.path}: expected exactly one of oidcToken (the provider's token) or oidcClaims ({iss, sub, aud}), got ${hasToken ? 'both' : 'neither'}`,
    )
  }
  if (hasToken) return { providerName, oidcToken: provider.nonEmptyString('oidcToken') }
  const claims = provider.nested('oidcClaims')
  return {
    providerName,
    oidcClaims: {
      iss: claims.nonEmptyString('iss'),
      sub: claims.nonEmptyString('sub'),
      aud: claims.nonEmptyString('aud'),
    },
  }
}
