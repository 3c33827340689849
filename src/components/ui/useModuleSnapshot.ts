'use client'
import { useSyncExternalStore } from 'react'
import { LAZY_IDLE, type LazyModule, type LazyModuleSnapshot } from '../../chunks'

const noSubscribe = () => () => undefined
const idle = () => LAZY_IDLE

/**
 * A lazily loaded module's state for a component: re-renders when it loads or fails, and gives the
 * module in the very render after it is there. No module (nothing to load) reads as idle, as does the
 * server, where nothing loads.
 */
export function useModuleSnapshot<M>(chunk: LazyModule<M> | undefined): LazyModuleSnapshot<M> {
  return useSyncExternalStore(chunk?.subscribe ?? noSubscribe, chunk?.getSnapshot ?? idle, idle)
}
