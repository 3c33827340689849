'use client'
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { isValidEmail } from '../../core'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import type { UseEmailOtpReturnType } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { SendCodeFooter } from './SendCodeFooter'
import { useMountFocus } from './useMountFocus'

export interface EmailStepProps {
  emailOtp: UseEmailOtpReturnType
  /** The address typed so far, kept by the flow while other steps show (read once, written on change). */
  draft: RefObject<string>
}

/** Asks for the address to send a code to; a malformed one never reaches the network. */
export function EmailStep({ emailOtp, draft }: EmailStepProps) {
  const labels = useLabels()
  // Here, not in the flow: a keystroke re-renders this step only.
  const [email, setEmail] = useState(() => draft.current)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const [invalid, setInvalid] = useState(false)
  useMountFocus(inputRef)

  const { error, isSending } = emailOtp
  const fieldError = invalid
    ? (labels.errors.INVALID_EMAIL ?? DEFAULT_USER_MESSAGES.INVALID_EMAIL)
    : error?.code === 'INVALID_EMAIL'
      ? errorMessage(labels, error)
      : undefined
  const otherError = error && error.code !== 'INVALID_EMAIL' ? error : undefined

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSending) return
    const valid = isValidEmail(email.trim())
    setInvalid(!valid)
    if (valid) emailOtp.start(email)
    else inputRef.current?.focus()
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
            draft.current = event.target.value
            setInvalid(false)
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
      <SendCodeFooter error={otherError ?? undefined} retrySecondsLeft={emailOtp.retrySecondsLeft} isSending={isSending} submitLabel={labels.continueWithEmail} />
    </form>
  )
}
