// Every chunk the kit loads on first use, named in one place. A bundler splits each `import()` into its
// own chunk, so an app pays for a flow when it is first used (or prefetched), not on its first load.
// Hooks and prefetching read this module; core's stores never do (they import their flows statically
// and are themselves what a chunk holds). What loads when is proven on the built files
// (scripts/check-chunks.mjs), not by spying on these loaders.
import { lazyModule } from './core/lazyModule'

export const chunks = {
  /** The OTP flow store (email and SMS) with the actions it runs: what useEmailOtp and useSmsOtp bind to. */
  otpFlow: /* @__PURE__ */ lazyModule('sign-in', () => import('./core/otp/createOtpFlow')),
  /** OAuth by popup or redirect (every provider kind): useLoginWithOAuth's verb loads it. */
  oauth: /* @__PURE__ */ lazyModule('OAuth sign-in', () => import('./core/flows/oauth')),
  /** The redirect round trip's store, with the completion: loaded only on a page that looks like a provider's answer. */
  oauthRedirect: /* @__PURE__ */ lazyModule('OAuth redirect', () => import('./core/oauth/oauthRedirect')),
  /** Passkey sign-up, log-in and add. */
  passkey: /* @__PURE__ */ lazyModule('passkey sign-in', () => import('./core/flows/passkey')),
  /** The browser's WebAuthn helper the passkey flows use (they import it on first use; this prefetches it). */
  webAuthn: /* @__PURE__ */ lazyModule('WebAuthn helper', () => import('@simplewebauthn/browser')),
  /** The sign-in dialog (LoginModal's content). */
  dialog: /* @__PURE__ */ lazyModule('sign-in dialog', () => import('./components/modal/LoginDialog')),
  /** The phone step: its form, the country list and E.164 checks. */
  phoneStep: /* @__PURE__ */ lazyModule('phone form', () => import('./components/flow/phoneParts')),
  /** French copy. */
  localeFr: /* @__PURE__ */ lazyModule('French copy', async () => (await import('./components/locales/fr')).fr),
} as const

export type Chunks = typeof chunks

/** Starts loading a chunk ahead of its use; a failure is reported where the chunk is used. */
export function prefetchChunk(chunk: { load(): Promise<unknown> }): void {
  chunk.load().catch(() => undefined)
}

// What a component needs to read a chunk's state (components import nothing from core at run time).
export { LAZY_IDLE, type LazyModule, type LazyModuleSnapshot } from './core/lazyModule'
