// One chunk for what a session and the email sign-in run on: the session engine (with the JWT decoder),
// the key stores, the proxy client's endpoints and the OTP flows (email and SMS). They load together, on first use or
// prefetched: a page rarely needs one without the others soon after, and one chunk is one request.
export { clientOn } from './client'
export { cancelEmailOtp, completeEmailOtp, startEmailOtp } from './flows/emailOtp'
export { cancelSmsOtp, completeSmsOtp, startSmsOtp } from './flows/smsOtp'
export { chooseKeyStore } from './keys/browserKeyStores'
export { createLocalSessionStore } from './session/localSessionStore'
