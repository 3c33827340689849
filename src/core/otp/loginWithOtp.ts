import type { Kit } from '../createKit'
import { cancelOtp } from './cancelOtp'
import { completeOtp, type CompleteOtpParameters } from './completeOtp'
import type { OtpChallenge } from './otpChallenge'
import { startOtp, type StartOtpParameters } from './startOtp'

/** wagmi-style grouping of the steps, for either channel. */
export const loginWithOtp = {
  start: (kit: Kit, parameters: StartOtpParameters) => startOtp(kit, parameters),
  complete: (kit: Kit, parameters: CompleteOtpParameters) => completeOtp(kit, parameters),
  cancel: (kit: Kit, challenge: OtpChallenge) => cancelOtp(kit, challenge),
} as const
