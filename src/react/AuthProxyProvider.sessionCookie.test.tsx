// The provider's `sessionCookie`, on jsdom's cookie jar (what document.cookie reads back is what a
// server would receive): written on sign-in and refresh, gone after a sign-out, at expiry, and at start
// when the stored session is invalid. The attributes (SameSite, Secure, Max-Age, Domain) are checked
// where every write can be read whole: src/core/session/sessionCookie.test.ts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createSessionCookie, memoryKeyStore, refreshSession, type Kit, type SessionCookie } from '../core'
import { createMockAuthProxy, DEMO_CONFIG_ID } from '../mock'
import { AuthProxyProvider } from './AuthProxyProvider'
import { PROXY_URL } from './test/renderWithProxy'
import { signInByEmail } from './test/signInByEmail'
import { useKit } from './useKit'
import { useSession } from './useSession'

const SESSION_KEY = `auth-proxy-kit:${DEMO_CONFIG_ID}:session`
const MINUTE = 60_000

/** The cookie named `name` as the page (and so a request to its server) would carry it, or undefined. */
function cookie(name = 'apk_session'): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1)
}

/** A provider building its own kit on the mock, with the session in jsdom's localStorage; answers the kit once rendered. */
function renderProvider(sessionCookie: SessionCookie | undefined, proxy = createMockAuthProxy({ strictFields: true })) {
  const kits: Kit[] = []
  function Probe() {
    kits.push(useKit())
    const { status } = useSession()
    return <p>session: {status}</p>
  }
  const { unmount } = render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProxyProvider
        proxyUrl={PROXY_URL}
        configId={DEMO_CONFIG_ID}
        fetch={proxy.fetch}
        keyStore={memoryKeyStore()}
        dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
        sessionCookie={sessionCookie}
      >
        <Probe />
      </AuthProxyProvider>
    </QueryClientProvider>,
  )
  return { kit: kits[0] as Kit, proxy, unmount }
}

describe('AuthProxyProvider sessionCookie', () => {
  it('writes apk_session on sign-in, rewrites it on refresh, and removes it on sign-out', async () => {
    const { kit, proxy } = renderProvider(createSessionCookie())
    await screen.findByText('session: signedOut')
    expect(cookie()).toBeUndefined()

    await signInByEmail(kit, proxy, 'cookie@example.com')
    await screen.findByText('session: signedIn')
    const signedIn = kit.session.getSnapshot().session?.token
    expect(cookie()).toBe(signedIn)

    await act(() => refreshSession(kit, { expirationSeconds: '1800' }))
    const refreshed = kit.session.getSnapshot().session?.token
    expect(refreshed).not.toBe(signedIn)
    expect(cookie()).toBe(refreshed)

    await act(() => kit.session.logout())
    await screen.findByText('session: signedOut')
    expect(cookie()).toBeUndefined()
  })

  it('is gone when the session expires (its Max-Age ends with the session, and the kit clears it)', async () => {
    // Only Date is faked: the proxy and the kit keep their real timers, and the test moves the clock.
    // The jar would drop the cookie at that time by itself: that the kit clears it too is proven on a
    // page that records each write (sessionCookie.test.ts, 'clears at expiry').
    vi.useFakeTimers({ toFake: ['Date'] })
    const { kit, proxy } = renderProvider(createSessionCookie())
    await screen.findByText('session: signedOut')
    await signInByEmail(kit, proxy, 'expiry@example.com')
    await screen.findByText('session: signedIn')
    expect(cookie()).toBe(kit.session.getSnapshot().session?.token)

    // Past `exp` (15 minutes): the store's timer would fire then; coming back to the page checks at once.
    vi.setSystemTime(Date.now() + 16 * MINUTE)
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await screen.findByText('session: signedOut')
    expect(cookie()).toBeUndefined()
  })

  it('removes at start a cookie left by a stored session that is no longer valid (its key is gone)', async () => {
    // A session of another key store: on this page its key is not held.
    const proxy = createMockAuthProxy({ strictFields: true })
    const elsewhere = renderProvider(createSessionCookie(), proxy)
    await signInByEmail(elsewhere.kit, proxy, 'stale@example.com')
    const token = elsewhere.kit.session.getSnapshot().session?.token as string
    expect(cookie()).toBe(token)
    // That page is gone (its kit destroyed now, not a tick after the unmount: it would follow this one).
    elsewhere.unmount()
    elsewhere.kit.destroy()

    localStorage.setItem(SESSION_KEY, token)
    renderProvider(createSessionCookie(), proxy)
    await screen.findByText('session: signedOut')
    expect(cookie()).toBeUndefined()
  })

  it('writes only when given: a provider without sessionCookie leaves the cookies alone', async () => {
    document.cookie = 'apk_session=set-by-the-server; Path=/'
    const proxy = createMockAuthProxy({ strictFields: true })
    const without = renderProvider(undefined, proxy)
    await screen.findByText('session: signedOut')
    await signInByEmail(without.kit, proxy, 'no-cookie@example.com')
    await screen.findByText('session: signedIn')
    expect(cookie()).toBe('set-by-the-server')
    await act(() => without.kit.session.logout())
    expect(cookie()).toBe('set-by-the-server')
  })

  it('takes its own name, for a second tenant on the same site', async () => {
    const { kit, proxy } = renderProvider(createSessionCookie({ name: 'shop_session' }))
    await screen.findByText('session: signedOut')
    await signInByEmail(kit, proxy, 'named@example.com')
    await waitFor(() => expect(cookie('shop_session')).toBe(kit.session.getSnapshot().session?.token))
    expect(cookie()).toBeUndefined()
  })
})
