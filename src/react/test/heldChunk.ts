// A chunk of the kit whose downloads the test holds: for the states while code is on its way, and a
// download that fails. A test file puts it in place of one of `chunks` with vi.mock and withChunk.
import { lazyModule, type LazyModule } from '../../core/lazyModule'

/** One download: the test lets it through, or fails it as a lost chunk fails. */
export interface HeldDownload {
  resolve(): void
  fail(): void
}

export interface HeldChunk<M> {
  chunk: LazyModule<M>
  /** Every download asked for, in order, each waiting for the test. */
  downloads: HeldDownload[]
}

/** A lazy module named `name` whose every download waits for the test; `file` names it in the failure. */
export function heldChunk<M>(name: string, importer: () => Promise<M>, file: string): HeldChunk<M> {
  const downloads: HeldDownload[] = []
  const chunk = lazyModule(
    name,
    () =>
      new Promise<M>((resolve, reject) => {
        downloads.push({
          resolve: () => resolve(importer()),
          fail: () => reject(new TypeError(`Failed to fetch dynamically imported module: ${file}`)),
        })
      }),
  )
  return { chunk, downloads }
}

/** `chunks` with the one named `name` read from `current()` (a new held chunk for each test). */
export function withChunk<C extends object>(chunks: C, name: keyof C, current: () => unknown): C {
  return new Proxy(chunks, { get: (target, key) => (key === name ? current() : target[key as keyof C]) })
}
