'use client'
import type { OAuthProviderName } from '../../core'
import { OAUTH_PROVIDERS, prefetchSignIn } from '../../react'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import { ProviderMark } from '../marks/ProviderMark'
import { prefetchProps } from './prefetchProps'

export interface OAuthButtonsProps {
  providers: readonly OAuthProviderName[]
  /** Called in the click handler itself: a popup may only be opened there. */
  onStart(provider: OAuthProviderName): void
}

/** "Continue with Google", "Continue with Apple", ...: one button per provider the tenant offers. */
export function OAuthButtons({ providers, onStart }: OAuthButtonsProps) {
  const labels = useLabels()
  return (
    <div className="apk-social">
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="apk-button apk-button-social"
          onClick={() => onStart(provider)}
          {...prefetchProps(() => void prefetchSignIn([provider]))}
        >
          <ProviderMark provider={provider} />
          <span className="apk-button-label">
            {formatLabel(labels.continueWithProvider, { provider: OAUTH_PROVIDERS[provider].displayName })}
          </span>
        </button>
      ))}
    </div>
  )
}
