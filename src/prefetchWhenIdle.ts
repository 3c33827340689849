import type { LazyModule } from './core/lazyModule'

/**
 * Loads `modules` once the browser is idle (at the latest after two seconds): code likely needed
 * soon, but not for the first paint. A failure is left for the real use to report. Returns the cancel
 * function, for an effect's cleanup.
 */
export function prefetchWhenIdle(...modules: ReadonlyArray<LazyModule<unknown>>): () => void {
  const prefetch = () => {
    for (const module of modules) module.load().catch(() => undefined)
  }
  // requestIdleCallback is missing in Safari before 18 (and in jsdom): a short timer stands in.
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(prefetch, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(prefetch, 1)
  return () => clearTimeout(timer)
}
