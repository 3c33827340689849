import type { OAuthProviderName } from '../../core'
import { useOAuth, type UseOAuthReturnType } from '../../react'

/**
 * One useOAuth per provider, so that the modal can show the one under way in place of the list. Five
 * plain calls rather than a loop: hooks must be called in the same order on every render.
 */
export function useOAuthFlows(): Readonly<Record<OAuthProviderName, UseOAuthReturnType>> {
  return {
    google: useOAuth('google'),
    apple: useOAuth('apple'),
    x: useOAuth('x'),
    discord: useOAuth('discord'),
    facebook: useOAuth('facebook'),
  }
}
