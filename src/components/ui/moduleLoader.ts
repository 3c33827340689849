import type { KitError } from '../../core/errors'
import type { LazyModule } from '../../core/lazyModule'

export type ModuleLoaderSnapshot<M> =
  | { readonly status: 'idle' | 'loading'; readonly module: undefined; readonly error: null }
  | { readonly status: 'loaded'; readonly module: M; readonly error: null }
  | { readonly status: 'error'; readonly module: undefined; readonly error: KitError }

/**
 * A lazily loaded module as a store a component can read: once loaded it is there synchronously, so a
 * prefetched component renders in the same commit as the click that shows it. (React.lazy cannot do
 * that: it suspends on its first render even when the import has resolved, and React then holds the
 * Suspense boundary's content for its fallback throttle, 300 ms in React 19.)
 */
export interface ModuleLoader<M> {
  /** Starts loading (once; again after a failure). Rejects with the KitError LOAD_FAILED. */
  load(): Promise<M>
  /** The same object until the status changes. Bound. */
  getSnapshot(): ModuleLoaderSnapshot<M>
  /** Bound. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/** The snapshot of a loader that has not been asked to load. */
export const IDLE = { status: 'idle', module: undefined, error: null } as const
const LOADING = { status: 'loading', module: undefined, error: null } as const

export function moduleLoader<M>(lazy: LazyModule<M>): ModuleLoader<M> {
  let snapshot: ModuleLoaderSnapshot<M> = IDLE
  const listeners = new Set<() => void>()
  const publish = (next: ModuleLoaderSnapshot<M>) => {
    snapshot = next
    for (const listener of [...listeners]) listener()
  }
  return {
    load() {
      if (snapshot.status === 'loaded') return Promise.resolve(snapshot.module)
      if (snapshot.status !== 'loading') publish(LOADING)
      return lazy.load().then(
        (module) => {
          if (snapshot.status !== 'loaded') publish({ status: 'loaded', module, error: null })
          return module
        },
        (error: KitError) => {
          if (snapshot.status === 'loading') publish({ status: 'error', module: undefined, error })
          throw error
        },
      )
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
