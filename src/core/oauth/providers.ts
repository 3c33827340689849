// How each provider gives the kit the OIDC token the proxy takes, as production does it
// (@turnkey/react-wallet-kit utils/oauth/config): Google and Apple put an id_token in the redirect's
// fragment, Facebook's code is redeemed by the client at Facebook's token endpoint, and X's and
// Discord's codes are exchanged by the proxy (oauth2_authenticate, whose enum holds only those two).
import type { OAuth2Provider } from '../types'
import type { OAuthProviderName } from './providerNames'

export { OAUTH_PROVIDER_NAMES, isOAuthProviderName, type OAuthProviderName } from './providerNames'

/**
 * Where the OIDC token comes from:
 * - `id_token`: the provider answers `response_type=id_token` with the token in the fragment (Google);
 * - `code_id_token`: `response_type=code id_token`, fragment; the id_token is used, the code ignored (Apple);
 * - `token_endpoint`: a code with PKCE, which the client redeems at the provider's token endpoint for an
 *   id_token (Facebook);
 * - `oauth2_authenticate`: a code with PKCE, which the proxy exchanges for an OIDC token it signs (X, Discord).
 */
export type OAuthProviderKind = 'id_token' | 'code_id_token' | 'token_endpoint' | 'oauth2_authenticate'

export interface OAuthProviderCommon {
  name: OAuthProviderName
  /** Label for buttons and messages. */
  displayName: string
  /** The provider's own authorization endpoint; a kit configured for the mock overrides it. */
  authorizeUrl: string
  /** Space-separated, as the authorize URL carries them; '' sends no scope parameter (Apple). */
  defaultScope: string
  /** The authorize request's response_type. */
  responseType: 'id_token' | 'code id_token' | 'code'
  /** A response_mode the authorize request names; undefined leaves it to the response type's default. */
  responseMode: 'fragment' | undefined
  /** Where the answer arrives on the redirect URI. */
  answerIn: 'fragment' | 'query'
  /** Whether the authorize request carries a PKCE S256 challenge (and the pending sign-in its verifier). */
  pkce: boolean
  /**
   * Whether the authorize request carries the nonce. X and Discord take none (they issue no id_token):
   * the proxy puts it in the token it signs, from oauth2_authenticate's `nonce`.
   */
  nonceInAuthorizeUrl: boolean
  /** Fixed parameters the provider is sent besides the protocol's (Google's account chooser). */
  extraParameters: Readonly<Record<string, string>>
}

export type OAuthProvider = OAuthProviderCommon &
  (
    | { kind: 'id_token' | 'code_id_token' }
    | {
        kind: 'token_endpoint'
        /** Where the code is redeemed for an id_token; createKit({ oauthTokenUrls }) overrides it. */
        tokenUrl: string
      }
    | {
        kind: 'oauth2_authenticate'
        /** What oauth2_authenticate calls it. */
        wireProvider: OAuth2Provider
      }
  )

// Production's URLs, but Apple's documented endpoint (appleid.apple.com) where production's kit uses
// account.apple.com, which serves the same page. Apple answers a request for the `name` or `email`
// scope only with response_mode=form_post, a POST to the redirect URI that a static page cannot read:
// hence no scope, as production sends (the id_token still names the user by `sub`).
export const OAUTH_PROVIDERS = {
  google: {
    name: 'google',
    displayName: 'Google',
    kind: 'id_token',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    defaultScope: 'openid email profile',
    responseType: 'id_token',
    responseMode: undefined,
    answerIn: 'fragment',
    pkce: false,
    nonceInAuthorizeUrl: true,
    extraParameters: { prompt: 'select_account' },
  },
  apple: {
    name: 'apple',
    displayName: 'Apple',
    kind: 'code_id_token',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    defaultScope: '',
    responseType: 'code id_token',
    responseMode: 'fragment',
    answerIn: 'fragment',
    pkce: false,
    nonceInAuthorizeUrl: true,
    extraParameters: {},
  },
  x: {
    name: 'x',
    displayName: 'X',
    kind: 'oauth2_authenticate',
    wireProvider: 'OAUTH2_PROVIDER_X',
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    defaultScope: 'tweet.read users.read',
    responseType: 'code',
    responseMode: undefined,
    answerIn: 'query',
    pkce: true,
    nonceInAuthorizeUrl: false,
    extraParameters: {},
  },
  discord: {
    name: 'discord',
    displayName: 'Discord',
    kind: 'oauth2_authenticate',
    wireProvider: 'OAUTH2_PROVIDER_DISCORD',
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    defaultScope: 'identify email',
    responseType: 'code',
    responseMode: undefined,
    answerIn: 'query',
    pkce: true,
    nonceInAuthorizeUrl: false,
    extraParameters: {},
  },
  facebook: {
    name: 'facebook',
    displayName: 'Facebook',
    kind: 'token_endpoint',
    tokenUrl: 'https://graph.facebook.com/v11.0/oauth/access_token',
    authorizeUrl: 'https://www.facebook.com/v11.0/dialog/oauth',
    defaultScope: 'openid',
    responseType: 'code',
    responseMode: undefined,
    answerIn: 'query',
    pkce: true,
    nonceInAuthorizeUrl: true,
    extraParameters: {},
  },
} as const satisfies { readonly [P in OAuthProviderName]: OAuthProvider & { name: P } }
