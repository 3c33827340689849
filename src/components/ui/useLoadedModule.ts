import { useEffect } from 'react'
import type { ModuleLoader, ModuleLoaderSnapshot } from './moduleLoader'
import { useModuleSnapshot } from './useModuleSnapshot'

/**
 * A lazily loaded module, started loading when the component mounts: undefined until it is there,
 * then the module itself in the same render (see moduleLoader). `retry` starts a failed load again.
 */
export function useLoadedModule<M>(loader: ModuleLoader<M>): ModuleLoaderSnapshot<M> & { retry(): void } {
  const snapshot = useModuleSnapshot(loader)
  useEffect(() => {
    // A failure is in the snapshot, for the component to show.
    loader.load().catch(() => undefined)
  }, [loader])
  return { ...snapshot, retry: () => void loader.load().catch(() => undefined) }
}
