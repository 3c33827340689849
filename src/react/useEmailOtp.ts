'use client'
import type { EmailOtpChallenge, EmailOtpOptions, OtpStartOptions } from '../core'
import { useOtpFlowStore, type UseOtpFlowParameters, type UseOtpReturnType } from './useOtpFlowStore'

export type EmailOtpStep = 'email' | 'code' | 'done'

/**
 * `emailCustomization: {templateId}`: the tenant's email template for this hook's codes, over the
 * provider's `otpOptions`; `start` may choose another. Everything else an email says is the tenant's.
 */
export interface UseEmailOtpParameters extends UseOtpFlowParameters, EmailOtpOptions {}

export interface UseEmailOtpReturnType extends UseOtpReturnType<EmailOtpChallenge, 'email'> {
  /**
   * A malformed address is refused at once (INVALID_EMAIL), with nothing sent. On a captcha tenant
   * (useCaptchaSiteKey), pass the widget's `captchaToken`, else CAPTCHA_REQUIRED.
   */
  start(email: string, options?: OtpStartOptions): void
  /** `start` as a promise: resolves with the challenge once the code is sent, rejects with a KitError. */
  startAsync(email: string, options?: OtpStartOptions): Promise<EmailOtpChallenge>
}

/** Email OTP sign-in: core's OTP flow store (createOtpFlow) for this component, its first step named 'email'. */
export function useEmailOtp(parameters: UseEmailOtpParameters = {}): UseEmailOtpReturnType {
  return useOtpFlowStore('useEmailOtp', 'OTP_TYPE_EMAIL', 'email', parameters)
}
