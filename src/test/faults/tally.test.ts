import { describe, expect, it } from 'vitest'
import { createTally } from './tally'

describe('the fault suite’s tally', () => {
  it('counts runs and held ones, and the failures by fault and by flow', () => {
    const tally = createTally()
    tally.record('email new user', 'late', true)
    tally.record('email new user', 'late', false)
    tally.record('refresh', 'late', false)
    tally.record('refresh', 'page 502', false)
    expect(tally.summary().split('\n')[0]).toBe(
      'fault suite: 4 runs, 1 held, 3 failed (by fault: late: 2, page 502: 1; by flow: email new user: 1, refresh: 2)',
    )
  })

  it('counts every run by flow and by fault, held ones too, in the order first recorded', () => {
    const tally = createTally()
    tally.record('get user', 'error 13', true)
    tally.record('get user', 'late', true)
    tally.record('Google', 'late', false)
    tally.record('logout', 'none', true)
    expect(tally.summary().split('\n').slice(1)).toEqual([
      'runs by flow (held/runs): get user 2/2, Google 0/1, logout 1/1',
      'runs by fault (held/runs): error 13 1/1, late 1/2, none 1/1',
    ])
  })

  it('says none when nothing failed', () => {
    const tally = createTally()
    tally.record('logout', 'none', true)
    expect(tally.summary().split('\n')[0]).toBe('fault suite: 1 runs, 1 held, 0 failed (by fault: none; by flow: none)')
  })
})
