// Code loaded on first use. A bundler splits each `import()` into its own chunk, so an app pays for a
// flow when it is first used (or prefetched), not on its first load.
import { KitError } from './errors'

/** One module behind a dynamic import, fetched once and kept. */
export interface LazyModule<M> {
  /**
   * Concurrent and later calls share one load. A failure (KitError LOAD_FAILED) is forgotten, so
   * that the next call fetches again.
   */
  load(): Promise<M>
}

/** `name` says what could not be loaded in the developer message. */
export function lazyModule<M>(name: string, importer: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | undefined
  return {
    load: () =>
      (loading ??= importer().catch((cause: unknown) => {
        loading = undefined
        // Offline for a moment, or a deploy replaced the chunk; the browser's message says which.
        throw new KitError('LOAD_FAILED', `${name}: its code could not be loaded (${String(cause)})`, { cause })
      })),
  }
}
