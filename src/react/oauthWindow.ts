import type { OAuthWindow } from '../core/oauth/oauthWindow'

export type { OAuthWindow } from '../core/oauth/oauthWindow'
// The cheap first look at the address, in the provider's first load (the store it decides to load is not).
export { mayBeOAuthCallback } from '../core/oauth/oauthWindow'

/** The page's window, or undefined where there is none (server rendering). */
export function defaultOAuthWindow(): OAuthWindow | undefined {
  return typeof window === 'undefined' ? undefined : window
}
