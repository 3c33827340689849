import { describe, expect, it } from 'vitest'
import { typedDataEntries } from './typedDataEntries'

const types = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'amounts', type: 'uint256[2]' },
    { name: 'urgent', type: 'bool' },
  ],
}

describe('typedDataEntries', () => {
  it('lists the fields in the type’s order, structs and arrays nested, numbers in decimal', () => {
    const entries = typedDataEntries({
      types,
      primaryType: 'Mail',
      message: {
        urgent: true,
        amounts: [1n, 2n ** 70n],
        to: [{ wallet: '0xB0b', name: 'Bob' }],
        from: { name: 'Cow', wallet: '0xC0w' },
      },
    })
    expect(entries).toEqual([
      {
        name: 'from',
        entries: [
          { name: 'name', value: 'Cow' },
          { name: 'wallet', value: '0xC0w' },
        ],
      },
      {
        name: 'to',
        entries: [
          {
            name: '0',
            entries: [
              { name: 'name', value: 'Bob' },
              { name: 'wallet', value: '0xB0b' },
            ],
          },
        ],
      },
      {
        name: 'amounts',
        entries: [
          { name: '0', value: '1' },
          { name: '1', value: '1180591620717411303424' },
        ],
      },
      { name: 'urgent', value: 'true' },
    ])
  })

  it('lists what the types do not describe as it is, and a missing field as empty', () => {
    expect(
      typedDataEntries({ types: {}, primaryType: 'Unknown', message: { a: 1, nested: { toString: 'x' } } }),
    ).toEqual([
      { name: 'a', value: '1' },
      { name: 'nested', entries: [{ name: 'toString', value: 'x' }] },
    ])
    expect(typedDataEntries({ types, primaryType: 'Person', message: { name: 'Cow' } })).toEqual([
      { name: 'name', value: 'Cow' },
      { name: 'wallet', value: '' },
    ])
  })
})
