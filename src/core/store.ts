import { invalidArgument } from './assert'

/** What a store gives its readers: what useSyncExternalStore takes, TanStack Query's Subscribable. */
export interface ReadableStore<T> {
  /** The same object until something changes. Bound: pass it as is. */
  getSnapshot(): T
  /** Bound. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/** A store its owner writes to. Owners hand out the ReadableStore half. */
export interface Store<T> extends ReadableStore<T> {
  /** Replaces the snapshot; listeners run only when it is a different object. */
  setState(next: T | ((previous: T) => T)): void
  /** Drops every listener (the owner is being destroyed). */
  clear(): void
}

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
