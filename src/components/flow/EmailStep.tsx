'use client'
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { UseEmailOtpReturnType } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { SendCodeFooter } from './SendCodeFooter'
import { useCaptchaGate } from './useCaptchaGate'
import { useMountFocus } from './useMountFocus'

export interface EmailStepProps {
  emailOtp: UseEmailOtpReturnType
  /** The address typed so far, kept by the flow while other steps show (read once, written on change). */
  draft: RefObject<string>
}

/**
 * Asks for the address to send a code to. The flow checks it: a malformed one is refused at once
 * (INVALID_EMAIL, shown on the field) and never reaches the network.
 */
export function EmailStep({ emailOtp, draft }: EmailStepProps) {
  const labels = useLabels()
  // Here, not in the flow: a keystroke re-renders this step only.
  const [email, setEmail] = useState(() => draft.current)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  // The field's error is about what was submitted: editing the address hides it until the next try.
  const [edited, setEdited] = useState(false)
  useMountFocus(inputRef)

  const { error, isSending } = emailOtp
  const captcha = useCaptchaGate(isSending)
  const refused = error?.code === 'INVALID_EMAIL' ? error : undefined
  const fieldError = refused && !edited ? errorMessage(labels, refused) : undefined
  const otherError = error && !refused ? error : undefined
  // Back to the field to correct it.
  useEffect(() => {
    if (refused) inputRef.current?.focus()
  }, [refused])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // While a code that may be on its way holds the button back, Enter does not send either.
    if (isSending || (emailOtp.maybeSent && emailOtp.retrySecondsLeft > 0) || captcha.waiting) return
    setEdited(false)
    emailOtp.start(email, captcha.options)
  }

  return (
    // noValidate: the kit's own check and message (localizable, announced) replace the browser bubble.
    <form className="apk-form" onSubmit={onSubmit} noValidate>
      <div className="apk-field">
        <label className="apk-label" htmlFor={`${id}-email`}>
          {labels.emailLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          className="apk-input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder={labels.emailPlaceholder}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            // The parent's ref, written in an event handler (not during render): the typed address survives
            // a trip to another method and back.
            // eslint-disable-next-line react-hooks/immutability
            draft.current = event.target.value
            setEdited(true)
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
        />
        {fieldError ? (
          <p id={`${id}-error`} className="apk-field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
      </div>
      {captcha.widget}
      <SendCodeFooter
        captchaWaiting={captcha.waiting}
        error={otherError ?? undefined}
        retrySecondsLeft={emailOtp.retrySecondsLeft}
        maybeSent={emailOtp.maybeSent}
        isSending={isSending}
        submitLabel={labels.continueWithEmail}
      />
    </form>
  )
}
