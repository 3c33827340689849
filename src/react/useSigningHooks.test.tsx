// useSignTypedData, useSignTransaction and useSendTransaction: each a mutation over the signing chunk
// (useSigningMutation, which useSignMessage's own tests cover state by state), verified with viem.
import { act, renderHook, waitFor } from '@testing-library/react'
import { recoverTransactionAddress, serializeTransaction, verifyTypedData } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { KitError } from '../core/errors'
import { json } from '../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../core/test/walletApi'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useSendTransaction } from './useSendTransaction'
import { useSignTransaction } from './useSignTransaction'
import { useSignTypedData } from './useSignTypedData'

const clock = { now: WALLET_NOW }
const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }
const TYPED_DATA = {
  domain: { name: 'Example', version: '1', chainId: 1 },
  types: { Login: [{ name: 'nonce', type: 'uint256' }] },
  primaryType: 'Login',
  message: { nonce: 42n },
} as const
const UNSIGNED = serializeTransaction({
  type: 'eip1559',
  chainId: 1,
  nonce: 0,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: 5n,
  gas: 21_000n,
  maxFeePerGas: 2n,
  maxPriorityFeePerGas: 1n,
})

async function signedIn() {
  const keys = walletKeys()
  const fake = walletApi(keys, clock, { wallet_kit_config: json(CONFIG) })
  const providers = createTestProviders({ fetch: fake.fetch, now: () => clock.now })
  await setTestSession(providers.kit)
  return { keys, fake, ...providers }
}

describe('the signing hooks', () => {
  it('useSignTypedData signs EIP-712 typed data; viem verifies it', async () => {
    const { Providers, keys } = await signedIn()
    const { result } = renderHook(() => useSignTypedData(), { wrapper: Providers })
    act(() => result.current.signTypedData({ account: keys.ethereum, typedData: TYPED_DATA }))
    await waitFor(() => expect(result.current.status).toBe('success'))
    const signature = result.current.data?.signature as `0x${string}`
    expect(await verifyTypedData({ ...TYPED_DATA, address: keys.ethereum.address as `0x${string}`, signature })).toBe(
      true,
    )
  })

  it('useSignTransaction signs without sending; viem recovers the account', async () => {
    const { Providers, keys } = await signedIn()
    const { result } = renderHook(() => useSignTransaction(), { wrapper: Providers })
    const signed = await act(() =>
      result.current.signTransactionAsync({ account: keys.ethereum, unsignedTransaction: UNSIGNED }),
    )
    expect(await recoverTransactionAddress({ serializedTransaction: signed.signedTransaction as never })).toBe(
      keys.ethereum.address,
    )
    await waitFor(() => expect(result.current.data).toBe(signed))
  })

  it("useSendTransaction broadcasts through the app's transport and reports the hash; a refusal is the provider's onError too", async () => {
    const { Providers, keys, kit } = await signedIn()
    const request = vi.fn(async () => `0x${'cd'.repeat(32)}`)
    const { result } = renderHook(() => useSendTransaction(), { wrapper: Providers })
    act(() =>
      result.current.sendTransaction({ account: keys.ethereum, unsignedTransaction: UNSIGNED, transport: { request } }),
    )
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data?.hash).toBe(`0x${'cd'.repeat(32)}`)
    expect(request).toHaveBeenCalledWith({
      method: 'eth_sendRawTransaction',
      params: [result.current.data?.signedTransaction],
    })

    kit.signingPrompt.current = async () => {
      throw new KitError('USER_REJECTED', 'declined')
    }
    act(() =>
      result.current.sendTransaction({ account: keys.ethereum, unsignedTransaction: UNSIGNED, transport: { request } }),
    )
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error?.code).toBe('USER_REJECTED')
    expect(request).toHaveBeenCalledTimes(1)
  })
})
