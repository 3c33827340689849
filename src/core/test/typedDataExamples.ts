// Typed data the signing tests, the prompt's tests and its stories sign and show.
import type { TypedDataDefinition } from '../signing/typedData'

/**
 * An EIP-2612 permit of USDC on Base: who may spend how much, until when. Its message's keys are not
 * in the type's order: the prompt lists them as the type declares them (the order the hash takes).
 */
export const PERMIT = {
  domain: {
    name: 'USD Coin',
    version: '2',
    chainId: 8453,
    verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: {
    value: 2_500_000n,
    owner: '0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db',
    spender: '0x1111111254EEB25477B68fb85Ed929f73A960582',
    nonce: 0n,
    deadline: 1_900_000_000n,
  },
} as const satisfies TypedDataDefinition

/** EIP-712's own example, with its recipients as an array: a struct and an array of structs, nested. */
export const MAIL = {
  domain: { name: 'Ether Mail', version: '1', chainId: 77_777 },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!',
  },
} as const satisfies TypedDataDefinition
