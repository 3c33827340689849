// The store useEmailOtp and useSmsOtp read: the OTP flow, standing in for itself until its chunk is here.
// A module of its own, beside the chunk registry rather than in it: the registry is in every first load,
// and a bundler splits by module, so what this holds rides with its only reader, the OTP hooks (the
// dialog's chunk in a drop-in app) instead of every page's first load (the size ratchet caught 0.5 KB).
import { chunks } from './chunks'
import type { Kit } from './core/createKit'
import { createLazyOtpFlow } from './core/otp/createLazyOtpFlow'
import type { CreateOtpFlowOptions, OtpFlow } from './core/otp/createOtpFlow'
import type { OtpFlowChallenge, OtpFlowChallengeFor } from './core/otp/otpFlowSnapshot'
import { prefetchWhenIdle } from './prefetchWhenIdle'

/**
 * The OTP flow of useEmailOtp and useSmsOtp, readable from the first render: idle until its code is
 * here, which is fetched once the browser is idle after someone subscribes, or by the first verb.
 */
export function lazyOtpFlow<T extends OtpFlowChallenge['otpType']>(
  kit: Kit,
  options: CreateOtpFlowOptions<T>,
): OtpFlow<OtpFlowChallengeFor<T>> {
  return createLazyOtpFlow({ module: chunks.otpFlow, prefetch: () => prefetchWhenIdle(chunks.otpFlow) }, kit, options)
}
