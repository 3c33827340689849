'use client'
import type { OtpResendOptions, SmsOtpChallenge } from '../core'
import { useOtpFlowStore, type UseOtpFlowParameters, type UseOtpReturnType } from './useOtpFlowStore'

export type SmsOtpStep = 'phone' | 'code' | 'done'

/** What the text says (the SMS template) is the tenant's configuration: only the flow's own timing is set here. */
export type UseSmsOtpParameters = UseOtpFlowParameters

export interface UseSmsOtpReturnType extends UseOtpReturnType<SmsOtpChallenge, 'phone'> {
  /**
   * `phoneNumber` in E.164 (`+447700900123`); anything else fails with INVALID_PHONE before the network.
   * On a captcha tenant (useCaptchaSiteKey), pass the widget's `captchaToken`, else CAPTCHA_REQUIRED.
   */
  start(phoneNumber: string, options?: SmsOtpStartOptions): void
  /** `start` as a promise: resolves with the challenge once the code is sent, rejects with a KitError. */
  startAsync(phoneNumber: string, options?: SmsOtpStartOptions): Promise<SmsOtpChallenge>
}

/** An SMS start takes no template: only the captcha token, on a captcha tenant. */
export type SmsOtpStartOptions = OtpResendOptions

/** SMS OTP sign-in: the same flow store as useEmailOtp, by text message, its first step named 'phone'. */
export function useSmsOtp(parameters: UseSmsOtpParameters = {}): UseSmsOtpReturnType {
  return useOtpFlowStore('useSmsOtp', 'OTP_TYPE_SMS', 'phone', parameters)
}
