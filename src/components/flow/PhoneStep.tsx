'use client'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { DEFAULT_USER_MESSAGES, type UseSmsOtpReturnType } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { countries } from '../phone/countries'
import { countryOfE164, exampleNumber, toE164, type PhoneDraft } from '../phone/e164'
import { SendCodeFooter } from './SendCodeFooter'
import { useCaptchaGate } from './useCaptchaGate'
import { useMountFocus } from './useMountFocus'

export interface PhoneStepProps {
  smsOtp: UseSmsOtpReturnType
  phone: PhoneDraft
  onPhoneChange(phone: PhoneDraft): void
}

/**
 * Asks for the number to text a code to: a country (with its calling code) and the number as people
 * write it. Turning the two into E.164 is this form's job (the flow takes E.164 only), so a number
 * that cannot become one (wrong length for North America, letters) is refused here, and never sent.
 */
export function PhoneStep({ smsOtp, phone, onPhoneChange }: PhoneStepProps) {
  const labels = useLabels()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [invalid, setInvalid] = useState(false)
  // Named in the dialog's language, not the page's: a French modal on an English page lists Allemagne.
  const list = useMemo(() => countries(labels.locale), [labels.locale])
  useMountFocus(inputRef)

  const { error, isSending } = smsOtp
  const captcha = useCaptchaGate(isSending)
  const fieldError = invalid
    ? (labels.errors.INVALID_PHONE ?? DEFAULT_USER_MESSAGES.INVALID_PHONE)
    : error?.code === 'INVALID_PHONE'
      ? errorMessage(labels, error)
      : undefined
  const otherError = error && error.code !== 'INVALID_PHONE' ? error : undefined

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // While a code that may be on its way holds the button back, Enter does not send either.
    if (isSending || (smsOtp.maybeSent && smsOtp.retrySecondsLeft > 0) || captcha.waiting) return
    const e164 = toE164(phone)
    setInvalid(e164 === undefined)
    if (e164 === undefined) return inputRef.current?.focus()
    smsOtp.start(e164, captcha.options)
  }
  const onNumberChange = (number: string) => {
    // A number typed or filled in with its calling code picks its country, so the two never disagree.
    const country = number.trim().startsWith('+') ? countryOfE164(number.replace(/[^\d+]/g, '')) : undefined
    onPhoneChange({ country: country?.code ?? phone.country, number })
    setInvalid(false)
  }

  return (
    <form className="apk-form" onSubmit={onSubmit} noValidate>
      <div className="apk-field">
        <label className="apk-label" htmlFor={`${id}-country`}>
          {labels.countryLabel}
        </label>
        <select
          id={`${id}-country`}
          className="apk-input apk-select"
          name="country"
          value={phone.country}
          onChange={(event) => {
            onPhoneChange({ ...phone, country: event.target.value })
            setInvalid(false)
          }}
        >
          {list.map((country) => (
            <option key={country.code} value={country.code}>
              {`${country.name} (+${country.dialCode})`}
            </option>
          ))}
        </select>
      </div>
      <div className="apk-field">
        <label className="apk-label" htmlFor={`${id}-phone`}>
          {labels.phoneLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-phone`}
          className="apk-input"
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          // A number of the chosen country, as the code step will show it after its calling code.
          placeholder={exampleNumber(phone.country)}
          value={phone.number}
          onChange={(event) => onNumberChange(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="apk-hint">
          {labels.phoneHint}
        </p>
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
        retrySecondsLeft={smsOtp.retrySecondsLeft}
        maybeSent={smsOtp.maybeSent}
        isSending={isSending}
        submitLabel={labels.sendCode}
      />
    </form>
  )
}
