// Every chunk the kit loads on first use, named in one place. A bundler splits each `import()` into its
// own chunk, so an app pays for a flow when it is first used (or prefetched), not on its first load.
// Hooks and prefetching read this module; core's stores never do (they import their flows statically
// and are themselves what a chunk holds). What loads when is proven on the built files
// (scripts/check-chunks.mjs), not by spying on these loaders.
import { lazyModule } from './core/lazyModule'

export const chunks = {
  /** The session engine, the key stores and the OTP flows. */
  signIn: /* @__PURE__ */ lazyModule('sign-in', () => import('./core/signInRuntime')),
  /** OAuth by popup or redirect (every provider kind). */
  oauth: /* @__PURE__ */ lazyModule('OAuth sign-in', () => import('./core/flows/oauth')),
  /** Completing a redirect sign-in on the page the provider sent back to. */
  oauthRedirect: /* @__PURE__ */ lazyModule('OAuth redirect', () => import('./react/handleOAuthRedirect')),
  /** Passkey sign-up, log-in and add. */
  passkey: /* @__PURE__ */ lazyModule('passkey sign-in', () => import('./core/flows/passkey')),
  publicApi: /* @__PURE__ */ lazyModule('public API client', () => import('./core/stamp/publicApiClient')),
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
