'use client'
import {
  forwardRef,
  useId,
  type ClipboardEvent,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react'
import { normalizeOtpCode } from '../../react'
import { en } from '../locales/en'

export type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength' | 'inputMode' | 'autoComplete' | 'children'
>

export interface OtpInputProps extends NativeInputProps {
  /** The normalized code so far. */
  value: string
  onValueChange(code: string): void
  /** Called once when the code becomes complete (typed, pasted or filled by the platform). */
  onComplete?(code: string): void
  length: number
  /** Crockford base32 letters and digits; false for digits only. */
  alphanumeric: boolean
  label?: string
  /** Shown under the field as an alert, and marks the field invalid. */
  error?: ReactNode
  /** Help under the field (expiry, format). */
  hint?: ReactNode
}

/**
 * One text field for the whole code (not one box per character): the platform's one-time-code autofill,
 * paste, and screen readers all work on a single input. Look-alikes are fixed as the user types.
 */
export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput(
  { value, onValueChange, onComplete, length, alphanumeric, label = en.codeLabel, error, hint, id, className, ...rest },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? `${generatedId}-input`
  const hintId = `${generatedId}-hint`
  const errorId = `${generatedId}-error`
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ')

  const update = (raw: string) => {
    const { code, complete } = normalizeOtpCode(raw, { length, alphanumeric })
    onValueChange(code)
    if (complete && code !== value) onComplete?.(code)
  }
  const onChange = (event: ChangeEvent<HTMLInputElement>) => update(event.target.value)
  // Pasted text often carries spaces or a dash ("123-456"); the field's maxLength would cut it before
  // normalization, so the paste is read whole and normalized here.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const input = event.currentTarget
    const start = input.selectionStart ?? value.length
    const end = input.selectionEnd ?? value.length
    update(value.slice(0, start) + event.clipboardData.getData('text') + value.slice(end))
  }

  return (
    <div className={['apk-field', className].filter(Boolean).join(' ')}>
      <label className="apk-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        className="apk-input apk-otp-input"
        type="text"
        value={value}
        onChange={onChange}
        onPaste={onPaste}
        autoComplete="one-time-code"
        inputMode={alphanumeric ? 'text' : 'numeric'}
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={length}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className="apk-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="apk-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
})
