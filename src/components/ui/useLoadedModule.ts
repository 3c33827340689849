'use client'
import { useEffect } from 'react'
import { prefetchChunk } from '../../chunks'
import type { LazyModule, LazyModuleSnapshot } from '../../chunks'
import { useModuleSnapshot } from './useModuleSnapshot'

/**
 * A lazily loaded module, started loading when the component mounts: undefined until it is there,
 * then the module itself in the same render. `retry` starts a failed load again.
 */
export function useLoadedModule<M>(chunk: LazyModule<M>): LazyModuleSnapshot<M> & { retry(): void } {
  const snapshot = useModuleSnapshot(chunk)
  // A failure is in the snapshot, for the component to show.
  useEffect(() => prefetchChunk(chunk), [chunk])
  return { ...snapshot, retry: () => prefetchChunk(chunk) }
}
