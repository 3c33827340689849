'use client'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLabels } from '../labels/LabelsContext'
import { prefetchPasskey } from './prefetchPasskey'
import { useMountFocus } from './useMountFocus'

export interface PasskeyNameStepProps {
  /** The name to start from: the one typed here before, else the email typed in the email step. */
  initialName: string
  /** Called with the trimmed name, in the submit's handler: the passkey prompt opens from it. */
  onSubmit(name: string): void
  /** The title row's heading ("Create a passkey"), which names the form. */
  titleId: string
}

/**
 * "Create a passkey": the name the new passkey (and the account) will carry, shown in the person's
 * passkey list (their password manager, their phone's settings). Required: a list of passkeys all
 * called "Passkey" or a date tells a person nothing. Then the browser's prompt.
 */
export function PasskeyNameStep({ initialName, onSubmit, titleId }: PasskeyNameStepProps) {
  const labels = useLabels()
  const id = useId()
  const [name, setName] = useState(initialName)
  const [empty, setEmpty] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  useMountFocus(inputRef)
  // The WebAuthn code loads while the person types: Safari opens the prompt only close to the gesture.
  useEffect(prefetchPasskey, [])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') {
      setEmpty(true)
      inputRef.current?.focus()
      return
    }
    onSubmit(trimmed)
  }
  const describedBy = [`${id}-hint`, empty ? `${id}-error` : undefined].filter(Boolean).join(' ')
  return (
    // noValidate: the kit's own message (localizable, announced) replaces the browser bubble.
    <form className="apk-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <div className="apk-field">
        <label className="apk-label" htmlFor={`${id}-name`}>
          {labels.passkeyNameLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-name`}
          className="apk-input"
          type="text"
          name="passkeyName"
          autoComplete="username"
          spellCheck={false}
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            setEmpty(false)
          }}
          aria-invalid={empty ? true : undefined}
          aria-describedby={describedBy}
        />
        <p id={`${id}-hint`} className="apk-hint">
          {labels.passkeyNameHint}
        </p>
        {empty ? (
          <p id={`${id}-error`} className="apk-field-error" role="alert">
            {labels.passkeyNameRequired}
          </p>
        ) : null}
      </div>
      <button type="submit" className="apk-button apk-button-primary">
        {labels.continueToPasskey}
      </button>
    </form>
  )
}
