import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { chunks } from '../chunks'
import { grpcError, json } from '../core/test/fakeFetch'
import { USER, WALLET_NOW, WALLET_ORG, WALLET_USER, walletApi, walletKeys } from '../core/test/walletApi'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useUser } from './useUser'

const clock = { now: WALLET_NOW }
const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }
/** The signed-in API's calls (the provider also asks for the tenant's config). */
const publicCalls = (fake: { endpoints(): string[] }) =>
  fake.endpoints().filter((endpoint) => /^(query|submit)\//.test(endpoint))

function setUp(overrides: Parameters<typeof walletApi>[2] = {}) {
  const fake = walletApi(walletKeys(), clock, { wallet_kit_config: json(CONFIG), ...overrides })
  return { fake, ...createTestProviders({ fetch: fake.fetch }) }
}

describe('useUser', () => {
  it('asks nothing while signed out, and loads no wallet code', async () => {
    const { Providers, kit, fake } = setUp()
    const { result } = renderHook(() => useUser(), { wrapper: Providers })
    await act(() => kit.session.ready)
    expect(result.current).toMatchObject({ status: 'pending', fetchStatus: 'idle', data: undefined })
    expect(publicCalls(fake)).toHaveLength(0)
    expect(chunks.wallet.getSnapshot().status).toBe('idle')
  })

  it("fetches the signed-in user (get_user) under the session's key, loading the wallet chunk", async () => {
    const { Providers, kit, fake, queryClient } = setUp()
    const session = await setTestSession(kit)
    const { result } = renderHook(() => useUser(), { wrapper: Providers })
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data).toEqual(USER)
    expect(publicCalls(fake)).toEqual(['query/get_user'])
    expect(chunks.wallet.getSnapshot().status).toBe('loaded')
    const key = ['auth-proxy-kit', 'demo', 'account', 'user', WALLET_ORG, WALLET_USER, session.publicKey]
    expect(queryClient.getQueryData(key)).toEqual(USER)
  })

  it('does not run when enabled is false', async () => {
    const { Providers, kit, fake, queryClient } = setUp()
    await setTestSession(kit)
    const { result } = renderHook(() => useUser({ enabled: false }), { wrapper: Providers })
    // A query that runs starts fetching as its observer subscribes, in the render's effects.
    expect(queryClient.isFetching({ queryKey: ['auth-proxy-kit', 'demo', 'account', 'user'] })).toBe(0)
    expect(result.current.fetchStatus).toBe('idle')
    expect(publicCalls(fake)).toHaveLength(0)
  })

  it('is not retried on a refused stamp', async () => {
    const { Providers, kit, fake } = setUp({ 'query/get_user': grpcError(16, 'session expired', 401) })
    await setTestSession(kit)
    const { result } = renderHook(() => useUser(), { wrapper: Providers })
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error?.code).toBe('STAMP_REFUSED')
    expect(publicCalls(fake)).toHaveLength(1)
  })

  it('is retried when the proxy could not be reached', async () => {
    const { Providers, kit, fake } = setUp({
      'query/get_user': [new TypeError('Failed to fetch'), json({ user: USER })],
    })
    await setTestSession(kit)
    const { result } = renderHook(() => useUser(), { wrapper: Providers })
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(publicCalls(fake)).toHaveLength(2)
  })
})
