import { forwardMethods } from '../forwardMethods'
import { signInModule } from '../lazyModules'
import type { IndexedDbKeyStoreOptions } from './indexedDbKeyStore'
import type { KeyStore } from './keyStore'

export interface DefaultKeyStoreOptions extends IndexedDbKeyStoreOptions {
  /** Told once why the memory fallback is used. Default console.warn. */
  warn?: (message: string) => void
}

/**
 * IndexedDB when it works, else memory. "Works" is proven by opening the database and reading it,
 * because its mere presence proves nothing: Firefox private windows (before 115) and sandboxed or
 * storage-blocked iframes expose `indexedDB` and then fail to open it. The choice is made once, on
 * first use, so that creating the store stays synchronous; the stores' code is loaded then too, so
 * that a page that only shows who is signed out does not carry it.
 *
 * With the memory fallback, keys (and therefore sessions) last only as long as the page.
 */
export function defaultKeyStore(options: DefaultKeyStoreOptions = {}): KeyStore {
  let chosen: Promise<KeyStore> | undefined
  function store(): Promise<KeyStore> {
    if (chosen === undefined) {
      const choosing = signInModule.load().then(({ chooseKeyStore }) => chooseKeyStore(options))
      // Only the code's download can fail (the choice falls back to memory): the next call tries again.
      choosing.catch(() => {
        if (chosen === choosing) chosen = undefined
      })
      chosen = choosing
    }
    return chosen
  }
  return forwardMethods(store, ['create', 'has', 'sign', 'signDer', 'delete', 'list'])
}
