import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { memoryKeyStore, memoryStorage, type Session } from '../core'
import type { KitError } from '../core/errors'
import { createMockAuthProxy, DEMO_CONFIG_ID } from '../mock'
import { AuthProxyProvider } from './AuthProxyProvider'
import { signInByEmail } from './test/signInByEmail'
import { createTestProviders, latestCode, PROXY_URL, wrongCode } from './test/renderWithProxy'
import { useEmailOtp } from './useEmailOtp'
import { useLogout } from './useLogout'
import { useSession } from './useSession'
import { useWalletKitConfig } from './useWalletKitConfig'

describe('AuthProxyProvider callbacks', () => {
  it('given a sign-in by a hook, onSignIn hears it once with the session, and the hook’s onSuccess with the result', async () => {
    const onSignIn = vi.fn<(session: Session) => void>()
    const onSuccess = vi.fn()
    const { Providers, proxy } = createTestProviders({ strict: true, provider: { onSignIn } })
    const { result } = renderHook(() => ({ otp: useEmailOtp({ onSuccess }), session: useSession() }), {
      wrapper: Providers,
    })

    await act(async () => {
      await result.current.otp.startAsync('hook@example.com')
    })
    await act(async () => {
      await result.current.otp.verifyAsync(latestCode(proxy, 'hook@example.com'))
    })

    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
    expect(onSignIn).toHaveBeenCalledTimes(1)
    expect(onSignIn.mock.calls[0]?.[0].userId).toBe(result.current.session.session?.userId)
    expect(onSuccess).toHaveBeenCalledTimes(1)
    expect(onSuccess.mock.calls[0]?.[0].session.userId).toBe(result.current.session.session?.userId)
  })

  it('after signing out, onSignOut is called once; a session restored on reload is no sign-in', async () => {
    const keyStore = memoryKeyStore()
    const storage = memoryStorage()
    const onSignIn = vi.fn()
    const onSignOut = vi.fn()
    const first = createTestProviders({ keyStore, storage, provider: { onSignIn, onSignOut } })
    const firstRender = renderHook(() => useSession(), { wrapper: first.Providers })
    await signInByEmail(first.kit, first.proxy, 'back@example.com')
    await waitFor(() => expect(firstRender.result.current.status).toBe('signedIn'))
    expect(onSignIn).toHaveBeenCalledTimes(1)
    firstRender.unmount()

    // The same tab, reloaded: the stored session is read back, which is not a new sign-in.
    const second = createTestProviders({ keyStore, storage, proxy: first.proxy, provider: { onSignIn, onSignOut } })
    const { result } = renderHook(() => ({ session: useSession(), logout: useLogout() }), { wrapper: second.Providers })
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
    expect(onSignIn).toHaveBeenCalledTimes(1)

    await act(async () => {
      await result.current.logout.logoutAsync()
    })
    expect(result.current.session.status).toBe('signedOut')
    expect(onSignOut).toHaveBeenCalledTimes(1)
  })

  it('given a wrong code, onError hears the KitError once, and the hook’s onError too', async () => {
    const onError = vi.fn<(error: KitError) => void>()
    const hookError = vi.fn<(error: KitError) => void>()
    const { Providers, proxy } = createTestProviders({ strict: true, provider: { onError } })
    const { result } = renderHook(() => useEmailOtp({ onError: hookError }), { wrapper: Providers })
    await act(async () => {
      await result.current.startAsync('wrong@example.com')
    })

    let rejected: unknown
    await act(async () => {
      rejected = await result.current
        .verifyAsync(wrongCode(latestCode(proxy, 'wrong@example.com')))
        .catch((error: unknown) => error)
    })

    expect(result.current.error?.code).toBe('OTP_CODE_INVALID')
    expect(rejected).toBe(result.current.error)
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledWith(result.current.error)
    expect(hookError).toHaveBeenCalledTimes(1)
    expect(hookError).toHaveBeenCalledWith(result.current.error)
  })

  it('startAsync rejects with INVALID_EMAIL for a malformed address, nothing sent', async () => {
    const onError = vi.fn()
    const { Providers, requests } = createTestProviders({ provider: { onError } })
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    let rejected: KitError | undefined
    await act(async () => {
      rejected = await result.current.startAsync('not-an-email').then(
        () => undefined,
        (error: KitError) => error,
      )
    })
    expect(rejected?.code).toBe('INVALID_EMAIL')
    expect(onError).toHaveBeenCalledWith(rejected)
    expect(requests).not.toContain('otp_init')
  })

  it('given a config id the proxy does not know, onError hears CONFIG_INVALID naming the id, once', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const onError = vi.fn<(error: KitError) => void>()
    const queryClient = new QueryClient()
    const { result } = renderHook(() => useWalletKitConfig(), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={queryClient}>
          <AuthProxyProvider
            proxyUrl={PROXY_URL}
            configId="no-such-config"
            fetch={proxy.fetch}
            keyStore={memoryKeyStore()}
            storage={memoryStorage()}
            onError={onError}
          >
            {children}
          </AuthProxyProvider>
        </QueryClientProvider>
      ),
    })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error?.code).toBe('CONFIG_INVALID')
    expect(result.current.error?.message).toContain('knows no config id "no-such-config"')
    expect(result.current.error?.userMessage).toBe('Sign-in is not set up for this site.')
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
    expect(onError).toHaveBeenCalledWith(result.current.error)
  })

  it('calls the latest onSignIn: an inline function given again on a rerender replaces the first', async () => {
    const { proxy, kit, queryClient } = createTestProviders()
    const heard: string[] = []
    const tree = (name: string) => (
      <QueryClientProvider client={queryClient}>
        <AuthProxyProvider proxyUrl={PROXY_URL} configId={DEMO_CONFIG_ID} kit={kit} onSignIn={() => heard.push(name)}>
          <p>{name}</p>
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    const view = render(tree('first'))
    view.rerender(tree('second'))
    await signInByEmail(kit, proxy, 'latest@example.com')
    await waitFor(() => expect(heard).toEqual(['second']))
  })
})
