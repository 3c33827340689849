import type { OAuthMode } from 'auth-proxy-kit'
import { useState } from 'react'

export type OAuthModeChoice = 'auto' | OAuthMode

const KEY = 'playground:oauth-mode'

export function isOAuthModeChoice(value: unknown): value is OAuthModeChoice {
  return value === 'auto' || value === 'popup' || value === 'redirect'
}

/** The demo's choice of OAuth mode, kept for the tab so that it survives the redirect round trip. */
export function useOAuthModeChoice(): [OAuthModeChoice, (choice: OAuthModeChoice) => void] {
  const [choice, setChoice] = useState<OAuthModeChoice>(() => {
    const stored = sessionStorage.getItem(KEY)
    return isOAuthModeChoice(stored) ? stored : 'auto'
  })
  const choose = (next: OAuthModeChoice) => {
    sessionStorage.setItem(KEY, next)
    setChoice(next)
  }
  return [choice, choose]
}
