import type { Kit } from '../createKit'
import { cancelOtp } from './cancelOtp'
import { completeOtp, type CompleteOtpParameters, type CompleteOtpReturnType } from './completeOtp'
import type { OtpChallenge } from './otpChallenge'
import { startOtp, type StartOtpParameters } from './startOtp'

/**
 * wagmi-style grouping of the steps, for either channel. The return types are written out: inferred, the
 * declaration would name OtpType through `import("..")`, which node16 resolution cannot follow.
 */
export const loginWithOtp = {
  start: (kit: Kit, parameters: StartOtpParameters): Promise<OtpChallenge> => startOtp(kit, parameters),
  complete: (kit: Kit, parameters: CompleteOtpParameters): Promise<CompleteOtpReturnType> =>
    completeOtp(kit, parameters),
  cancel: (kit: Kit, challenge: OtpChallenge): Promise<void> => cancelOtp(kit, challenge),
} as const
