import { getTypesForEIP712Domain, serializeTypedData as viemSerializeTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { serializeTypedData, type TypedDataDefinition } from './typedData'

// EIP-712's own example (the "Mail" struct), with a bigint chain id as viem hands it over.
const MAIL = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1n,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
    amount: 10n ** 18n,
  },
} as const satisfies TypedDataDefinition

describe('serializeTypedData', () => {
  it("writes what production's viem package sends: viem's serialization with the domain's type made from the domain", () => {
    const ours = JSON.parse(serializeTypedData(MAIL, 'signTypedData'))
    // viem's own walletClient adds EIP712Domain this way before handing the data to an account.
    const withDomain = {
      ...MAIL,
      types: { EIP712Domain: getTypesForEIP712Domain({ domain: MAIL.domain }), ...MAIL.types },
    }
    const viems = JSON.parse(
      viemSerializeTypedData(withDomain as unknown as Parameters<typeof viemSerializeTypedData>[0]),
    )
    // viem lower-cases top-level addresses; EIP-712 hashes an address as its 20 bytes, so case is not signed.
    expect(JSON.stringify(ours).toLowerCase()).toBe(JSON.stringify(viems).toLowerCase())
    expect(ours.types.EIP712Domain).toEqual([
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ])
    expect(ours.message.amount).toBe('1000000000000000000')
  })

  it('keeps an EIP712Domain the caller gave, and makes an empty one for a domain-less message (the domain is never dropped: tkhq/sdk #1520)', () => {
    const given = [{ name: 'name', type: 'string' }]
    const kept = JSON.parse(serializeTypedData({ ...MAIL, types: { ...MAIL.types, EIP712Domain: given } }, 'x'))
    expect(kept.types.EIP712Domain).toEqual(given)
    const { domain: _domain, ...withoutDomain } = MAIL
    const bare = JSON.parse(serializeTypedData(withoutDomain, 'x'))
    expect(bare.domain).toEqual({})
    expect(bare.types.EIP712Domain).toEqual([])
  })

  it.each([
    ['no object', null, /signTypedData\(\{ typedData \}\)/],
    ['types not an object', { ...MAIL, types: [] }, /typedData\.types \}/],
    [
      'a type that is not a list of { name, type }',
      { ...MAIL, types: { Mail: [{ name: 'x' }] } },
      /typedData\.types\.Mail/,
    ],
    ['a primaryType not among the types', { ...MAIL, primaryType: 'Letter' }, /typedData\.primaryType.*Person, Mail/],
    ['a message that is not an object', { ...MAIL, message: 'hi' }, /typedData\.message/],
    ['a domain that is not an object', { ...MAIL, domain: 'x' }, /typedData\.domain/],
  ])('refuses %s (CONFIG_INVALID, naming the field)', (_name, typedData, message) => {
    expect(() => serializeTypedData(typedData as unknown as TypedDataDefinition, 'signTypedData')).toThrow(message)
  })
})
