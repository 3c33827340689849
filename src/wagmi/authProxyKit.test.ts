import {
  connect,
  createConfig,
  disconnect,
  getAccount,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
} from '@wagmi/core'
import { custom, keccak256, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { fakeNode, LOCAL_CHAIN } from '../viem/test/fakeNode'
import { signedInWallet, signInWallet } from '../core/test/walletApi'
import { authProxyKit } from './authProxyKit'

async function setUp(options: { signedOut?: boolean } = {}) {
  const wallet = await signedInWallet()
  if (options.signedOut) await wallet.kit.session.logout()
  const node = fakeNode()
  const connector = authProxyKit({ kit: wallet.kit })
  const config = createConfig({
    chains: [LOCAL_CHAIN, mainnet],
    connectors: [connector],
    transports: { [LOCAL_CHAIN.id]: node.transport, [mainnet.id]: custom({ request: async () => null }) },
    storage: null,
  })
  const address = wallet.keys.ethereum.address as Hex
  return { ...wallet, node, config, address, connector: config.connectors[0]! }
}

describe('authProxyKit (wagmi connector)', () => {
  it('connects to the signed-in account; signMessage and signTypedData verify with viem', async () => {
    const { config, connector, address } = await setUp()
    expect(await connect(config, { connector })).toEqual({ accounts: [address], chainId: LOCAL_CHAIN.id })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address, chainId: LOCAL_CHAIN.id })

    const signature = await signMessage(config, { message: 'gm' })
    expect(await verifyMessage({ address, message: 'gm', signature })).toBe(true)
    const typedData = {
      domain: { name: 'Example', chainId: LOCAL_CHAIN.id },
      types: { Vote: [{ name: 'choice', type: 'uint8' }] },
      primaryType: 'Vote',
      message: { choice: 2 },
    } as const
    expect(await verifyTypedData({ ...typedData, address, signature: await signTypedData(config, typedData) })).toBe(
      true,
    )
  })

  it("sends a transaction through the chain's transport; viem recovers the account from what the node got", async () => {
    const { config, connector, address, node } = await setUp()
    await connect(config, { connector })
    const hash = await sendTransaction(config, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n })
    expect(node.sent).toHaveLength(1)
    expect(hash).toBe(keccak256(node.sent[0] as Hex))
    expect(await recoverTransactionAddress({ serializedTransaction: node.sent[0] as never })).toBe(address)
  })

  it("connecting while signed out opens the kit's sign-in prompt, and fails when there is none", async () => {
    const { config, connector, kit, clock, address } = await setUp({ signedOut: true })
    await expect(connect(config, { connector })).rejects.toMatchObject({ code: 4100 })
    kit.signInPrompt.current = vi.fn(async () => void (await signInWallet(kit, clock)))
    expect((await connect(config, { connector })).accounts).toEqual([address])
    expect(kit.signInPrompt.current).toHaveBeenCalledTimes(1)
  })

  it('signing out disconnects wagmi; wagmi disconnect signs out of the kit; reconnect needs no prompt while the session lives', async () => {
    const first = await setUp()
    await connect(first.config, { connector: first.connector })
    await first.kit.session.logout()
    await vi.waitFor(() => expect(getAccount(first.config).status).toBe('disconnected'))

    const second = await setUp()
    await connect(second.config, { connector: second.connector })
    await disconnect(second.config)
    expect(second.kit.session.getSnapshot().status).toBe('signedOut')

    const third = await setUp()
    await reconnect(third.config, { connectors: [third.connector] })
    expect(getAccount(third.config)).toMatchObject({ status: 'connected', address: third.address })
  })

  it("switches among the config's chains", async () => {
    const { config, connector } = await setUp()
    await connect(config, { connector })
    await switchChain(config, { chainId: mainnet.id })
    expect(getAccount(config).chainId).toBe(mainnet.id)
  })
})
