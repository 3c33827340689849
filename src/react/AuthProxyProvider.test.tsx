import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { Activity, StrictMode, type ReactNode } from 'react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createKit, memoryKeyStore, memoryStorage } from '../core'
import { createMockAuthProxy, DEMO_CONFIG_ID } from '../mock'
import { chunks } from '../chunks'
import { AuthProxyProvider } from './AuthProxyProvider'
import { fakeOAuthWindow } from './test/fakeOAuthWindow'
import { PROXY_URL } from './test/renderWithProxy'
import { savePendingOAuthRedirect } from '../core/oauth/pendingOAuthRedirect'
import { useOAuthCallback } from './useOAuthCallback'
import { useKit } from './useKit'
import { useSession } from './useSession'
import { useWalletKitConfig } from './useWalletKitConfig'
import { walletKitConfigQueryKey } from './walletKitConfigQueryOptions'

// Every kit the provider builds, with `destroy` watched.
const built = vi.hoisted(() => [] as Array<{ destroy(): void }>)
vi.mock('../core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../core')>()
  return {
    ...actual,
    createKit: (options: Parameters<typeof actual.createKit>[0]) => {
      const kit = actual.createKit(options)
      vi.spyOn(kit, 'destroy')
      built.push(kit)
      return kit
    },
  }
})

afterEach(() => {
  built.length = 0
  vi.restoreAllMocks()
})

/**
 * Resolves once every timer already set without a delay has run (Node runs the timers of one delay in the
 * order they were set), the destroy the provider defers by a tick included: an order, not a duration.
 */
function afterDeferredDestroy(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

function countingFetch(proxy = createMockAuthProxy({ strictFields: true })) {
  const calls: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
    return proxy.fetch(input, init)
  }
  return { fetch, calls, proxy }
}

function ConfigProbe() {
  const config = useWalletKitConfig()
  const { status } = useSession()
  return (
    <p>
      {config.data ? `methods: ${config.data.enabledProviders.join(',')}` : 'no config'}; session: {status}
    </p>
  )
}

describe('AuthProxyProvider', () => {
  it('given no QueryClientProvider above it, it throws an error naming the fix', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<AuthProxyProvider proxyUrl={PROXY_URL} configId="demo" />)).toThrow(
      'AuthProxyProvider needs a QueryClientProvider above it: wrap your app in <QueryClientProvider client={queryClient}> from @tanstack/react-query.',
    )
  })

  it('given a proxyUrl that is not a URL, it throws an error naming the prop as written', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <AuthProxyProvider proxyUrl="auth.example.com" configId="demo" />
        </QueryClientProvider>,
      ),
    ).toThrow(
      `proxyUrl "auth.example.com" is not a valid URL: expected an http(s) URL like 'https://auth.example.com' (or, in a browser, a path like '/auth-proxy')`,
    )
  })

  it('given a hook outside the provider, it throws an error naming the fix', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderHook(() => useKit())).toThrow(/useKit must be used inside <AuthProxyProvider>/)
  })

  it('given props only, it builds a kit on them and fetches wallet_kit_config once for all readers', async () => {
    const { fetch, calls } = countingFetch()
    const queryClient = new QueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId={DEMO_CONFIG_ID}
          fetch={fetch}
          keyStore={memoryKeyStore()}
          storage={memoryStorage()}
          flowStorage={null}
        >
          <ConfigProbe />
          <ConfigProbe />
        </AuthProxyProvider>
      </QueryClientProvider>,
    )
    expect(await screen.findAllByText('methods: email,sms,google,apple,passkey; session: signedOut')).toHaveLength(2)
    expect(calls).toEqual(['/v1/wallet_kit_config'])
    expect(queryClient.getQueryData(['auth-proxy-kit', 'wallet_kit_config', PROXY_URL, DEMO_CONFIG_ID])).toMatchObject({
      enabledProviders: ['email', 'sms', 'google', 'apple', 'passkey'],
    })
  })

  it('given every reader gone for longer than react-query keeps unused queries, a new reader still does not fetch the config again', async () => {
    const { fetch, calls } = countingFetch()
    function Page({ reading }: { reading: boolean }) {
      return reading ? <ConfigProbe /> : <p>nothing reads the config</p>
    }
    const tree = (reading: boolean) => (
      <QueryClientProvider client={queryClient}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId={DEMO_CONFIG_ID}
          fetch={fetch}
          keyStore={memoryKeyStore()}
          storage={memoryStorage()}
          flowStorage={null}
        >
          <Page reading={reading} />
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    // Fake from the start, so that react-query's garbage collection timers are fake too; time also
    // flows as usual, for the requests and React.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const queryClient = new QueryClient()
    const { rerender } = render(tree(true))
    expect(await screen.findByText('methods: email,sms,google,apple,passkey; session: signedOut')).toBeInTheDocument()
    rerender(tree(false))
    // react-query removes a query nothing observes after its gcTime (5 minutes by default).
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000))
    rerender(tree(true))
    expect(await screen.findByText('methods: email,sms,google,apple,passkey; session: signedOut')).toBeInTheDocument()
    expect(calls).toEqual(['/v1/wallet_kit_config'])
  })

  it('given StrictMode, it keeps one working kit, and destroys the kit it built on unmount', async () => {
    const { fetch } = countingFetch()
    const kits: ReturnType<typeof useKit>[] = []
    function KitProbe() {
      kits.push(useKit())
      return null
    }
    const { unmount } = render(
      <StrictMode>
        <QueryClientProvider client={new QueryClient()}>
          <AuthProxyProvider
            proxyUrl={PROXY_URL}
            configId={DEMO_CONFIG_ID}
            fetch={fetch}
            keyStore={memoryKeyStore()}
            storage={memoryStorage()}
          >
            <KitProbe />
            <ConfigProbe />
          </AuthProxyProvider>
        </QueryClientProvider>
      </StrictMode>,
    )
    expect(await screen.findByText('methods: email,sms,google,apple,passkey; session: signedOut')).toBeInTheDocument()
    const kit = kits.at(-1)
    if (!kit) throw new Error('no kit')
    expect(new Set(kits).size).toBe(1)
    // StrictMode runs initializers twice; a kit built and dropped would leak its window listeners.
    expect(built).toHaveLength(1)
    // StrictMode's simulated unmount and remount must not destroy the kit in use.
    await afterDeferredDestroy()
    expect(kit.destroy).not.toHaveBeenCalled()
    unmount()
    await waitFor(() => expect(kit.destroy).toHaveBeenCalledTimes(1))
  })

  it('given a tree hidden by Activity and shown again, it rebuilds the kit it destroyed', async () => {
    const { fetch } = countingFetch()
    const keyStore = memoryKeyStore()
    const storage = memoryStorage()
    const queryClient = new QueryClient()
    const tree = (mode: 'visible' | 'hidden') => (
      <QueryClientProvider client={queryClient}>
        <Activity mode={mode}>
          <AuthProxyProvider
            proxyUrl={PROXY_URL}
            configId={DEMO_CONFIG_ID}
            fetch={fetch}
            keyStore={keyStore}
            storage={storage}
          >
            <ConfigProbe />
          </AuthProxyProvider>
        </Activity>
      </QueryClientProvider>
    )
    const { rerender } = render(tree('visible'))
    expect(await screen.findByText('methods: email,sms,google,apple,passkey; session: signedOut')).toBeInTheDocument()
    rerender(tree('hidden'))
    await waitFor(() => expect(built[0]?.destroy).toHaveBeenCalledTimes(1))
    rerender(tree('visible'))
    await waitFor(() => expect(built).toHaveLength(2))
    expect(await screen.findByText('methods: email,sms,google,apple,passkey; session: signedOut')).toBeVisible()
    expect(built[1]?.destroy).not.toHaveBeenCalled()
  })

  it('given another configId, it builds a new kit and destroys the old one', async () => {
    const proxy = createMockAuthProxy({
      strictFields: true,
      tenants: [
        { configId: 'one', organizationId: 'org-one' },
        { configId: 'two', organizationId: 'org-two', enabledProviders: ['email', 'google'] },
      ],
    })
    const queryClient = new QueryClient()
    const tree = (configId: string) => (
      <QueryClientProvider client={queryClient}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId={configId}
          fetch={proxy.fetch}
          keyStore={memoryKeyStore()}
          storage={memoryStorage()}
        >
          <ConfigProbe />
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    const { rerender } = render(tree('one'))
    expect(await screen.findByText('methods: email; session: signedOut')).toBeInTheDocument()
    rerender(tree('two'))
    expect(await screen.findByText('methods: email,google; session: signedOut')).toBeInTheDocument()
    expect(built).toHaveLength(2)
    await waitFor(() => expect(built[0]?.destroy).toHaveBeenCalledTimes(1))
    expect(built[1]?.destroy).not.toHaveBeenCalled()
  })

  it('given OAuth props, it builds the kit on them, and completeOAuthRedirects={false} leaves a callback to the app', async () => {
    const { fetch } = countingFetch()
    const flowStorage = memoryStorage()
    savePendingOAuthRedirect(flowStorage, DEMO_CONFIG_ID, 'google', Date.now())
    const callbackUrl = `https://app.test/login?code=abc&state=${'S'.repeat(43)}`
    const page = fakeOAuthWindow({ href: callbackUrl })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId={DEMO_CONFIG_ID}
          fetch={fetch}
          keyStore={memoryKeyStore()}
          storage={memoryStorage()}
          flowStorage={flowStorage}
          oauthAuthorizeUrls={{ google: 'https://accounts.mock.test/authorize' }}
          oauthTokenUrls={{ facebook: 'https://graph.mock.test/oauth/access_token' }}
          oauthStorage={memoryStorage()}
          oauthWindow={page}
          completeOAuthRedirects={false}
        >
          {children}
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => ({ kit: useKit(), callback: useOAuthCallback() }), { wrapper })
    expect(result.current.kit.oauth.oauthAuthorizeUrls).toEqual({ google: 'https://accounts.mock.test/authorize' })
    expect(result.current.kit.oauth.oauthTokenUrls).toEqual({ facebook: 'https://graph.mock.test/oauth/access_token' })
    expect(result.current.kit.oauth.fetch).toBe(fetch)
    expect(result.current.kit.oauth.location).toBe(page.location)
    // The code that completes a callback, as the provider would have loaded it: what the provider chains
    // on it has run by then.
    await act(() => chunks.oauthRedirect.load())
    expect(result.current.callback.status).toBe('idle')
    expect(page.replaced).toEqual([])
    expect(page.location.href).toBe(callbackUrl)
  })

  it('given a prebuilt kit, it uses it and leaves its life to the app', async () => {
    const { fetch } = countingFetch()
    const kit = createKit({
      proxyUrl: PROXY_URL,
      configId: DEMO_CONFIG_ID,
      fetch,
      keyStore: memoryKeyStore(),
      storage: memoryStorage(),
    })
    const destroy = vi.spyOn(kit, 'destroy')
    built.length = 0
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <AuthProxyProvider proxyUrl="ignored" configId="ignored" kit={kit}>
          {children}
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    const { result, unmount } = renderHook(() => useKit(), { wrapper })
    expect(result.current).toBe(kit)
    unmount()
    await afterDeferredDestroy()
    expect(destroy).not.toHaveBeenCalled()
    expect(built).toEqual([])
    kit.destroy()
  })

  it('given the proxy cannot be reached, it retries the config twice, then reports PROXY_UNAVAILABLE', async () => {
    let attempts = 0
    const fetch: typeof globalThis.fetch = (_input, init) => {
      // Not the development check of whether the proxy answers without CORS (src/core/misconfiguration.ts).
      if (init?.mode !== 'no-cors') attempts += 1
      return Promise.reject(new TypeError('Failed to fetch'))
    }
    // Only the wait between retries is shortened; how many there are is the provider's choice.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } })
    const kit = createKit({
      proxyUrl: PROXY_URL,
      configId: DEMO_CONFIG_ID,
      fetch,
      keyStore: memoryKeyStore(),
      storage: memoryStorage(),
    })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <AuthProxyProvider proxyUrl={PROXY_URL} configId={DEMO_CONFIG_ID} kit={kit}>
          {children}
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => useWalletKitConfig(), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error?.code).toBe('PROXY_UNAVAILABLE')
    expect(attempts).toBe(3)
    expect(walletKitConfigQueryKey(kit)).toEqual(['auth-proxy-kit', 'wallet_kit_config', PROXY_URL, DEMO_CONFIG_ID])
    kit.destroy()
  })
})
