// The signing tests' starting point: ada@example.com signed in, with the demo tenant's default wallet
// (an Ethereum and a Solana account derived by the mock), and the addresses a client would sign with.
import { expect } from 'vitest'
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

type WalletFixture = { proxy: MockAuthProxy; clock: TestClock; ada: SignedInUser } & WalletAddresses

// One per test file: a sign-up (codes, keys, a derived wallet) costs more than most tests that sign with it.
const fixtures = new Map<string, Promise<WalletFixture>>()

/**
 * A mock with ada signed in (a read-write session) and her wallet's addresses, made once per test file
 * and shared by its tests. Each use moves the mock's clock on by a second, so that no two tests send the
 * same activity at the same time (the mock would take the second for a replay). A test that must start
 * from a mock of its own uses setup() and signedInEmailUser().
 */
export async function signedInWithWallet(): Promise<WalletFixture> {
  const file = expect.getState().testPath ?? ''
  let fixture = fixtures.get(file)
  if (fixture === undefined) {
    fixture = (async () => {
      const { proxy, clock } = setup()
      const ada = await signedInEmailUser(proxy, 'ada@example.com')
      return { proxy, clock, ada, ...walletAddresses(proxy, ada) }
    })()
    fixtures.set(file, fixture)
  }
  const shared = await fixture
  shared.clock.advance(1000)
  return shared
}
