import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { isKitError } from '../core/errors'
import { createTestProviders } from './test/renderWithProxy'
import { useWalletKitConfig } from './useWalletKitConfig'

describe('useWalletKitConfig', () => {
  it("is react-query's result over kit.config: pending, then success, asked once for every reader", async () => {
    const { Providers, requests } = createTestProviders()
    const { result } = renderHook(
      () => ({ first: useWalletKitConfig(), second: useWalletKitConfig(), third: useWalletKitConfig() }),
      { wrapper: Providers },
    )
    expect(result.current.first).toMatchObject({ status: 'pending', isPending: true, data: undefined, error: null })
    await waitFor(() => expect(result.current.first.isSuccess).toBe(true))
    expect(result.current.first.data?.enabledProviders).toContain('email')
    expect(result.current.third.data).toBe(result.current.first.data)
    expect(requests.filter((name) => name === 'wallet_kit_config')).toHaveLength(1)
  })

  it('given the config already in the kit (a flow asked first), has it from the first render, with no request', async () => {
    const { Providers, kit, requests } = createTestProviders()
    await kit.config.ensure()
    const { result } = renderHook(() => useWalletKitConfig(), { wrapper: Providers })
    expect(result.current.status).toBe('success')
    expect(result.current.isFetching).toBe(false)
    expect(requests.filter((name) => name === 'wallet_kit_config')).toHaveLength(1)
  })

  it('given select, gives that part of the config', async () => {
    const { Providers } = createTestProviders()
    const { result } = renderHook(() => useWalletKitConfig({ select: (config) => config.enabledProviders.length }), {
      wrapper: Providers,
    })
    await waitFor(() => expect(result.current.data).toBeGreaterThan(0))
  })

  it('given a proxy that refuses, reports its KitError without retrying in react-query, and refetch asks again', async () => {
    const { Providers, requests, proxy } = createTestProviders({
      mock: { failures: { wallet_kit_config: { code: 7, message: 'no such tenant' } } },
    })
    const { result } = renderHook(() => useWalletKitConfig(), { wrapper: Providers })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(isKitError(result.current.error)).toBe(true)
    expect(requests.filter((name) => name === 'wallet_kit_config')).toHaveLength(1)
    proxy.setFailure('wallet_kit_config', null)
    await act(() => result.current.refetch())
    expect(requests.filter((name) => name === 'wallet_kit_config')).toHaveLength(2)
  })
})
