import { describe, expect, it } from 'vitest'
import { formatCountdown } from './formatCountdown'

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [30, '0:30'],
    [125, '2:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%i s → %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown)
  })

  it('shows whole seconds, and never counts below zero', () => {
    expect(formatCountdown(125.9)).toBe('2:05')
    expect(formatCountdown(-3)).toBe('0:00')
  })
})
