import { useState } from 'react'
import { OAUTH_PROVIDER_NAMES, type OAuthMode, type OAuthProviderName } from '../../core'
import { useEmailOtp, useLoginMethods, useOAuthCallback, useOAuthProviders, usePasskey, useSession, useWalletKitConfig } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import { CodeStep } from './CodeStep'
import { ConfigError } from './ConfigError'
import { EmailStep } from './EmailStep'
import { OAuthButtons } from './OAuthButtons'
import { OAuthError } from './OAuthError'
import { OAuthWaiting } from './OAuthWaiting'
import { PasskeyButtons } from './PasskeyButtons'
import { PasskeyWaiting } from './PasskeyWaiting'
import { Progress } from './Progress'
import { SignedInStep } from './SignedInStep'
import { useOAuthFlows } from './useOAuthFlows'

/** Picks the step to show from the session, the tenant's config and the state of each flow. */
export function LoginFlow({ onDone }: { onDone(): void }) {
  const labels = useLabels()
  const { status, session } = useSession()
  const config = useWalletKitConfig()
  const methods = useLoginMethods()
  const oauthProviders = useOAuthProviders()
  const emailOtp = useEmailOtp()
  const oauth = useOAuthFlows()
  const callback = useOAuthCallback()
  const passkey = usePasskey()
  // Kept here, not in the email step, so that "Use a different email" comes back with it to correct.
  const [email, setEmail] = useState(() => emailOtp.challenge?.email ?? '')

  if (status === 'loading') return <Progress label={labels.loading} />
  if (status === 'signedIn' && session) return <SignedInStep session={session} onDone={onDone} />
  // Back from the provider: the answer is being exchanged for a session.
  if (callback.status === 'completing') return <Progress label={labels.signingIn} />
  const active = OAUTH_PROVIDER_NAMES.find((provider) => oauth[provider].isPending)
  if (active) return <OAuthWaiting provider={active} flow={oauth[active]} />
  if (passkey.isPending) return <PasskeyWaiting />
  // A code already on its way needs nothing from the config (the challenge knows its format).
  if (emailOtp.step === 'code' && emailOtp.challenge) {
    return <CodeStep key={emailOtp.challenge.otpId} emailOtp={emailOtp} challenge={emailOtp.challenge} />
  }
  if (!methods || !oauthProviders) {
    return config.isError && !config.isFetching ? (
      <ConfigError error={config.error} onRetry={() => void config.refetch()} />
    ) : (
      <Progress label={labels.loadingConfig} />
    )
  }

  const start = (provider: OAuthProviderName, mode?: OAuthMode) => {
    // First: in popup mode the window must open before anything else happens in this click.
    oauth[provider].start(mode)
    for (const other of OAUTH_PROVIDER_NAMES) if (other !== provider) oauth[other].reset()
    callback.reset()
    passkey.reset()
  }
  const forgetOAuthFailures = () => {
    for (const provider of OAUTH_PROVIDER_NAMES) oauth[provider].reset()
    callback.reset()
  }
  const retry = (provider: OAuthProviderName | undefined, mode: OAuthMode | undefined) => {
    if (provider) start(provider, mode)
    else callback.reset()
  }
  // The last failure with a provider: a popup's, or the redirect this page came back from.
  const failed = OAUTH_PROVIDER_NAMES.find((provider) => oauth[provider].error)
  const failure = failed
    ? { error: oauth[failed].error, provider: failed, mode: oauth[failed].mode }
    : callback.status === 'error'
      ? { error: callback.error, provider: callback.provider, mode: 'redirect' as const }
      : undefined

  const showEmail = methods.includes('email')
  const social = oauthProviders
  // Passkeys sit with the social buttons: one group of buttons after the email form.
  const passkeyPart = methods.includes('passkey') ? <PasskeyButtons passkey={passkey} onStart={forgetOAuthFailures} /> : null
  if (!showEmail && social.length === 0 && !passkeyPart && !failure?.error) return <p className="apk-text">{labels.noMethods}</p>
  const emailPart = showEmail ? <EmailStep key="email" emailOtp={emailOtp} email={email} onEmailChange={setEmail} /> : null
  const socialPart =
    social.length > 0 || failure?.error || passkeyPart ? (
      <div key="social" className="apk-form">
        {failure?.error ? <OAuthError error={failure.error} provider={failure.provider} mode={failure.mode} onRetry={retry} /> : null}
        {social.length > 0 ? <OAuthButtons providers={social} onStart={(provider) => start(provider)} /> : null}
        {passkeyPart}
      </div>
    ) : null
  const separator =
    emailPart && (social.length > 0 || passkeyPart) ? (
      <p key="separator" className="apk-separator">
        <span>{labels.or}</span>
      </p>
    ) : null
  // In the app's order of methods: email first unless a provider comes before it.
  const firstButton = social[0] ?? (passkeyPart ? 'passkey' : undefined)
  const socialFirst = firstButton !== undefined && methods.indexOf(firstButton) < methods.indexOf('email')
  return <div className="apk-methods">{socialFirst ? [socialPart, separator, emailPart] : [emailPart, separator, socialPart]}</div>
}
