// Every chunk the kit loads on first use, one named export each: src/chunks.ts gathers them as the
// `chunks` namespace. Separate exports rather than one object literal: a bundler drops the ones an app
// never reads (a namespace's members are tree-shaken, an object's properties are not), so a headless
// app's first load carries only the loaders its hooks use, and the preload lists and chunk files of the
// others never exist. Only this module creates lazy modules.
import { lazyModule } from './core/lazyModule'

/** The OTP flow store (email and SMS) with the actions it runs: what useEmailOtp and useSmsOtp bind to. */
export const otpFlow = /* @__PURE__ */ lazyModule('sign-in', () => import('./core/otp/createOtpFlow'))
/** OAuth by popup or redirect (every provider kind): useLoginWithOAuth's verb loads it. */
export const oauth = /* @__PURE__ */ lazyModule('OAuth sign-in', () => import('./core/oauth/oauthActions'))
/** The redirect round trip's store, with the completion: loaded only on a page that looks like a provider's answer. */
export const oauthRedirect = /* @__PURE__ */ lazyModule('OAuth redirect', () => import('./core/oauth/oauthRedirect'))
/** Passkey sign-up, log-in and add. */
export const passkey = /* @__PURE__ */ lazyModule('passkey sign-in', () => import('./core/passkey/passkeyActions'))
/** The browser's WebAuthn helper the passkey flows use (they import it on first use; this prefetches it). */
export const webAuthn = /* @__PURE__ */ lazyModule('WebAuthn helper', () => import('@simplewebauthn/browser'))
/** The sign-in dialog (LoginModal's content). */
export const dialog = /* @__PURE__ */ lazyModule('sign-in dialog', () => import('./components/modal/LoginDialog'))
/** The signing prompt's dialog: what LoginModal shows before a signature, loaded when one is first asked. */
export const signingPrompt = /* @__PURE__ */ lazyModule(
  'signing prompt',
  () => import('./components/signing/askInDialog'),
)
/** The phone step: its form, the country list and E.164 checks. */
export const phoneStep = /* @__PURE__ */ lazyModule('phone form', () => import('./components/flow/phoneParts'))
// Each language's loader takes its dictionary with .then rather than (await import()).fr, which a host's
// Vite rewrites into a longer wrapper: six loaders sit in every first load that shows a translatable label.
/** French copy. */
export const localeFr = /* @__PURE__ */ lazyModule('French copy', () =>
  import('./components/locales/fr').then((module) => module.fr),
)
/** Spanish copy. */
export const localeEs = /* @__PURE__ */ lazyModule('Spanish copy', () =>
  import('./components/locales/es').then((module) => module.es),
)
/** German copy. */
export const localeDe = /* @__PURE__ */ lazyModule('German copy', () =>
  import('./components/locales/de').then((module) => module.de),
)
/** Brazilian Portuguese copy. */
export const localePtBR = /* @__PURE__ */ lazyModule('Portuguese copy', () =>
  import('./components/locales/ptBR').then((module) => module.ptBR),
)
/** Japanese copy. */
export const localeJa = /* @__PURE__ */ lazyModule('Japanese copy', () =>
  import('./components/locales/ja').then((module) => module.ja),
)
/** Simplified Chinese copy. */
export const localeZhCN = /* @__PURE__ */ lazyModule('Chinese copy', () =>
  import('./components/locales/zhCN').then((module) => module.zhCN),
)
/** The signed-in actions: the user, the wallets, refreshing the session. */
export const wallet = /* @__PURE__ */ lazyModule('wallet actions', () => import('./core/wallet/walletActions'))
/** Signing: messages, typed data, transactions. */
export const signing = /* @__PURE__ */ lazyModule('signing', () => import('./core/signing/signingActions'))
