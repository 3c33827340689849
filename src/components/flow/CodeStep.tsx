'use client'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { KitErrorCode, OtpChallenge } from '../../core'
import { DEFAULT_USER_MESSAGES, type UseOtpReturnType } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { formatLabel } from '../labels/formatLabel'
import { formatLabelNodes } from '../labels/formatLabelNodes'
import { useLabels } from '../labels/LabelsContext'
import { ContactText } from '../ui/ContactText'
import { OtpInput } from '../ui/OtpInput'
import { ErrorAlert } from '../ui/ErrorAlert'
import { formatCountdown } from './formatCountdown'
import { chunks, prefetchChunk } from '../../chunks'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'
import { RateLimitAlert } from '../ui/RateLimitAlert'
import { useCaptchaGate } from './useCaptchaGate'
import { useMountFocus } from './useMountFocus'

export interface CodeStepProps {
  /** useEmailOtp() or useSmsOtp(): the step is the same for both. */
  otp: UseOtpReturnType<OtpChallenge, string>
  challenge: OtpChallenge
}

/** A code's end is shown from this many seconds before it: sooner, it is not what the person waits for. */
const EXPIRY_SHOWN_SECONDS = 60

/** Errors about what was typed belong to the field; the rest (network, dead code) stand apart. */
const FIELD_ERRORS: ReadonlySet<KitErrorCode> = new Set(['OTP_CODE_INVALID', 'OTP_CODE_FORMAT'])

/** Asks for the code sent by email or SMS. Mounted once per code sent (keyed by otpId), so a new code starts blank. */
export function CodeStep({ otp, challenge }: CodeStepProps) {
  const labels = useLabels()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  // A code refused for its format is about what was submitted: typing on hides it until the next try.
  const [edited, setEdited] = useState(false)
  const { error, needsNewCode, isVerifying } = otp
  const bySms = challenge.otpType === 'OTP_TYPE_SMS'
  // A new code is an otp_init too: on a captcha tenant it needs a fresh token (the start's was spent),
  // from a widget shown once a new code may be asked for.
  const captcha = useCaptchaGate(otp.isResending, otp.canResend)
  const resend = () => otp.resend(captcha.options)
  const canResend = otp.canResend && !captcha.waiting
  // The code on show was refused already (the field holds it, normalized): Verify waits for another.
  const refused = otp.refusedCode !== undefined && code === otp.refusedCode
  // One countdown at a time: the code's end once it is near (then nothing else matters), else the wait
  // before a new code may be asked for.
  const expiryNear = !needsNewCode && otp.expiresInSeconds <= EXPIRY_SHOWN_SECONDS
  const resendWait = otp.resendSecondsLeft > 0 && !expiryNear
  useMountFocus(inputRef)
  // The number reads better grouped (+44 7700 900123); the grouping comes with the phone step's code,
  // which "Use a different number" needs anyway. Until then the number shows as sent.
  const phoneParts = useModuleSnapshot(chunks.phoneStep).module
  useEffect(() => {
    if (bySms) prefetchChunk(chunks.phoneStep)
  }, [bySms])
  // After a wrong code, select it so that typing the next one replaces it; an incomplete one is
  // finished where it stands.
  useEffect(() => {
    if (error?.code === 'OTP_CODE_INVALID') inputRef.current?.select()
    else if (error?.code === 'OTP_CODE_FORMAT') inputRef.current?.focus()
  }, [error])

  // The flow checks the code: one of the wrong format is refused at once (OTP_CODE_FORMAT), nothing sent.
  const submit = (value: string) => {
    setEdited(false)
    otp.verify(value)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submit(code)
  }

  const fieldError =
    error && FIELD_ERRORS.has(error.code) && !(edited && error.code === 'OTP_CODE_FORMAT')
      ? errorMessage(labels, error)
      : undefined
  const deadCodeMessage =
    error && !FIELD_ERRORS.has(error.code) && error.code !== 'RATE_LIMITED'
      ? errorMessage(labels, error)
      : needsNewCode
        ? (labels.errors.OTP_EXPIRED ?? DEFAULT_USER_MESSAGES.OTP_EXPIRED)
        : undefined
  const status = isVerifying
    ? labels.verifying
    : otp.isResending
      ? labels.sendingNewCode
      : otp.hasResent
        ? labels.newCodeSent
        : ''

  return (
    <form className="apk-form" onSubmit={onSubmit} noValidate>
      <p className="apk-text">
        {bySms
          ? formatLabelNodes(labels.codeSentToPhone, {
              phone: <ContactText contact={phoneParts?.formatE164(challenge.contact) ?? challenge.contact} />,
            })
          : formatLabelNodes(labels.codeSentTo, { email: <ContactText contact={challenge.contact} /> })}
      </p>
      <OtpInput
        ref={inputRef}
        name="code"
        label={labels.codeLabel}
        value={code}
        onValueChange={(next) => {
          setCode(next)
          setEdited(true)
        }}
        onComplete={submit}
        length={challenge.otpLength}
        alphanumeric={challenge.alphanumeric}
        error={fieldError}
        hint={
          // Accepted before a later step failed (or the tab reloaded): Verify finishes without it.
          challenge.verificationToken !== undefined && !needsNewCode
            ? labels.codeAccepted
            : expiryNear
              ? formatLabel(labels.codeExpiresIn, { time: formatCountdown(otp.expiresInSeconds) })
              : undefined
        }
      />
      {error?.code === 'RATE_LIMITED' ? (
        <RateLimitAlert
          secondsLeft={otp.retrySecondsLeft}
          knowsWhen={error.retryAfterSeconds !== undefined}
          fallbackMessage={errorMessage(labels, error)}
          action={otp.retryFor === 'verify' ? 'verify' : 'send'}
        />
      ) : null}
      {deadCodeMessage ? (
        <ErrorAlert message={deadCodeMessage}>
          {needsNewCode ? (
            <button type="button" className="apk-button apk-button-primary" onClick={resend} disabled={!canResend}>
              {labels.sendNewCode}
            </button>
          ) : null}
        </ErrorAlert>
      ) : null}
      {/* Held back while a rate limit on trying codes counts down (the alert above says how long), and
          for a code refused already; gone once the code is dead: "Send a new code" is the one action. */}
      {needsNewCode ? null : (
        <button
          type="submit"
          className="apk-button apk-button-primary"
          disabled={isVerifying || !otp.canVerify || refused}
        >
          {labels.verify}
        </button>
      )}
      <p className="apk-status" role="status">
        {status ? (
          <>
            {isVerifying || otp.isResending ? <span className="apk-spinner" aria-hidden="true" /> : null}
            {status}
          </>
        ) : null}
      </p>
      {captcha.widget}
      {/* Asking again: a quiet action under the form (the way back to the address is in the title row). */}
      {needsNewCode ? null : (
        <p className="apk-resend">
          <button
            type="button"
            className="apk-button apk-button-text"
            onClick={resend}
            disabled={!canResend}
            aria-describedby={resendWait ? `${id}-resend` : undefined}
          >
            {labels.resendCode}
          </button>
          {resendWait ? (
            <span id={`${id}-resend`} className="apk-hint">
              {formatLabel(labels.resendIn, { time: formatCountdown(otp.resendSecondsLeft) })}
            </span>
          ) : null}
        </p>
      )}
    </form>
  )
}
