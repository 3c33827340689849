// The signing tests' starting point: ada@example.com signed in, with the demo tenant's default wallet
// (an Ethereum and a Solana account derived by the mock), and the addresses a client would sign with.
import type { MockAuthProxy } from '../types'
import { setup, type TestClock } from './harness'
import { signedInEmailUser, type SignedInUser } from './publicApi'

export interface WalletAddresses {
  /** EIP-55 checksummed. */
  ethereum: `0x${string}`
  /** base58 of the ed25519 key. */
  solana: string
}

/** The addresses of the user's first wallet's Ethereum and Solana accounts. */
export function walletAddresses(proxy: MockAuthProxy, user: SignedInUser): WalletAddresses {
  const accounts = proxy.state.organizations[user.organizationId]?.wallets[0]?.accounts ?? []
  const find = (format: string) => accounts.find((account) => account.addressFormat === format)?.address ?? ''
  return { ethereum: find('ADDRESS_FORMAT_ETHEREUM') as `0x${string}`, solana: find('ADDRESS_FORMAT_SOLANA') }
}

/** A fresh mock with ada signed in (a read-write session) and her wallet's addresses. */
export async function signedInWithWallet(): Promise<
  { proxy: MockAuthProxy; clock: TestClock; ada: SignedInUser } & WalletAddresses
> {
  const { proxy, clock } = setup()
  const ada = await signedInEmailUser(proxy, 'ada@example.com')
  return { proxy, clock, ada, ...walletAddresses(proxy, ada) }
}
