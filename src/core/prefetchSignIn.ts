import type { LazyModule } from './lazyModule'
import { oauthModule, passkeyModule, publicApiModule, signInModule } from './lazyModules'
import type { EnabledProvider } from './types'

// What each login method loads on first use. Every method makes a client key first (signInModule).
const OAUTH = [oauthModule, signInModule]
const MODULES: Partial<Record<EnabledProvider, ReadonlyArray<LazyModule<unknown>>>> = {
  email: [signInModule],
  sms: [signInModule],
  passkey: [passkeyModule, publicApiModule, signInModule],
  google: OAUTH,
  apple: OAUTH,
  x: OAUTH,
  discord: OAUTH,
  facebook: OAUTH,
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
