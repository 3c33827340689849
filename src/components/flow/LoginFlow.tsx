'use client'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import {
  prefetchSignIn,
  useEmailOtp,
  useLoginMethods,
  useLoginWithOAuth,
  useLoginWithPasskey,
  useOAuthCallback,
  useOAuthProviders,
  usePasskeyName,
  useSession,
  useSignUpWithPasskey,
  useSmsOtp,
  useCaptchaSiteKey,
  useWalletKitConfig,
  type EnabledProvider,
  type OAuthMode,
  type OAuthProviderName,
} from '../../react'
import { useLabels } from '../labels/LabelsContext'
import type { PhoneDraft } from '../phone/e164'
import { CaptchaSiteKeyContext } from './useCaptchaGate'
import { CodeStep } from './CodeStep'
import { RetryableError } from '../ui/RetryableError'
import { EmailStep } from './EmailStep'
import { OAuthButtons } from './OAuthButtons'
import { OAuthError } from './OAuthError'
import { OAuthWaiting } from './OAuthWaiting'
import { PasskeyButtons } from './PasskeyButtons'
import { PasskeyNameStep } from './PasskeyNameStep'
import { PasskeyWaiting } from './PasskeyWaiting'
import { PhoneMethodButton } from './PhoneMethodButton'
import { LazyPhoneStep } from './LazyPhoneStep'
import { Progress } from '../ui/Progress'
import { AccountView } from '../account/AccountView'
import { chunks, prefetchChunk } from '../../chunks'
import { PanelHeader, type PanelBack } from '../panel/PanelHeader'
import { OAUTH_PROVIDERS } from '../../react'
import { formatLabel } from '../labels/formatLabel'
import { useCloseOnSignIn } from './useCloseOnSignIn'

/** The title row's parts the frame gives (the dialog, the inline panel); the flow adds the step's title and way back. */
export interface LoginFlowHeader {
  titleId: string
  /** The app's sign-in title, if any: the method list's (signed in, the title is "Your account"). */
  title?: ReactNode | undefined
  logo?: ReactNode | undefined
  /** The dialog's close button; an inline panel has none. */
  onClose?: (() => void) | undefined
}

export interface LoginFlowProps {
  header: LoginFlowHeader
  /** Closes what holds the flow (the dialog's "Done"); left out in an inline panel. */
  onDone?: (() => void) | undefined
  /** Which methods to offer, in this order; default the provider's `methods`. The tenant's enabled ones bound it. */
  methods?: readonly EnabledProvider[] | undefined
  /** Calls onDone once a sign-in completes here, instead of showing "Your account"; default false. */
  closeOnSignIn?: boolean | undefined
}

/**
 * Picks the step to show from the session, the tenant's config and the state of each flow, and heads it
 * with its title (the state's: "Check your email", "Your account") and, in a sub-step, the way back.
 */
export function LoginFlow({ header, onDone, methods: only, closeOnSignIn = false }: LoginFlowProps) {
  const labels = useLabels()
  const { status, session } = useSession()
  const config = useWalletKitConfig()
  // Asked while signed out (a form that sends a code may show), once per kit: the forms read it here.
  const captcha = useCaptchaSiteKey({ enabled: status === 'signedOut' })
  const methods = useLoginMethods(only)
  const oauthProviders = useOAuthProviders(only)
  const emailOtp = useEmailOtp()
  const oauth = useLoginWithOAuth()
  const callback = useOAuthCallback()
  const passkeyLogin = useLoginWithPasskey()
  const passkeySignUp = useSignUpWithPasskey()
  // The draft lives in the email step (typing re-renders that step only); this ref keeps it while the
  // code step shows, so that "Use a different email" comes back with it to correct.
  const emailDraft = useRef(emailOtp.challenge?.email ?? '')
  const smsOtp = useSmsOtp()
  // Set by the phone step, whose code (and the country list that picks a first value) loads on demand.
  const [phone, setPhone] = useState<PhoneDraft>()
  // The number of the last code by SMS (one restored after a reload too): "Use a different number" starts from it.
  const [sentTo, setSentTo] = useState<string>()
  // Beside an email form, the phone has a view of its own, opened from the list of methods.
  const [phoneChosen, setPhoneChosen] = useState(false)
  // Passkey sign-up asks for the passkey's name first, unless the app gave one (provider `passkeyName`).
  const appPasskeyName = usePasskeyName()
  const [namingPasskey, setNamingPasskey] = useState(false)
  // The name typed last: "Create a passkey" again (after a cancelled prompt) comes back with it.
  const passkeyNameDraft = useRef<string>(undefined)
  // A code on its way shows once the flows are here (a reload restores it then): its contact fills the
  // form that "Use a different …" comes back to, and a code by SMS comes back to the phone's view.
  const emailChallenge = emailOtp.challenge?.email
  useEffect(() => {
    if (emailChallenge !== undefined) emailDraft.current = emailChallenge
  }, [emailChallenge])
  const smsChallenge = smsOtp.challenge?.contact
  if (smsChallenge !== undefined && smsChallenge !== sentTo) {
    setSentTo(smsChallenge)
    setPhoneChosen(true)
  }
  // The code behind the forms on show (the button prefetched email's); other methods' code loads when
  // their button is hovered, focused or pressed (prefetchProps).
  useEffect(() => {
    if (methods) void prefetchSignIn(methods.filter((method) => method === 'email' || method === 'sms'))
  }, [methods])
  // A sign-in under way ends in "Your account": the wallet code it reads loads meanwhile.
  const endsSignedIn =
    status === 'signedIn' ||
    emailOtp.step === 'code' ||
    smsOtp.step === 'code' ||
    oauth.isPending ||
    passkeyLogin.isPending ||
    passkeySignUp.isPending ||
    callback.status === 'completing'
  useEffect(() => {
    if (endsSignedIn) prefetchChunk(chunks.wallet)
  }, [endsSignedIn])
  const closing = useCloseOnSignIn(status, callback.status === 'completing', closeOnSignIn ? onDone : undefined)

  // The step under its title row: the step's own title (the app's, on the list of methods) and way back.
  const show = (body: ReactNode, title: ReactNode = header.title ?? labels.dialogTitle, back?: PanelBack) => (
    <>
      <PanelHeader titleId={header.titleId} title={title} logo={header.logo} back={back} onClose={header.onClose} />
      <CaptchaSiteKeyContext.Provider value={captcha}>{body}</CaptchaSiteKeyContext.Provider>
    </>
  )
  // Back from the provider: the answer is being exchanged for a session (while the stored one is read
  // too), under the provider's name, as a popup's wait is.
  if (callback.status === 'completing') {
    const provider = callback.provider ? OAUTH_PROVIDERS[callback.provider].displayName : undefined
    return show(
      <Progress label={labels.signingIn} />,
      provider ? formatLabel(labels.continueWithProvider, { provider }) : labels.signingIn,
    )
  }
  if (status === 'loading') return show(<Progress label={labels.loading} />)
  if (closing) return show(<Progress label={labels.signingIn} />)
  if (status === 'signedIn' && session)
    return show(<AccountView session={session} onDone={onDone} />, labels.accountTitle)
  // Under way in the popup, or the page on its way to the provider ("Taking you to Google…").
  const active = oauth.isPending || oauth.data?.mode === 'redirect' ? oauth.variables?.provider : undefined
  if (active) {
    return show(
      <OAuthWaiting provider={active} flow={oauth} />,
      formatLabel(labels.continueWithProvider, { provider: OAUTH_PROVIDERS[active].displayName }),
    )
  }
  if (passkeyLogin.isPending || passkeySignUp.isPending)
    return show(<PasskeyWaiting />, passkeySignUp.isPending ? labels.createPasskey : labels.signInWithPasskey)
  // A code already on its way needs nothing from the config (the challenge knows its format).
  // The newest code on its way, by email or SMS.
  const pending = [emailOtp, smsOtp]
    .filter((otp) => otp.step === 'code')
    .sort((a, b) => (b.challenge?.sentAt ?? 0) - (a.challenge?.sentAt ?? 0))[0]
  if (pending?.challenge) {
    const bySms = pending.challenge.otpType === 'OTP_TYPE_SMS'
    return show(
      <CodeStep key={pending.challenge.otpId} otp={pending} challenge={pending.challenge} />,
      bySms ? labels.codeTitlePhone : labels.codeTitleEmail,
      { label: bySms ? labels.useDifferentPhone : labels.useDifferentEmail, onBack: pending.back },
    )
  }
  if (!methods || !oauthProviders) {
    return show(
      config.isError && !config.isFetching ? (
        <RetryableError error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <Progress label={labels.loadingConfig} />
      ),
    )
  }

  const start = (provider: OAuthProviderName, mode?: OAuthMode) => {
    // First: in popup mode the window must open before anything else happens in this click.
    oauth.loginWithOAuth({ provider, mode })
    callback.reset()
    passkeyLogin.reset()
    passkeySignUp.reset()
  }
  const forgetOAuthFailures = () => {
    oauth.reset()
    callback.reset()
  }
  const retry = (provider: OAuthProviderName | undefined, mode: OAuthMode | undefined) => {
    if (provider) start(provider, mode)
    else callback.reset()
  }
  // The last failure with a provider: a popup's, or the redirect this page came back from.
  const failure = oauth.error
    ? { error: oauth.error, provider: oauth.variables?.provider, mode: oauth.variables?.mode }
    : callback.status === 'error'
      ? { error: callback.error, provider: callback.provider, mode: 'redirect' as const }
      : undefined

  const createPasskey = () => {
    forgetOAuthFailures()
    passkeyLogin.reset()
    passkeySignUp.reset()
    if (appPasskeyName) passkeySignUp.signUpWithPasskey({ userName: appPasskeyName, authenticatorName: appPasskeyName })
    else setNamingPasskey(true)
  }
  const toMethods = (onBack: () => void): PanelBack => ({ label: labels.otherMethods, onBack })
  if (namingPasskey && methods.includes('passkey')) {
    return show(
      <PasskeyNameStep
        key="passkey-name"
        titleId={header.titleId}
        initialName={passkeyNameDraft.current ?? emailDraft.current}
        onSubmit={(userName) => {
          passkeyNameDraft.current = userName
          setNamingPasskey(false)
          // The passkey list (the account's, and the person's password manager) shows the same name.
          passkeySignUp.signUpWithPasskey({ userName, authenticatorName: userName })
        }}
      />,
      labels.createPasskey,
      toMethods(() => setNamingPasskey(false)),
    )
  }

  const showEmail = methods.includes('email')
  const showPhone = methods.includes('sms')
  const social = oauthProviders
  // Passkeys sit with the social buttons: one group of buttons after the form.
  const passkeyPart = methods.includes('passkey') ? (
    <PasskeyButtons
      login={passkeyLogin}
      signUp={passkeySignUp}
      onStart={forgetOAuthFailures}
      onCreate={createPasskey}
    />
  ) : null
  if (!showEmail && !showPhone && social.length === 0 && !passkeyPart && !failure?.error)
    return show(<p className="apk-text">{labels.noMethods}</p>)
  const phoneStep = <LazyPhoneStep key="phone" smsOtp={smsOtp} phone={phone} sentTo={sentTo} onPhoneChange={setPhone} />
  const leavePhone = () => {
    smsOtp.back()
    setPhoneChosen(false)
  }
  if (showPhone && showEmail && phoneChosen) return show(phoneStep, labels.phoneTitle, toMethods(leavePhone))
  // The form on top: email's, or the phone's where the tenant offers no email.
  const emailPart = showEmail ? (
    <EmailStep key="email" emailOtp={emailOtp} draft={emailDraft} />
  ) : showPhone ? (
    phoneStep
  ) : null
  const phoneButton = showPhone && showEmail ? <PhoneMethodButton onClick={() => setPhoneChosen(true)} /> : null
  // The providers' buttons, with the last failure beside the one that failed (or above them all when
  // the page came back from a provider it cannot name).
  const socialPart =
    social.length > 0 || failure?.error || phoneButton || passkeyPart ? (
      <div key="social" className="apk-social">
        {failure?.error && !(failure.provider && social.includes(failure.provider)) ? (
          <OAuthError error={failure.error} provider={failure.provider} mode={failure.mode} onRetry={retry} />
        ) : null}
        {phoneButton}
        {social.length > 0 ? (
          <OAuthButtons
            providers={social}
            onStart={start}
            failure={
              failure?.error && failure.provider && social.includes(failure.provider)
                ? { error: failure.error, provider: failure.provider }
                : undefined
            }
          />
        ) : null}
        {passkeyPart}
      </div>
    ) : null
  const separator =
    emailPart && (social.length > 0 || phoneButton || passkeyPart) ? (
      <p key="separator" className="apk-separator">
        <span>{labels.or}</span>
      </p>
    ) : null
  // In the app's order of methods: the form first unless a provider comes before it.
  const firstButton = social[0] ?? (passkeyPart ? 'passkey' : undefined)
  const socialFirst =
    firstButton !== undefined && methods.indexOf(firstButton) < methods.indexOf(showEmail ? 'email' : 'sms')
  return show(
    <div className="apk-methods">
      {socialFirst ? [socialPart, separator, emailPart] : [emailPart, separator, socialPart]}
    </div>,
  )
}
