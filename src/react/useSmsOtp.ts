import type { SmsOtpChallenge } from '../core'
import { useOtpFlow, type OtpFlowChannel, type UseOtpFlowParameters, type UseOtpReturnType } from './useOtpFlow'

export type SmsOtpStep = 'phone' | 'code' | 'done'

/** What the text says (the SMS template) is the tenant's configuration: only the flow's own timing is set here. */
export type UseSmsOtpParameters = UseOtpFlowParameters

export interface UseSmsOtpReturnType extends UseOtpReturnType<SmsOtpChallenge, 'phone'> {
  /** `phoneNumber` in E.164 (`+447700900123`); anything else fails with INVALID_PHONE before the network. */
  start(phoneNumber: string): void
}

const SMS: OtpFlowChannel<SmsOtpChallenge> = {
  hookName: 'useSmsOtp',
  otpType: 'OTP_TYPE_SMS',
}

/** SMS OTP sign-in, the same state machine as useEmailOtp over core's startSmsOtp / completeSmsOtp. */
export function useSmsOtp(parameters: UseSmsOtpParameters = {}): UseSmsOtpReturnType {
  return useOtpFlow(SMS, 'phone', parameters)
}
