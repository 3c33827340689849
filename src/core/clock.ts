// A clock as a store, for countdowns on screen. Its time is read when someone subscribes and then once a
// tick, never when a reader asks for the snapshot: a render (on the server, or a prerender under Next's
// cacheComponents) never reads the clock. Nobody subscribed, nothing ticks.
import type { ReadableStore } from './contracts'
import { createStore } from './store'

/** The time in ms as of the last tick; null until someone first subscribes. */
export type ClockStore = ReadableStore<number | null>

export interface ClockOptions {
  /** The kit's clock (ms); tests move it by hand. */
  now: () => number
  /** Default 1000 ms. */
  intervalMs?: number | undefined
}

export function createClock({ now, intervalMs = 1000 }: ClockOptions): ClockStore {
  const store = createStore<number | null>(null)
  let readers = 0
  let timer: ReturnType<typeof setInterval> | undefined
  return {
    getSnapshot: store.getSnapshot,
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener)
      readers += 1
      if (readers === 1) {
        // A reader arriving after a pause sees the time of now, not of the last tick before the pause.
        store.setState(now())
        timer = setInterval(() => store.setState(now()), intervalMs)
      }
      let subscribed = true
      return () => {
        if (!subscribed) return
        subscribed = false
        unsubscribe()
        readers -= 1
        if (readers === 0) clearInterval(timer)
      }
    },
  }
}

const clocks = new WeakMap<object, ClockStore>()

/** One clock per kit (keyed by the kit), shared by every countdown on its page. */
export function kitClock(kit: { now(): number }): ClockStore {
  let clock = clocks.get(kit)
  if (!clock) {
    clock = createClock({ now: () => kit.now() })
    clocks.set(kit, clock)
  }
  return clock
}
