// TRANSITIONAL, to be deleted by the integrator once the hooks that import it (react/useOtpFlow.ts,
// react/usePasskey.ts) load through src/chunks.ts. Until then src/chunks.ts hands out these very
// objects, so that each chunk has one loader and one snapshot whichever module names it.
import { lazyModule } from './lazyModule'

/** The OTP flows (signInRuntime.ts). */
export const signInModule = /* @__PURE__ */ lazyModule('sign-in', () => import('./signInRuntime'))
export const oauthModule = /* @__PURE__ */ lazyModule('OAuth sign-in', () => import('./flows/oauth'))
/** Passkey sign-up, log-in and add (the WebAuthn helper itself loads separately, see webAuthnModule). */
export const passkeyModule = /* @__PURE__ */ lazyModule('passkey sign-in', () => import('./flows/passkey'))
