import { describe, expect, it } from 'vitest'
import { chainName, shortAddress } from './shortAddress'

describe('shortAddress', () => {
  it('keeps 0x and four characters each side of an Ethereum address', () => {
    expect(shortAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe('0x9858…da94')
  })

  it('keeps four characters each side of a Solana address', () => {
    expect(shortAddress('EHqmfkN89RJ7Y33CXM6uCzhVeuywHoJXZZLszBHHZy7o')).toBe('EHqm…Zy7o')
  })

  it('leaves an address too short to shorten whole', () => {
    expect(shortAddress('abcdefghi')).toBe('abcdefghi')
    expect(shortAddress('abcdefghij')).toBe('abcd…ghij')
  })
})

describe('chainName', () => {
  it('names the chains the kit knows, and shows the others by their format', () => {
    expect(chainName('ADDRESS_FORMAT_ETHEREUM')).toBe('Ethereum')
    expect(chainName('ADDRESS_FORMAT_SOLANA')).toBe('Solana')
    expect(chainName('ADDRESS_FORMAT_COSMOS')).toBe('COSMOS')
  })
})
