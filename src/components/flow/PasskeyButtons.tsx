'use client'
import { useEffect, useId, useRef } from 'react'
import {
  isPasskeySignUpIncomplete,
  isPasskeyWithoutAccount,
  usePasskeySupport,
  type UseLoginWithPasskeyReturnType,
  type UseSignUpWithPasskeyReturnType,
} from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { PasskeyMark } from '../marks/PasskeyMark'
import { ErrorAlert } from '../ui/ErrorAlert'
import { prefetchPasskey } from './prefetchPasskey'
import { prefetchProps } from './prefetchProps'

export interface PasskeyButtonsProps {
  /** Held by the flow, which shows the prompt's progress in place of these buttons. */
  login: UseLoginWithPasskeyReturnType
  signUp: UseSignUpWithPasskeyReturnType
  /** Called in the click handler before the prompt opens, e.g. to forget another method's failure. */
  onStart?: (() => void) | undefined
  /**
   * "Create a passkey": the flow's step that asks for the passkey's name, or the sign-up itself with
   * the app's name. "Try again" after a failed sign-up retries it with the same name.
   */
  onCreate(): void
}

/**
 * "Sign in with a passkey", and "No passkey yet? Create one" under it, with how the last try ended: a calm word when the
 * person closed the prompt, the failure and "Try again" otherwise. In a browser without WebAuthn, a
 * sentence saying so instead of buttons that could only fail.
 *
 * A sign-up that failed after the passkey was made is not tried again (a second account, a second
 * passkey): "Sign in with the passkey you just created" logs in with it instead, which signs in if the
 * account was made; if it was not, the refusal says so and "Create your account again" is offered.
 */
export function PasskeyButtons({ login, signUp, onStart, onCreate }: PasskeyButtonsProps) {
  const labels = useLabels()
  const signInRef = useRef<HTMLButtonElement>(null)
  const createRef = useRef<HTMLButtonElement>(null)
  const retryRef = useRef<HTMLButtonElement>(null)
  const createHintId = useId()
  const { isSupported } = usePasskeySupport()
  // The last try's outcome: starting one forgets the other's (start below).
  const action = signUp.error ? 'signUp' : 'logIn'
  const error = signUp.error ?? login.error
  const cancelled = error?.code === 'PASSKEY_CANCELLED'
  // The passkey an unfinished sign-up made: from its failure, or from the recovery's own failure (a
  // closed prompt, a network error), so that the way forward stays the recovery, not a new sign-up.
  const withoutAccount = isPasskeyWithoutAccount(login.error)
  const newPasskey = isPasskeySignUpIncomplete(signUp.error)
    ? signUp.error.credentialId
    : login.error && !withoutAccount
      ? login.variables?.allowCredentials?.[0]
      : undefined
  // Start over moves focus from the button it removes to the first passkey button.
  const focusSignIn = useRef(false)

  // The list comes back when the prompt closes: focus returns to the button used, or to Try again. On
  // each new failure, not on mounting: a prompt that closes before React paints its progress leaves these
  // buttons mounted (the button clicked gone and back), and focus must still land. Not on later renders
  // of the same failure, which must not pull focus from where the person went (the others follow error).
  useEffect(() => {
    if (!error) return
    if (!cancelled || newPasskey !== undefined) retryRef.current?.focus()
    else (action === 'signUp' ? createRef : signInRef).current?.focus()
  }, [error, cancelled, newPasskey, action])
  useEffect(() => {
    if (!focusSignIn.current || error) return
    focusSignIn.current = false
    signInRef.current?.focus()
  })

  if (!isSupported) return <p className="apk-hint">{labels.passkeysUnsupported}</p>
  const start = (chosen: 'signUp' | 'logIn') => {
    onStart?.()
    if (chosen === 'signUp') {
      login.reset()
      signUp.signUpWithPasskey(signUp.variables)
    } else {
      signUp.reset()
      login.loginWithPasskey()
    }
  }
  const recover = (credentialId: string) => {
    onStart?.()
    signUp.reset()
    login.loginWithPasskey({ allowCredentials: [credentialId] })
  }
  const startOver = () => {
    focusSignIn.current = true
    signUp.reset()
    login.reset()
  }
  const primary = (label: string, onClick: () => void) => (
    <button
      ref={retryRef}
      type="button"
      className="apk-button apk-button-primary"
      onClick={onClick}
      {...prefetchProps(prefetchPasskey)}
    >
      {label}
    </button>
  )
  let outcome = null
  if (error && newPasskey !== undefined) {
    const actions = (
      <div className="apk-row apk-row-start">
        {primary(labels.signInWithNewPasskey, () => recover(newPasskey))}
        <button type="button" className="apk-button apk-button-secondary" onClick={startOver}>
          {labels.startOver}
        </button>
      </div>
    )
    outcome = cancelled ? (
      <div className="apk-alert">
        <p className="apk-hint" role="status">
          {labels.passkeyCancelled}
        </p>
        {actions}
      </div>
    ) : (
      <ErrorAlert message={errorMessage(labels, error)}>{actions}</ErrorAlert>
    )
  } else if (withoutAccount) {
    outcome = (
      <ErrorAlert message={labels.passkeyWithoutAccount}>
        <div className="apk-row apk-row-start">
          {primary(labels.createAccountAgain, () => {
            login.reset()
            onCreate()
          })}
        </div>
      </ErrorAlert>
    )
  } else if (cancelled) {
    outcome = (
      <p className="apk-hint" role="status">
        {labels.passkeyCancelled}
      </p>
    )
  } else if (error) {
    outcome = (
      <ErrorAlert message={errorMessage(labels, error)}>
        <div className="apk-row apk-row-start">
          {primary(labels.tryAgain, () => (action === 'signUp' ? start('signUp') : start('logIn')))}
        </div>
      </ErrorAlert>
    )
  }
  return (
    <>
      {/* The WebAuthn code loads before the click: Safari opens the prompt only close to the gesture. */}
      <button
        ref={signInRef}
        type="button"
        className="apk-button apk-button-social"
        onClick={() => start('logIn')}
        {...prefetchProps(prefetchPasskey)}
      >
        <PasskeyMark />
        <span className="apk-button-label">{labels.signInWithPasskey}</span>
      </button>
      {/* How the last try went, under the button that started it. */}
      {outcome}
      {/* One passkey button: a person with no account yet is offered to make one, beside it. */}
      <p className="apk-passkey-create">
        <span id={createHintId}>{labels.noPasskeyYet}</span>{' '}
        <button
          ref={createRef}
          type="button"
          className="apk-button apk-button-text"
          onClick={onCreate}
          aria-describedby={createHintId}
          {...prefetchProps(prefetchPasskey)}
        >
          {labels.createOne}
        </button>
      </p>
    </>
  )
}
