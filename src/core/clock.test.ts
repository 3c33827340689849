import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClock, kitClock } from './clock'

describe('createClock', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads the time only when subscribed to, then once a tick, and stops when the last reader leaves', () => {
    let time = 1_000
    const now = vi.fn(() => time)
    const clock = createClock({ now, intervalMs: 1000 })
    expect(clock.getSnapshot()).toBeNull()
    expect(now).not.toHaveBeenCalled()

    const seen: Array<number | null> = []
    const first = clock.subscribe(() => seen.push(clock.getSnapshot()))
    const second = clock.subscribe(() => undefined)
    expect(clock.getSnapshot()).toBe(1_000)
    time = 2_500
    vi.advanceTimersByTime(1000)
    expect(seen).toEqual([1_000, 2_500])
    // Snapshots are read, not the clock.
    const calls = now.mock.calls.length
    clock.getSnapshot()
    expect(now).toHaveBeenCalledTimes(calls)

    first()
    first()
    vi.advanceTimersByTime(1000)
    expect(now).toHaveBeenCalledTimes(calls + 1)
    second()
    vi.advanceTimersByTime(5000)
    expect(now).toHaveBeenCalledTimes(calls + 1)

    time = 9_000
    clock.subscribe(() => undefined)
    expect(clock.getSnapshot()).toBe(9_000)
  })

  it('is one clock per kit', () => {
    const kit = { now: () => 5 }
    expect(kitClock(kit)).toBe(kitClock(kit))
    expect(kitClock(kit)).not.toBe(kitClock({ now: () => 5 }))
  })
})
