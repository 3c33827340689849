import type { EmailOtpChallenge, EmailOtpOptions } from '../core'
import { useOtpFlow, type OtpFlowChannel, type UseOtpFlowParameters, type UseOtpReturnType } from './useOtpFlow'

export type EmailOtpStep = 'email' | 'code' | 'done'

/**
 * `emailCustomization: {templateId}`: the tenant's email template for this hook's codes, over the
 * provider's `otpOptions`; `start` may choose another. Everything else an email says is the tenant's.
 */
export interface UseEmailOtpParameters extends UseOtpFlowParameters, EmailOtpOptions {}

export interface UseEmailOtpReturnType extends UseOtpReturnType<EmailOtpChallenge, 'email'> {
  start(email: string, options?: EmailOtpOptions): void
}

const EMAIL: OtpFlowChannel<EmailOtpChallenge> = {
  hookName: 'useEmailOtp',
  otpType: 'OTP_TYPE_EMAIL',
}

/** Email OTP sign-in as a small state machine over core's startEmailOtp / completeEmailOtp. */
export function useEmailOtp(parameters: UseEmailOtpParameters = {}): UseEmailOtpReturnType {
  return useOtpFlow(EMAIL, 'email', parameters)
}
