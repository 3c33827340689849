import { invalidArgument } from './assert'
import type { Store } from './contracts'

/**
 * The one store primitive of the kit: the session, the config, the OTP flow, the OAuth redirect and the
 * lazily loaded modules are each one of these with their own transitions around it.
 */
export function createStore<T>(initial: T): Store<T> {
  let snapshot = initial
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      if (typeof listener !== 'function') throw invalidArgument('subscribe(listener)', 'a function', listener)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    setState: (next) => {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(snapshot) : next
      if (Object.is(value, snapshot)) return
      snapshot = value
      // A copy: a listener may unsubscribe (or subscribe another) while it runs.
      for (const listener of [...listeners]) listener()
    },
    clear: () => listeners.clear(),
  }
}
