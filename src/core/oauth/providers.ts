import type { OAuth2Provider } from '../types'
import type { OAuthProviderName } from './providerNames'

export { OAUTH_PROVIDER_NAMES, isOAuthProviderName, type OAuthProviderName } from './providerNames'

export interface OAuthProvider {
  name: OAuthProviderName
  /** Label for buttons and messages. */
  displayName: string
  /** What oauth2_authenticate calls it. */
  wireProvider: OAuth2Provider
  /** The provider's own authorization endpoint; a kit configured for the mock overrides it. */
  authorizeUrl: string
  /** Space-separated, as the authorize URL carries them. */
  defaultScope: string
}

// Apple answers a request for the `name` or `email` scope only with response_mode=form_post, a POST to
// the redirect URI that a static page cannot read: against the real Apple, the redirect URI must be a
// server route that turns the POST into a GET on the page, or the scope must be narrowed to `openid`.
export const OAUTH_PROVIDERS: { readonly [P in OAuthProviderName]: Readonly<OAuthProvider & { name: P }> } = {
  google: {
    name: 'google',
    displayName: 'Google',
    wireProvider: 'OAUTH2_PROVIDER_GOOGLE',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    defaultScope: 'openid email profile',
  },
  apple: {
    name: 'apple',
    displayName: 'Apple',
    wireProvider: 'OAUTH2_PROVIDER_APPLE',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    defaultScope: 'openid email name',
  },
  x: {
    name: 'x',
    displayName: 'X',
    wireProvider: 'OAUTH2_PROVIDER_X',
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    defaultScope: 'users.read tweet.read',
  },
  discord: {
    name: 'discord',
    displayName: 'Discord',
    wireProvider: 'OAUTH2_PROVIDER_DISCORD',
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    defaultScope: 'identify email openid',
  },
  facebook: {
    name: 'facebook',
    displayName: 'Facebook',
    wireProvider: 'OAUTH2_PROVIDER_FACEBOOK',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    defaultScope: 'openid email',
  },
}
