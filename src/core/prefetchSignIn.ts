import { emailOtpModule, keyStoresModule, oauthModule } from './lazyModules'
import type { LazyModule } from './lazyModule'
import type { EnabledProvider } from './types'

// What each login method loads on first use. Every method makes a client key first.
const MODULES: Partial<Record<EnabledProvider, ReadonlyArray<LazyModule<unknown>>>> = {
  email: [emailOtpModule, keyStoresModule],
  google: [oauthModule, keyStoresModule],
  apple: [oauthModule, keyStoresModule],
  x: [oauthModule, keyStoresModule],
  discord: [oauthModule, keyStoresModule],
  facebook: [oauthModule, keyStoresModule],
}

/**
 * Loads the code the given login methods run (default: email) ahead of time, e.g. when a pointer rests
 * on a "Log in" button, so that the first step does not wait for it. Flows load it themselves anyway:
 * this only moves the wait earlier. Settles when done; never rejects (a failure shows when used).
 */
export async function prefetchSignIn(methods: readonly EnabledProvider[] = ['email']): Promise<void> {
  const modules = new Set(methods.flatMap((method) => MODULES[method] ?? []))
  await Promise.all([...modules].map((module) => module.load().catch(() => undefined)))
}
