import { useSyncExternalStore } from 'react'
import { IDLE, type ModuleLoader, type ModuleLoaderSnapshot } from './moduleLoader'

const noSubscribe = () => () => undefined
const idle = () => IDLE

/**
 * A lazily loaded module's state for a component: re-renders when it loads or fails, and gives the
 * module in the very render after it is there. No loader (nothing to load) reads as idle.
 */
export function useModuleSnapshot<M>(loader: ModuleLoader<M> | undefined): ModuleLoaderSnapshot<M> {
  const getSnapshot = loader?.getSnapshot ?? idle
  return useSyncExternalStore(loader?.subscribe ?? noSubscribe, getSnapshot, getSnapshot)
}
