import type { TypedDataDefinition } from 'auth-proxy-kit'

/** A permit, as a token app asks one: the shape most typed data people sign takes. */
export function samplePermit(owner: string): TypedDataDefinition {
  return {
    domain: {
      name: 'Playground Token',
      version: '1',
      chainId: 1,
      verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
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
      owner,
      spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 25_000_000n,
      nonce: 0n,
      deadline: 1_900_000_000n,
    },
  }
}
