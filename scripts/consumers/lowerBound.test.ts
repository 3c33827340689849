import { describe, expect, it } from 'vitest'
import { lowerBound } from './lowerBound'

describe('lowerBound', () => {
  it('reads the lowest version of a caret, a >= or an exact range', () => {
    expect(lowerBound('^5.102.0')).toBe('5.102.0')
    expect(lowerBound('>=5.47.0')).toBe('5.47.0')
    expect(lowerBound('>= 5.47.0 <6')).toBe('5.47.0')
    expect(lowerBound(' 5.0.0 ')).toBe('5.0.0')
  })

  it('refuses a range whose lowest version it cannot read, naming it', () => {
    for (const range of ['*', '5.x', '^4.0.0 || ^5.0.0', '']) {
      expect(() => lowerBound(range)).toThrow(`cannot read the lower bound of the peer range "${range}"`)
    }
  })
})
