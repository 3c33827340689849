// The kit rendered on a real server: Node, no window, no storage. Nothing may read the clock while
// rendering (Next's prerendering fails a page that does), nor ask the proxy anything.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoginButton, SessionBadge, SignedIn, SignedOut, darkTheme } from '../components'
import { DEMO_CONFIG_ID } from '../mock'
import { AuthProxyProvider } from '../react'

describe('server rendering in Node', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('renders the kit with no window, no clock read and no request, as a busy "checking" page', () => {
    expect(typeof window).toBe('undefined')
    const fetch = vi.fn<typeof globalThis.fetch>()
    const now = vi.spyOn(Date, 'now')
    const html = renderToString(
      h(
        QueryClientProvider,
        { client: new QueryClient() },
        h(
          AuthProxyProvider,
          { proxyUrl: 'https://proxy.test', configId: DEMO_CONFIG_ID, fetch },
          h(LoginButton, { theme: darkTheme({ accent: '#f60' }) }),
          h(SignedIn, null, h('p', null, 'Members only')),
          h(SignedOut, null, h('p', null, 'Please sign in')),
          h(SessionBadge),
          // AuthPanel joins this list once the OTP hooks are core's flow store (branch otp): useOtpFlow's
          // useState initializer and useNow read the clock while rendering.
        ),
      ),
    )
    expect(html).toContain('Checking your session…')
    expect(html).not.toContain('Members only')
    expect(html).not.toContain('Please sign in')
    expect(now).not.toHaveBeenCalled()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('warns of nothing: a server render signs no one in, so it looks for no IndexedDB (Next logs each warning)', async () => {
    // As on a real server (this suite's setup adds a fake IndexedDB for the key store's tests).
    vi.stubGlobal('indexedDB', undefined)
    const warn = vi.spyOn(console, 'warn')
    renderToString(
      h(
        QueryClientProvider,
        { client: new QueryClient() },
        h(
          AuthProxyProvider,
          { proxyUrl: 'https://proxy.test', configId: DEMO_CONFIG_ID, fetch: vi.fn<typeof globalThis.fetch>() },
          h(LoginButton),
        ),
      ),
    )
    // The kit's start-up work (the session's load, then the key sweep) runs in the microtasks after the
    // render: every one of them has run before the event loop's next turn.
    await new Promise((resolve) => setImmediate(resolve))
    expect(warn).not.toHaveBeenCalled()
  })
})
