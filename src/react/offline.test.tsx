// The browser reports itself offline (navigator.onLine false, and react-query's onlineManager with it, as
// the 'offline' event sets it): every action fails fast and says so, or (signing out) needs no network.
import { onlineManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json } from '../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../core/test/walletApi'
import { signInByEmail } from './test/signInByEmail'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useEmailOtp } from './useEmailOtp'
import { useLogout } from './useLogout'
import { useRefreshSession } from './useRefreshSession'
import { useSession } from './useSession'
import { useSignMessage } from './useSignMessage'

function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  onlineManager.setOnline(false)
}

afterEach(() => {
  onlineManager.setOnline(true)
})

describe('offline', () => {
  it('signs out at once: the session and its key are gone with no network', async () => {
    const { Providers, kit, proxy } = createTestProviders()
    const { result } = renderHook(() => ({ logout: useLogout(), session: useSession() }), { wrapper: Providers })
    await signInByEmail(kit, proxy, 'offline@example.com')
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))

    goOffline()
    await act(() => result.current.logout.logoutAsync())
    expect(result.current.session.status).toBe('signedOut')
    await waitFor(() => expect(result.current.logout.status).toBe('success'))
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('fails a signature at once with OFFLINE, sends nothing, and signs when asked again online', async () => {
    const keys = walletKeys()
    const clock = { now: WALLET_NOW }
    const fake = walletApi(keys, clock, {
      wallet_kit_config: json({ enabledProviders: ['email'], organizationId: 'org-parent' }),
    })
    const { Providers, kit } = createTestProviders({ fetch: fake.fetch, now: () => clock.now })
    await setTestSession(kit)
    const { result } = renderHook(() => useSignMessage(), { wrapper: Providers })
    const sent = fake.texts.length

    goOffline()
    act(() => result.current.signMessage({ account: keys.ethereum, message: 'hello' }))
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error).toMatchObject({
      code: 'OFFLINE',
      userMessage: "You're offline. Check your connection and try again.",
    })
    expect(fake.texts.length).toBe(sent)

    vi.restoreAllMocks()
    onlineManager.setOnline(true)
    act(() => result.current.signMessage({ account: keys.ethereum, message: 'hello' }))
    await waitFor(() => expect(result.current.status).toBe('success'))
  })

  it('fails a session refresh at once with OFFLINE instead of waiting for the network', async () => {
    const { Providers, kit, proxy } = createTestProviders()
    const { result } = renderHook(() => ({ refresh: useRefreshSession(), session: useSession() }), {
      wrapper: Providers,
    })
    await signInByEmail(kit, proxy, 'refresh-offline@example.com')
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))

    goOffline()
    act(() => result.current.refresh.refreshSession())
    await waitFor(() => expect(result.current.refresh.status).toBe('error'))
    expect(result.current.refresh.error?.code).toBe('OFFLINE')
    expect(result.current.session.status).toBe('signedIn')
  })

  it('says an emailed code was not sent, and does not hold the button for a code that may be on its way', async () => {
    const { Providers, proxy } = createTestProviders()
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })

    goOffline()
    act(() => result.current.start('offline-code@example.com'))
    await waitFor(() => expect(result.current.error?.code).toBe('OFFLINE'))
    expect(result.current).toMatchObject({ step: 'email', maybeSent: false, isSending: false })
    expect(proxy.outbox('offline-code@example.com')).toEqual([])

    vi.restoreAllMocks()
    onlineManager.setOnline(true)
    act(() => result.current.start('offline-code@example.com'))
    await waitFor(() => expect(result.current.step).toBe('code'))
  })
})
