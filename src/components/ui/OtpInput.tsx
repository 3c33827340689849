'use client'
import {
  forwardRef,
  useEffect,
  useId,
  useState,
  type ClipboardEvent,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
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
  onComplete?: ((code: string) => void) | undefined
  length: number
  /** Crockford base32 letters and digits; false for digits only. */
  alphanumeric: boolean
  label?: string | undefined
  /** Shown under the field as an alert, and marks the field invalid. */
  error?: ReactNode | undefined
  /** Help under the field (expiry, format). */
  hint?: ReactNode | undefined
}

/**
 * One box per character, drawn over one real text field for the whole code: the platform's
 * one-time-code autofill, paste, undo and screen readers all work on a single input, which lies
 * transparent over the boxes (the way the `input-otp` library does it). The boxes show what it holds,
 * where the next character goes, and what is selected. Look-alikes are fixed as the user types.
 */
export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput(
  {
    value,
    onValueChange,
    onComplete,
    length,
    alphanumeric,
    label = en.codeLabel,
    error,
    hint,
    id,
    className,
    onFocus,
    onBlur,
    onSelect,
    ...rest
  },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? `${generatedId}-input`
  const hintId = `${generatedId}-hint`
  const errorId = `${generatedId}-error`
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ')
  // The field's focus and selection, which the boxes draw (the field's own text and caret are invisible).
  const [focused, setFocused] = useState(false)
  const [selection, setSelection] = useState<readonly [number, number]>([value.length, value.length])
  const readSelection = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    setSelection([input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length])
  }
  // A selection made by code (the kit selects a wrong code, so that typing replaces it) fires no React
  // event: the document's selectionchange tells it, while the field has focus.
  useEffect(() => {
    if (!focused) return
    const onSelectionChange = () => {
      const input = document.activeElement
      if (input instanceof HTMLInputElement && input.id === inputId) {
        setSelection([input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length])
      }
    }
    // Browsers tell it as selectionchange; some (and jsdom) as the field's own select event.
    document.addEventListener('selectionchange', onSelectionChange)
    document.addEventListener('select', onSelectionChange, true)
    return () => {
      document.removeEventListener('selectionchange', onSelectionChange)
      document.removeEventListener('select', onSelectionChange, true)
    }
  }, [focused, inputId])

  const update = (raw: string) => {
    const { code, complete } = normalizeOtpCode(raw, { length, alphanumeric })
    onValueChange(code)
    if (complete && code !== value) onComplete?.(code)
    return code
  }
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    update(event.target.value)
    readSelection(event)
  }
  // Pasted text often carries spaces or a dash ("123-456"); the field's maxLength would cut it before
  // normalization, so the paste is read whole and normalized here.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const input = event.currentTarget
    const start = input.selectionStart ?? value.length
    const end = input.selectionEnd ?? value.length
    const code = update(value.slice(0, start) + event.clipboardData.getData('text') + value.slice(end))
    // The new value moves the caret to its end, with no event the boxes hear.
    setSelection([code.length, code.length])
  }

  return (
    <div className={['apk-field', className].filter(Boolean).join(' ')}>
      <label className="apk-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="apk-otp" data-invalid={error ? true : undefined}>
        <div className="apk-otp-boxes" aria-hidden="true">
          {boxes(length).map((index) => {
            const char = value[index]
            const [start, end] = selection
            const selected = focused && end > start && index >= start && index < end
            // The box the next character goes to: where the caret is, or the last one when all are full.
            const active = focused && end === start && index === Math.min(start, length - 1)
            return (
              <span
                key={index}
                className={[
                  'apk-otp-box',
                  index === Math.ceil(length / 2) && length >= 6 ? 'apk-otp-box-group' : undefined,
                  char === undefined ? undefined : 'apk-otp-box-filled',
                  active ? 'apk-otp-box-active' : undefined,
                  selected ? 'apk-otp-box-selected' : undefined,
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                {char ?? (active ? <span className="apk-otp-caret" /> : null)}
              </span>
            )
          })}
        </div>
        <input
          {...rest}
          ref={ref}
          id={inputId}
          className="apk-otp-input"
          type="text"
          value={value}
          onChange={onChange}
          onPaste={onPaste}
          // A click lands on a box, not between invisible characters: the caret goes to the end, where
          // the next character is typed (a selection made on purpose, like the kit's after a wrong code, stays).
          onClick={(event) => {
            const input = event.currentTarget
            if (input.selectionStart === input.selectionEnd)
              input.setSelectionRange(input.value.length, input.value.length)
          }}
          onSelect={(event) => {
            readSelection(event)
            onSelect?.(event)
          }}
          onFocus={(event: FocusEvent<HTMLInputElement>) => {
            setFocused(true)
            readSelection(event)
            onFocus?.(event)
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            setFocused(false)
            onBlur?.(event)
          }}
          autoComplete="one-time-code"
          inputMode={alphanumeric ? 'text' : 'numeric'}
          // iOS shows its number pad for this pattern; the code's own check is normalizeOtpCode's.
          pattern={alphanumeric ? undefined : '[0-9]*'}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={length}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
      </div>
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

/** 0 … length - 1: one box per character of the code. */
function boxes(length: number): number[] {
  return Array.from({ length }, (_, index) => index)
}
