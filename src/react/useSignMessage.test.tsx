import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { act, renderHook, waitFor } from '@testing-library/react'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { utf8 } from '../core/encoding'
import { json } from '../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../core/test/walletApi'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useSignMessage } from './useSignMessage'

const clock = { now: WALLET_NOW }
const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }

function setUp() {
  const keys = walletKeys()
  const fake = walletApi(keys, clock, { wallet_kit_config: json(CONFIG) })
  return { keys, fake, ...createTestProviders({ fetch: fake.fetch, now: () => clock.now }) }
}

describe('useSignMessage', () => {
  it('signs with an Ethereum account as a mutation (idle → pending → success); viem recovers the address', async () => {
    const { Providers, kit, keys } = setUp()
    await setTestSession(kit)
    const statuses: string[] = []
    const { result } = renderHook(
      () => {
        const state = useSignMessage()
        if (statuses.at(-1) !== state.status) statuses.push(state.status)
        return state
      },
      { wrapper: Providers },
    )
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, error: null, variables: undefined })
    const variables = { account: keys.ethereum, message: 'hello' }
    act(() => result.current.signMessage(variables))
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(statuses).toEqual(['idle', 'pending', 'success'])
    expect(result.current.variables).toBe(variables)
    const signature = result.current.data?.signature as `0x${string}`
    expect(await verifyMessage({ address: keys.ethereum.address as `0x${string}`, message: 'hello', signature })).toBe(
      true,
    )

    act(() => result.current.reset())
    await waitFor(() => expect(result.current.status).toBe('idle'))
  })

  it('signs with a Solana account; noble verifies the base58 signature', async () => {
    const { Providers, kit, keys } = setUp()
    await setTestSession(kit)
    const { result } = renderHook(() => useSignMessage(), { wrapper: Providers })
    act(() => result.current.signMessage({ account: keys.solana, message: 'gm' }))
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(ed25519.verify(base58.decode(result.current.data?.signature ?? ''), utf8('gm'), keys.solanaPublicKey)).toBe(
      true,
    )
  })

  it('is NOT_SIGNED_IN while signed out, and never retried', async () => {
    const { Providers, kit, keys, fake } = setUp()
    await act(() => kit.session.ready)
    const { result } = renderHook(() => useSignMessage(), { wrapper: Providers })
    act(() => result.current.signMessage({ account: keys.ethereum, message: 'x' }))
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error?.code).toBe('NOT_SIGNED_IN')
    expect(fake.endpoints().filter((endpoint) => endpoint.startsWith('submit/'))).toEqual([])
  })
})
