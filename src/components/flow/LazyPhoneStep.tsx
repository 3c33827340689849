'use client'
import type { UseSmsOtpReturnType } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import type { PhoneDraft } from '../phone/e164'
import { RetryableError } from '../ui/RetryableError'
import { chunks } from '../../chunks'
import { Progress } from '../ui/Progress'
import { useLoadedModule } from '../ui/useLoadedModule'

export interface LazyPhoneStepProps {
  smsOtp: UseSmsOtpReturnType
  /** Undefined until the person first sees the step: its first value (their country) comes with its code. */
  phone: PhoneDraft | undefined
  /** The number of a code sent before a reload: the first value when `phone` is undefined. */
  sentTo: string | undefined
  onPhoneChange(phone: PhoneDraft): void
}

/** The phone step once its code is there; progress while it loads, and a retry if the download failed. */
export function LazyPhoneStep({ smsOtp, phone, sentTo, onPhoneChange }: LazyPhoneStepProps) {
  const labels = useLabels()
  const { module, error, retry } = useLoadedModule(chunks.phoneStep)
  if (error) return <RetryableError error={error} onRetry={retry} />
  if (!module) return <Progress label={labels.loading} />
  const draft = phone ?? module.initialPhoneDraft(sentTo, typeof navigator === 'undefined' ? [] : navigator.languages)
  return <module.PhoneStep smsOtp={smsOtp} phone={draft} onPhoneChange={onPhoneChange} />
}
