// TRANSITIONAL, to be deleted with lazyModules.ts: the OTP flows (email and SMS) as one chunk, for
// react/useOtpFlow.ts. The session store, the key stores and the proxy client are in the first load.
export { cancelEmailOtp, completeEmailOtp, startEmailOtp } from './flows/emailOtp'
export { cancelSmsOtp, completeSmsOtp, startSmsOtp } from './flows/smsOtp'
export { cancelHookOtp, completeHookOtp, startHookOtp } from './flows/otpHookRuntime'
