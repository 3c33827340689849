import type { Address } from 'viem'

/** Where "Send 0.01 ETH" sends: a fixed address with nothing on the local node before. */
export const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * An EIP-2612 permit (the typed data a token asks to spend on the owner's behalf), for `owner` on the local
 * chain. The end-to-end test verifies the page's signature against this very definition.
 */
export function permit(owner: Address) {
  return {
    domain: {
      name: 'Example Token',
      version: '1',
      chainId: 31337,
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
      spender: RECIPIENT,
      value: 1_000_000_000_000_000_000n,
      nonce: 0n,
      // A fixed deadline (2100-01-01), so that the signed message is the same on every run.
      deadline: 4_102_444_800n,
    },
  } as const
}
