import type { SmsOtpChallenge, SmsOtpOptions } from '../core'
import { useOtpFlow, type OtpFlowChannel, type UseOtpFlowParameters, type UseOtpReturnType } from './useOtpFlow'

export type SmsOtpStep = 'phone' | 'code' | 'done'

/** Defaults for this hook's codes, over the provider's `otpOptions`; `start` may override them again. */
export interface UseSmsOtpParameters extends UseOtpFlowParameters, SmsOtpOptions {}

export interface UseSmsOtpReturnType extends UseOtpReturnType<SmsOtpChallenge, 'phone'> {
  /** `phoneNumber` in E.164 (`+447700900123`); anything else fails with INVALID_PHONE before the network. */
  start(phoneNumber: string, options?: SmsOtpOptions): void
}

const SMS: OtpFlowChannel<SmsOtpChallenge> = {
  hookName: 'useSmsOtp',
  otpType: 'OTP_TYPE_SMS',
}

/** SMS OTP sign-in, the same state machine as useEmailOtp over core's startSmsOtp / completeSmsOtp. */
export function useSmsOtp(parameters: UseSmsOtpParameters = {}): UseSmsOtpReturnType {
  return useOtpFlow(SMS, 'phone', parameters)
}
