// The OAuth chunk (chunks.oauth): the actions, loaded when an OAuth sign-in starts (prefetched on hover).
import { cancelOAuth } from './cancelOAuth'
import { completeOAuth } from './completeOAuth'
import { oauthPopupLogin } from './oauthPopupLogin'
import { startOAuth } from './startOAuth'

export { cancelOAuth, cancelOAuthRedirect } from './cancelOAuth'
export { completeOAuth, type CompleteOAuthParameters, type CompleteOAuthReturnType } from './completeOAuth'
export { oauthPopupLogin, type OAuthPopupLoginParameters } from './oauthPopupLogin'
export { oauthRedirectLogin, type OAuthRedirectLoginParameters } from './oauthRedirectLogin'
export { startOAuth, type StartOAuthParameters, type StartOAuthReturnType } from './startOAuth'

/** wagmi-style grouping of the steps. */
export const loginWithOAuth = {
  start: startOAuth,
  complete: completeOAuth,
  cancel: cancelOAuth,
  popup: oauthPopupLogin,
} as const
