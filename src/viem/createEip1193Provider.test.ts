import { hexToBigInt, keccak256, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { fakeNode, LOCAL_CHAIN } from './test/fakeNode'
import { KitError } from '../core/errors'
import { signedInWallet, signInWallet } from '../core/test/walletApi'
import { createEip1193Provider } from './createEip1193Provider'

const TYPED_DATA = {
  domain: { name: 'Example', version: '1', chainId: 31337 },
  types: { Login: [{ name: 'nonce', type: 'uint256' }] },
  primaryType: 'Login',
  message: { nonce: '42' },
} as const

async function setUp(options: { connect?: () => Promise<void> } = {}) {
  const wallet = await signedInWallet()
  const node = fakeNode()
  const provider = createEip1193Provider({
    kit: wallet.kit,
    chains: [LOCAL_CHAIN, mainnet],
    transports: { [LOCAL_CHAIN.id]: node.transport },
    ...options,
  })
  const address = wallet.keys.ethereum.address as Hex
  return { ...wallet, node, provider, address }
}

describe('createEip1193Provider', () => {
  it("answers eth_accounts and eth_requestAccounts with the signed-in user's first Ethereum account", async () => {
    const { provider, address } = await setUp()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('follows the session: accountsChanged and disconnect on sign-out, accountsChanged on sign-in', async () => {
    const { provider, kit, clock, address } = await setUp()
    const accounts = vi.fn()
    const disconnect = vi.fn()
    provider.on('accountsChanged', accounts).on('disconnect', disconnect)
    await kit.session.logout()
    expect(accounts).toHaveBeenLastCalledWith([])
    expect(disconnect).toHaveBeenCalledWith(expect.objectContaining({ code: 4900 }))
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await signInWallet(kit, clock)
    await vi.waitFor(() => expect(accounts).toHaveBeenLastCalledWith([address]))
    provider.removeListener('accountsChanged', accounts)
    provider.destroy()
  })

  it('eth_requestAccounts while signed out: 4100 without connect; connect signs in; a connect that does not is 4001', async () => {
    const signedOut = await setUp()
    await signedOut.kit.session.logout()
    await expect(signedOut.provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })

    const withConnect = await setUp({
      connect: async () => void (await signInWallet(withConnect.kit, withConnect.clock)),
    })
    await withConnect.kit.session.logout()
    expect(await withConnect.provider.request({ method: 'eth_requestAccounts' })).toEqual([withConnect.address])

    const abandoned = await setUp({ connect: async () => undefined })
    await abandoned.kit.session.logout()
    await expect(abandoned.provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
  })

  it("switches among the app's chains (chainChanged), and refuses another with 4902", async () => {
    const { provider } = await setUp()
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).toBeNull()
    expect(changed).toHaveBeenCalledWith('0x1')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('personal_sign and eth_signTypedData_v4 return signatures viem verifies; another address is 4100', async () => {
    const { provider, address } = await setUp()
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    const typed = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(TYPED_DATA)],
    })) as Hex
    expect(await verifyTypedData({ ...TYPED_DATA, message: { nonce: 42n }, address, signature: typed })).toBe(true)
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000001'] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it("eth_sendTransaction fills nonce, gas and fees from the chain's node, signs, and broadcasts; viem recovers the account", async () => {
    const { provider, address, node } = await setUp()
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }],
    })
    expect(node.sent).toHaveLength(1)
    const raw = node.sent[0] as Hex
    expect(hash).toBe(keccak256(raw))
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect(node.calls).toContain('eth_getTransactionCount')
  })

  it('eth_signTransaction signs without broadcasting', async () => {
    const { provider, address, node } = await setUp()
    const raw = (await provider.request({
      method: 'eth_signTransaction',
      params: [
        {
          from: address,
          to: address,
          value: '0x1',
          gas: '0x5208',
          nonce: '0x0',
          maxFeePerGas: '0x2',
          maxPriorityFeePerGas: '0x1',
        },
      ],
    })) as Hex
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect(node.sent).toEqual([])
  })

  it('answers a declined signing prompt with 4001, refuses eth_sign (4200) and bad params (-32602), and forwards reads', async () => {
    const { provider, address, kit } = await setUp()
    kit.signingPrompt.current = async () => {
      throw new KitError('USER_REJECTED', 'declined')
    }
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', address] })).rejects.toMatchObject({
      code: 4001,
    })
    await expect(provider.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({
      code: 4200,
    })
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ value: 'lots' }] }),
    ).rejects.toMatchObject({
      code: -32602,
    })
    expect(hexToBigInt((await provider.request({ method: 'eth_blockNumber' })) as Hex)).toBe(16n)
  })
})
