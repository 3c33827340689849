import type { OAuthMode } from 'auth-proxy-kit'
import { useTabChoice } from './useTabChoice'

export type OAuthModeChoice = 'auto' | OAuthMode

export function isOAuthModeChoice(value: unknown): value is OAuthModeChoice {
  return value === 'auto' || value === 'popup' || value === 'redirect'
}

/** The demo's choice of OAuth mode, kept for the tab. */
export function useOAuthModeChoice(): [OAuthModeChoice, (choice: OAuthModeChoice) => void] {
  return useTabChoice('playground:oauth-mode', isOAuthModeChoice, 'auto')
}
