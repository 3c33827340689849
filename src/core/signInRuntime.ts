// One chunk for what a session and a sign-in run on: the session engine (with the JWT decoder), the key
// stores and the proxy client's endpoints. They load together, on first use or prefetched: a page rarely
// needs one without the others soon after, and one chunk is one request. The OTP flows are a chunk of
// their own (chunks.otpFlow: the flow store with its actions).
export { clientOn } from './client'
export { chooseKeyStore } from './keys/browserKeyStores'
export { createLocalSessionStore } from './session/localSessionStore'
