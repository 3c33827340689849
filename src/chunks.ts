// Every chunk the kit loads on first use, named in one place (each defined in chunkLoaders.ts). A
// bundler splits each `import()` into its own chunk, so an app pays for a flow when it is first used (or prefetched), not on its first load.
// Hooks and prefetching read this module, and so does the store that stands for the OTP flow before its
// chunk is here (lazyOtpFlow.ts, beside it); core's stores never read it (they import their flows
// statically and are themselves what a chunk holds). What loads when is proven on the built files
// (scripts/check-chunks.mjs), not by spying on these loaders.
import * as chunks from './chunkLoaders'

/** `chunks.otpFlow`, `chunks.dialog`, …: a namespace (see chunkLoaders.ts), so that unread ones are dropped. */
export { chunks }

export type Chunks = typeof chunks

/** Starts loading a chunk ahead of its use; a failure is reported where the chunk is used. */
export function prefetchChunk(chunk: { load(): Promise<unknown> }): void {
  chunk.load().catch(() => undefined)
}

// What a component needs to read a chunk's state (components import nothing from core at run time).
export { LAZY_IDLE, lazyModule, type LazyModule, type LazyModuleSnapshot } from './core/lazyModule'
