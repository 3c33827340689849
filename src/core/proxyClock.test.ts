import { describe, expect, it } from 'vitest'
import { CLOCK_OFFSET_STORAGE_KEY, CLOCK_OFFSET_THRESHOLD_MS, createProxyClock } from './proxyClock'
import { memoryStorage } from './session/memoryStorage'

const MINUTE = 60_000
const TRUE_TIME = Date.parse('2030-06-01T12:00:00.000Z')

function storageEvents() {
  const listeners = new Set<(event: Event) => void>()
  return {
    target: {
      addEventListener: (_type: string, listener: (event: Event) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: Event) => void) => listeners.delete(listener),
    } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>,
    dispatch: (key: string | null) => {
      for (const listener of listeners) listener(Object.assign(new Event('storage'), { key }))
    },
    count: () => listeners.size,
  }
}

describe('createProxyClock', () => {
  it('is the device clock until it learns, then the device clock plus the offset learned', () => {
    const clock = createProxyClock({ deviceNow: () => TRUE_TIME + 16 * MINUTE })
    expect(clock.now()).toBe(TRUE_TIME + 16 * MINUTE)
    expect(clock.learn(TRUE_TIME)).toBe(true)
    expect(clock.offsetMs()).toBe(-16 * MINUTE)
    expect(clock.now()).toBe(TRUE_TIME)
  })

  it(`ignores a difference under ${CLOCK_OFFSET_THRESHOLD_MS} ms (iat's whole seconds, the round trip), either way`, () => {
    const clock = createProxyClock({ deviceNow: () => TRUE_TIME })
    expect(clock.learn(TRUE_TIME - CLOCK_OFFSET_THRESHOLD_MS + 1)).toBe(false)
    expect(clock.learn(TRUE_TIME + CLOCK_OFFSET_THRESHOLD_MS - 1)).toBe(false)
    expect(clock.offsetMs()).toBe(0)
    expect(clock.learn(TRUE_TIME - CLOCK_OFFSET_THRESHOLD_MS)).toBe(true)
    expect(clock.offsetMs()).toBe(-CLOCK_OFFSET_THRESHOLD_MS)
    // Measured against the corrected clock: a second token of the same proxy time changes nothing.
    expect(clock.learn(TRUE_TIME - CLOCK_OFFSET_THRESHOLD_MS + 800)).toBe(false)
  })

  it('keeps the offset in storage, read by the next clock; a clock set right again clears it', () => {
    let device = TRUE_TIME + 6 * MINUTE
    const storage = memoryStorage()
    createProxyClock({ deviceNow: () => device, storage }).learn(TRUE_TIME)
    expect(storage.getItem(CLOCK_OFFSET_STORAGE_KEY)).toBe(String(-6 * MINUTE))
    const next = createProxyClock({ deviceNow: () => device, storage })
    expect(next.now()).toBe(TRUE_TIME)
    // The person fixes the clock: the next fresh token reads 6 minutes ahead of the corrected time.
    device = TRUE_TIME + MINUTE
    expect(next.learn(TRUE_TIME + MINUTE)).toBe(true)
    expect(next.offsetMs()).toBe(0)
    expect(storage.getItem(CLOCK_OFFSET_STORAGE_KEY)).toBeNull()
  })

  it('ignores a stored value that is not a whole number of ms, storage that throws, and a time that is not a number', () => {
    const storage = memoryStorage()
    for (const garbage of ['1e9', 'NaN', '12.5', '', 'abc', '99999999999999999']) {
      storage.setItem(CLOCK_OFFSET_STORAGE_KEY, garbage)
      expect(createProxyClock({ deviceNow: () => TRUE_TIME, storage }).offsetMs()).toBe(0)
    }
    const throwing = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
      removeItem: () => {},
    }
    const clock = createProxyClock({ deviceNow: () => TRUE_TIME + MINUTE, storage: throwing })
    expect(clock.learn(TRUE_TIME)).toBe(true)
    expect(clock.now()).toBe(TRUE_TIME)
    expect(clock.learn(Number.NaN)).toBe(false)
    expect(clock.learn('1' as never)).toBe(false)
    expect(() => createProxyClock({ deviceNow: 5 as never })).toThrow(/createProxyClock\(\{ deviceNow \}\)/)
  })

  it('adopts the offset another tab learned (its storage event), and stops following on destroy', () => {
    const storage = memoryStorage()
    const events = storageEvents()
    const clock = createProxyClock({ deviceNow: () => TRUE_TIME + 16 * MINUTE, storage, window: events.target })
    createProxyClock({ deviceNow: () => TRUE_TIME + 16 * MINUTE, storage }).learn(TRUE_TIME)
    events.dispatch('another-key')
    expect(clock.offsetMs()).toBe(0)
    events.dispatch(CLOCK_OFFSET_STORAGE_KEY)
    expect(clock.now()).toBe(TRUE_TIME)
    clock.destroy()
    expect(events.count()).toBe(0)
  })
})
