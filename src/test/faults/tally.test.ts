import { describe, expect, it } from 'vitest'
import { createTally } from './tally'

describe('the fault suite’s tally', () => {
  it('counts runs and held ones, and the failures by fault and by flow', () => {
    const tally = createTally()
    tally.record('email new user', 'late', true)
    tally.record('email new user', 'late', false)
    tally.record('refresh', 'late', false)
    tally.record('refresh', 'page 502', false)
    expect(tally.summary()).toBe(
      'fault suite: 4 runs, 1 held, 3 failed (by fault: late: 2, page 502: 1; by flow: email new user: 1, refresh: 2)',
    )
  })

  it('says none when nothing failed', () => {
    const tally = createTally()
    tally.record('logout', 'none', true)
    expect(tally.summary()).toBe('fault suite: 1 runs, 1 held, 0 failed (by fault: none; by flow: none)')
  })
})
