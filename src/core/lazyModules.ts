// The parts of core a page needs only once someone signs in (or is signed in), each its own chunk,
// loaded on first use or prefetched (prefetchSignIn). The first load keeps createKit, the proxy client
// (for the config) and the session store's shell.
import { lazyModule } from './lazyModule'

/** The session engine, the key stores and the OTP flows (signInRuntime.ts). */
export const signInModule = /* @__PURE__ */ lazyModule('sign-in', () => import('./signInRuntime'))
export const oauthModule = /* @__PURE__ */ lazyModule('OAuth sign-in', () => import('./flows/oauth'))
export const publicApiModule = /* @__PURE__ */ lazyModule('public API client', () => import('./stamp/publicApiClient'))
/** Passkey sign-up, log-in and add (the WebAuthn helper itself loads separately, see webAuthnModule). */
export const passkeyModule = /* @__PURE__ */ lazyModule('passkey sign-in', () => import('./flows/passkey'))
