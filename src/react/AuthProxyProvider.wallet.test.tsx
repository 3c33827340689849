// The provider's wallet props: autoRefresh, passkeyName (and wallet, read by createKit: see the flows' tests).
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { chunks } from '../chunks'
import type { KitError } from '../core/errors'
import { json } from '../core/test/fakeFetch'
import { stampLoginAnswer, walletApi, walletKeys } from '../core/test/walletApi'
import { createTestProviders, type TestProvidersOptions } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { usePasskeyName } from './usePasskeyName'
import { useSession } from './useSession'

const CONFIG = { enabledProviders: ['email', 'passkey'], organizationId: 'org-parent' }

function setUp(options: TestProvidersOptions = {}) {
  const clock = {
    get now() {
      return Date.now()
    },
  }
  const fake = walletApi(walletKeys(), clock, {
    wallet_kit_config: json(CONFIG),
    'submit/stamp_login': stampLoginAnswer(clock),
  })
  const providers = createTestProviders({ fetch: fake.fetch, now: () => clock.now, ...options })
  return { fake, ...providers }
}

const refreshes = (fake: { endpoints(): string[] }) =>
  fake.endpoints().filter((endpoint) => endpoint === 'submit/stamp_login')

// Every refresh the kit starts (refreshSession, wrapped): a refresh that should not happen is seen as it
// starts, rather than by waiting long enough for its request.
const started = vi.hoisted(() => ({ refreshes: 0 }))
vi.mock('../core/wallet/refreshSession', async (importOriginal) => {
  const module = await importOriginal<typeof import('../core/wallet/refreshSession')>()
  return {
    ...module,
    refreshSession(...args: Parameters<typeof module.refreshSession>) {
      started.refreshes += 1
      return module.refreshSession(...args)
    },
  }
})

/**
 * Resolves once a refresh due now would have started: the provider starts autoRefresh when the wallet
 * chunk has loaded (chained on the load this waits for too), and autoRefresh's timer for a session this
 * close to its end has no delay (Node runs the timers of one delay in the order they were set).
 */
async function whenARefreshDueNowWouldHaveStarted(): Promise<void> {
  await act(() => chunks.wallet.load())
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

describe('AuthProxyProvider autoRefresh', () => {
  it('loads no wallet code while signed out; refreshes a session near its expiry once signed in', async () => {
    const { Providers, kit, fake } = setUp({ autoRefresh: true })
    const { result } = renderHook(() => useSession(), { wrapper: Providers })
    await waitFor(() => expect(result.current.status).toBe('signedOut'))
    // A load would have begun as the provider saw the session (its status turns 'loading' at once).
    expect(chunks.wallet.getSnapshot().status).toBe('idle')

    // 4 s before expiry: due at once (never later than 5 s before).
    const first = await setTestSession(kit, { lifetimeMs: 4_000 })
    await waitFor(() => expect(result.current.session?.token).not.toBe(first.token))
    expect(refreshes(fake)).toEqual(['submit/stamp_login'])
    expect(result.current.session).toMatchObject({ userId: first.userId, publicKey: first.publicKey })
  })

  it('refreshes nothing without autoRefresh', async () => {
    const { Providers, kit, fake } = setUp()
    renderHook(() => useSession(), { wrapper: Providers })
    started.refreshes = 0
    await setTestSession(kit, { lifetimeMs: 4_000 })
    await whenARefreshDueNowWouldHaveStarted()
    expect(started.refreshes).toBe(0)
    expect(refreshes(fake)).toEqual([])
  })

  it('stops when the provider unmounts', async () => {
    const errors: KitError[] = []
    const failing = setUp({ autoRefresh: { onError: (error) => errors.push(error) } })
    failing.fake.calls.length = 0
    const { unmount } = renderHook(() => useSession(), { wrapper: failing.Providers })
    await setTestSession(failing.kit)
    await waitFor(() => expect(chunks.wallet.getSnapshot().status).toBe('loaded'))
    // autoRefresh has started (chained on that load): unmounting has something to stop.
    await act(() => chunks.wallet.load())
    unmount()
    started.refreshes = 0
    await setTestSession(failing.kit, { lifetimeMs: 4_000 })
    await whenARefreshDueNowWouldHaveStarted()
    expect(started.refreshes).toBe(0)
    expect(refreshes(failing.fake)).toEqual([])
    expect(errors).toEqual([])
  })

  it('reports a failed refresh to onError', async () => {
    const errors: KitError[] = []
    const fake = walletApi(
      walletKeys(),
      { now: Date.now() },
      {
        wallet_kit_config: json(CONFIG),
        'submit/stamp_login': json({ code: 16, message: 'session expired', details: [] }, 401),
      },
    )
    const { Providers, kit } = createTestProviders({
      fetch: fake.fetch,
      autoRefresh: { beforeMs: 60_000, onError: (error) => errors.push(error) },
    })
    renderHook(() => useSession(), { wrapper: Providers })
    await setTestSession(kit, { lifetimeMs: 4_000 })
    await waitFor(() => expect(errors.map((error) => error.code)).toEqual(['STAMP_REFUSED']))
  })
})

describe('AuthProxyProvider passkeyName', () => {
  it('is what usePasskeyName reads (undefined when the app gives none)', () => {
    const named = setUp({ passkeyName: 'ada@example.com' })
    expect(renderHook(() => usePasskeyName(), { wrapper: named.Providers }).result.current).toBe('ada@example.com')
    const unnamed = setUp()
    expect(renderHook(() => usePasskeyName(), { wrapper: unnamed.Providers }).result.current).toBeUndefined()
  })
})
