import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json } from '../core/test/fakeFetch'
import { sessionToken } from '../core/test/tokens'
import { WALLET, WALLET_NOW, WALLET_ORG, WALLET_USER, walletApi, walletKeys } from '../core/test/walletApi'
import { accountQueryPrefix } from './accountQueryKey'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useUser } from './useUser'
import { useWallets } from './useWallets'

const clock = { now: WALLET_NOW }
const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }
/** The signed-in API's calls (the provider also asks for the tenant's config). */
const publicCalls = (fake: { endpoints(): string[] }) =>
  fake.endpoints().filter((endpoint) => /^(query|submit)\//.test(endpoint))

function setUp() {
  const keys = walletKeys()
  const fake = walletApi(keys, clock, { wallet_kit_config: json(CONFIG) })
  return { keys, fake, ...createTestProviders({ fetch: fake.fetch }) }
}

describe('useWallets', () => {
  it('lists the wallets with their accounts, keyed by organization, user and session key', async () => {
    const { Providers, kit, keys, queryClient } = setUp()
    const session = await setTestSession(kit)
    const { result } = renderHook(() => useWallets(), { wrapper: Providers })
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data).toEqual([{ ...WALLET, accounts: [keys.ethereum, keys.solana] }])
    expect(
      queryClient.getQueryData([
        'auth-proxy-kit',
        'demo',
        'account',
        'wallets',
        WALLET_ORG,
        WALLET_USER,
        session.publicKey,
      ]),
    ).toEqual(result.current.data)
  })

  it('is disabled while signed out', async () => {
    const { Providers, kit, fake } = setUp()
    const { result } = renderHook(() => useWallets(), { wrapper: Providers })
    await act(() => kit.session.ready)
    expect(result.current).toMatchObject({ status: 'pending', fetchStatus: 'idle' })
    expect(publicCalls(fake)).toHaveLength(0)
  })
})

describe("the provider's removal of stale account queries", () => {
  const accountKeys = (queryClient: ReturnType<typeof setUp>['queryClient'], kit: ReturnType<typeof setUp>['kit']) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: accountQueryPrefix(kit) })
      .map((query) => query.queryKey)

  it('keeps them across a refresh (same user and key), removes them when the key or user changes, and on sign-out', async () => {
    const { Providers, kit, fake, queryClient } = setUp()
    const first = await setTestSession(kit)
    const { result } = renderHook(() => ({ user: useUser(), wallets: useWallets() }), { wrapper: Providers })
    await waitFor(() => expect(result.current.wallets.status).toBe('success'))
    await waitFor(() => expect(result.current.user.status).toBe('success'))
    expect(accountKeys(queryClient, kit)).toHaveLength(2)

    // A refresh: a new token for the same user and key. Nothing is removed or asked again.
    const calls = publicCalls(fake).length
    await act(async () => {
      await kit.session.set(
        await sessionToken({
          exp: Math.floor(kit.now() / 1000) + 1800,
          public_key: first.publicKey,
          user_id: WALLET_USER,
          organization_id: WALLET_ORG,
        }),
      )
    })
    expect(accountKeys(queryClient, kit)).toHaveLength(2)
    expect(publicCalls(fake).length).toBe(calls)

    // Another person signs in (another tab, or here): the previous answers are gone, the new ones fetched.
    const second = await setTestSession(kit, { userId: 'user-2' })
    await waitFor(() => expect(result.current.wallets.status).toBe('success'))
    const keys = accountKeys(queryClient, kit)
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(key.slice(5)).toEqual(['user-2', second.publicKey])

    await act(() => kit.session.logout())
    expect(accountKeys(queryClient, kit).filter((key) => key[5] !== null)).toEqual([])
    expect(result.current.wallets.data).toBeUndefined()
  })
})
