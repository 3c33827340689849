'use client'
import { useEffect, useId, useRef } from 'react'
import type { KitError, OAuthMode, OAuthProviderName } from '../../react'
import { OAUTH_PROVIDERS, prefetchSignIn } from '../../react'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import { ProviderMark } from '../marks/ProviderMark'
import { prefetchProps } from './prefetchProps'
import { ProviderFailure } from './ProviderFailure'
import { providerFailureMessage } from './providerFailureMessage'

/** The last sign-in with one of these providers failed: said beside its button. */
export interface ProviderButtonFailure {
  error: KitError
  provider: OAuthProviderName
}

export interface OAuthButtonsProps {
  providers: readonly OAuthProviderName[]
  /** Called in the click handler itself: a popup may only be opened there. */
  onStart(provider: OAuthProviderName, mode?: OAuthMode): void
  failure?: ProviderButtonFailure | undefined
}

/** More providers than this show as a row of marks: a list of five full-width buttons pushes the form away. */
const MAX_FULL_BUTTONS = 2

/**
 * "Continue with Google", "Continue with Apple", ...: one button per provider the tenant offers, full
 * width (mark and label together at the start, so that every label starts at the same place), or a row
 * of marks when there are more than two, each named for screen readers and in its tooltip. The last
 * failure shows under the button that failed (under the row), naming the provider; that button is the
 * way to try again and takes focus.
 */
export function OAuthButtons({ providers, onStart, failure }: OAuthButtonsProps) {
  const labels = useLabels()
  const errorId = useId()
  const failedRef = useRef<HTMLButtonElement>(null)
  const compact = providers.length > MAX_FULL_BUTTONS
  // After a failed popup or a return from the provider, trying again is the likely next step.
  const failedError = failure?.error
  useEffect(() => {
    if (failedError) failedRef.current?.focus()
  }, [failedError])

  const note = failure ? (
    <ProviderFailure
      key="failure"
      id={errorId}
      error={failure.error}
      message={providerFailureMessage(labels, failure.error, OAUTH_PROVIDERS[failure.provider].displayName)}
      onRedirect={(mode) => onStart(failure.provider, mode)}
    />
  ) : null
  const buttons = providers.map((provider) => {
    const label = formatLabel(labels.continueWithProvider, { provider: OAUTH_PROVIDERS[provider].displayName })
    const failed = failure?.provider === provider
    return [
      <button
        key={provider}
        ref={failed ? failedRef : undefined}
        type="button"
        className={compact ? 'apk-button apk-button-social apk-button-mark' : 'apk-button apk-button-social'}
        title={compact ? label : undefined}
        aria-describedby={failed ? errorId : undefined}
        onClick={() => onStart(provider)}
        {...prefetchProps(() => void prefetchSignIn([provider]))}
      >
        <ProviderMark provider={provider} />
        <span className={compact ? 'apk-visually-hidden' : 'apk-button-label'}>{label}</span>
      </button>,
      !compact && failed ? note : null,
    ]
  })
  if (!compact) return <>{buttons}</>
  return (
    <>
      <div className="apk-social-row">{buttons}</div>
      {note}
    </>
  )
}
