// Code loaded on first use, as a store: a component reads whether it is here, and once it is, gets it
// synchronously in the same render (React.lazy suspends on its first render even when the import has
// resolved). src/chunkLoaders.ts creates the React layer's (src/chunks.ts names them all); core has one, the
// public API's client (stamp/lazyPublicApiClient.ts).
import { browserOffline } from './browserOffline'
import { KitError } from './errors'
import type { ReadableStore } from './contracts'
import { createStore } from './store'

export type LazyModuleSnapshot<M> =
  | { readonly status: 'idle' | 'loading'; readonly module: undefined; readonly error: null }
  | { readonly status: 'loaded'; readonly module: M; readonly error: null }
  | { readonly status: 'error'; readonly module: undefined; readonly error: KitError }

/** One module behind a dynamic import, fetched once and kept. */
export interface LazyModule<M> extends ReadableStore<LazyModuleSnapshot<M>> {
  /**
   * Concurrent and later calls share one load. A failure (KitError LOAD_FAILED) is forgotten, so that
   * the next call fetches again.
   */
  load(): Promise<M>
}

/** The snapshot of a module nobody has asked for yet (and the server's: nothing loads there). */
export const LAZY_IDLE = Object.freeze({ status: 'idle', module: undefined, error: null } as const)
const LOADING = Object.freeze({ status: 'loading', module: undefined, error: null } as const)

/** `name` says what could not be loaded in the developer message. */
export function lazyModule<M>(name: string, importer: () => Promise<M>): LazyModule<M> {
  const store = createStore<LazyModuleSnapshot<M>>(LAZY_IDLE)
  let loading: Promise<M> | undefined
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    load() {
      const current = store.getSnapshot()
      if (current.status === 'loaded') return Promise.resolve(current.module)
      if (loading) return loading
      store.setState(LOADING)
      loading = importer().then(
        (module) => {
          store.setState({ status: 'loaded', module, error: null })
          return module
        },
        (cause: unknown) => {
          loading = undefined
          // Offline for a moment, or a deploy replaced the chunk; the browser's message says which, and
          // the person reads "You're offline" when the browser knows it is.
          const offline = browserOffline()
          const error = new KitError(
            offline ? 'OFFLINE' : 'LOAD_FAILED',
            `${name}: its code could not be loaded${offline ? ', the browser is offline' : ''} (${String(cause)})`,
            { cause },
          )
          store.setState({ status: 'error', module: undefined, error })
          throw error
        },
      )
      return loading
    },
  }
}
