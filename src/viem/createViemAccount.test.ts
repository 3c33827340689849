import {
  createWalletClient,
  custom,
  parseTransaction,
  recoverTransactionAddress,
  verifyTypedData,
  type Hex,
} from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { json } from '../core/test/fakeFetch'
import type { SigningRequest } from '../core/signing/signingPrompt'
import { signedInWallet, WALLET } from '../core/test/walletApi'
import { announceProvider } from './announceProvider'
import { createEip1193Provider } from './createEip1193Provider'
import { createViemAccount } from './createViemAccount'
import { getViemAccount } from './getViemAccount'

const PERMIT = {
  domain: { name: 'Token', version: '1', chainId: 1, verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { owner: '0x0000000000000000000000000000000000000001', value: 5n },
} as const

describe('createViemAccount', () => {
  it("signs typed data through viem's wallet client with the domain kept (tkhq/sdk #1520); viem verifies it", async () => {
    const { kit, keys } = await signedInWallet()
    const account = createViemAccount(kit, { address: keys.ethereum.address as Hex })
    const client = createWalletClient({ account, chain: mainnet, transport: custom({ request: async () => null }) })
    const signature = await client.signTypedData(PERMIT)
    expect(await verifyTypedData({ ...PERMIT, address: account.address, signature })).toBe(true)
    // Asked of the account directly, without the client adding EIP712Domain: still the domain's hash.
    expect(
      await verifyTypedData({ ...PERMIT, address: account.address, signature: await account.signTypedData(PERMIT) }),
    ).toBe(true)
  })

  it('signs a transaction viem serialized, and shows the prompt its fields', async () => {
    const { kit, keys } = await signedInWallet()
    const seen: SigningRequest[] = []
    kit.signingPrompt.current = async (request) => void seen.push(request)
    const account = createViemAccount(kit, { address: keys.ethereum.address as Hex })
    const transaction = {
      type: 'eip1559',
      chainId: 1,
      nonce: 2,
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 7n,
      gas: 21_000n,
      maxFeePerGas: 3n,
      maxPriorityFeePerGas: 1n,
    } as const
    const signed = await account.signTransaction(transaction)
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(account.address)
    expect(parseTransaction(signed)).toMatchObject({ nonce: 2, value: 7n })
    expect(seen[0]).toMatchObject({
      kind: 'transaction',
      chain: 'ethereum',
      summary: {
        chainId: 1,
        to: transaction.to,
        value: 7n,
        gas: 21_000n,
        maxFeePerGas: 3n,
        maxPriorityFeePerGas: 1n,
        nonce: 2,
      },
    })
  })

  it('refuses an address that is not one (CONFIG_INVALID)', async () => {
    const { kit } = await signedInWallet()
    expect(() => createViemAccount(kit, { address: '0x1234' })).toThrow(/createViemAccount\(\{ address \}\)/)
  })
})

describe('getViemAccount', () => {
  it("finds the user's first Ethereum account, and is NOT_FOUND when there is none", async () => {
    const { kit, keys } = await signedInWallet()
    expect((await getViemAccount(kit)).address).toBe(keys.ethereum.address)
    const solanaOnly = await signedInWallet({
      overrides: (walletKeys) => ({
        'query/list_wallets': json({ wallets: [WALLET] }),
        'query/list_wallet_accounts': json({ accounts: [walletKeys.solana] }),
      }),
    })
    await expect(getViemAccount(solanaOnly.kit)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('announceProvider', () => {
  it('announces by EIP-6963 at once and on every request, until stopped', async () => {
    const { kit } = await signedInWallet()
    const provider = createEip1193Provider({ kit, chains: [mainnet] })
    const page = new EventTarget()
    const seen: { info: { name: string; rdns: string; uuid: string }; provider: unknown }[] = []
    page.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent).detail))
    const stop = announceProvider(
      provider,
      { name: 'Example Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.example.wallet' },
      page as Window,
    )
    page.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    page.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    expect(seen[0]?.provider).toBe(provider)
    expect(seen[0]?.info).toMatchObject({ name: 'Example Wallet', rdns: 'com.example.wallet' })
    expect(seen[0]?.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(Object.isFrozen(seen[0])).toBe(true)
  })
})
