// The parts of core a page needs only once someone signs in (or is signed in): each is its own chunk,
// loaded on first use or prefetched (prefetchSignIn). The first load keeps createKit, the proxy client
// (the config) and the session store.
import { lazyModule } from './lazyModule'

export const sessionEngineModule = /* @__PURE__ */ lazyModule('session store', () => import('./session/localSessionStore'))
export const keyStoresModule = /* @__PURE__ */ lazyModule('key store', () => import('./keys/browserKeyStores'))
export const emailOtpModule = /* @__PURE__ */ lazyModule('email sign-in', () => import('./flows/emailOtp'))
export const oauthModule = /* @__PURE__ */ lazyModule('OAuth sign-in', () => import('./flows/oauth'))
export const publicApiModule = /* @__PURE__ */ lazyModule('public API client', () => import('./stamp/publicApiClient'))
