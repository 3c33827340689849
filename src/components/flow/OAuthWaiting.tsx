import { useEffect, useRef } from 'react'
import { OAUTH_PROVIDERS, type OAuthProviderName } from '../../core'
import type { UseOAuthReturnType } from '../../react'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import { ProviderMark } from '../marks/ProviderMark'

export interface OAuthWaitingProps {
  provider: OAuthProviderName
  flow: UseOAuthReturnType
}

/** A sign-in under way at the provider: in the popup (with Cancel, which closes it), or by redirect. */
export function OAuthWaiting({ provider, flow }: OAuthWaitingProps) {
  const labels = useLabels()
  const cancelRef = useRef<HTMLButtonElement>(null)
  // The button that started the sign-in is gone: focus goes to the one thing left to do here.
  useEffect(() => cancelRef.current?.focus(), [])
  const name = OAUTH_PROVIDERS[provider].displayName
  const redirecting = flow.status === 'redirecting' || flow.mode === 'redirect'
  return (
    <div className="apk-form apk-oauth-waiting">
      <span className="apk-oauth-waiting-mark">
        <ProviderMark provider={provider} />
      </span>
      <p className="apk-status apk-progress" role="status">
        <span className="apk-spinner" aria-hidden="true" />
        {formatLabel(redirecting ? labels.redirectingToProvider : labels.waitingForProvider, { provider: name })}
      </p>
      {redirecting ? null : (
        <>
          <p className="apk-hint apk-center">{labels.popupHint}</p>
          <button ref={cancelRef} type="button" className="apk-button apk-button-secondary" onClick={flow.cancel}>
            {labels.cancel}
          </button>
        </>
      )}
    </div>
  )
}
