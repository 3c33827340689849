// Server rendering and hydration: the kit's markup from react-dom/server, then hydrateRoot into that very
// markup in the browser, with a session stored in the browser and without. The first client render must
// match the server's exactly (every hook over a store gives React a constant server snapshot; nothing
// reads the clock, storage or window while rendering), so React reports no hydration error of any kind.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { AuthPanel, LoginButton, SessionBadge, SignedIn, SignedOut } from '../components'
import {
  completeEmailOtp,
  createKit,
  memoryKeyStore,
  memoryStorage,
  startEmailOtp,
  type Kit,
  type KeyStore,
} from '../core'
import { createMockAuthProxy, DEMO_CONFIG_ID, type MockAuthProxy } from '../mock'
import { AuthProxyProvider, type FlowStorage } from '../react'

const PROXY_URL = 'https://proxy.test'

interface KitProps {
  proxy: MockAuthProxy
  storage: FlowStorage
  keyStore: KeyStore
  /** The browser's kit, built by the app before React hydrates (createKit at module load). */
  kit?: Kit
  children?: ReactNode
}

function KitProviders({ proxy, storage, keyStore, kit, children }: KitProps) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AuthProxyProvider
        proxyUrl={PROXY_URL}
        configId={DEMO_CONFIG_ID}
        kit={kit}
        fetch={proxy.fetch}
        dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
        storage={storage}
        keyStore={keyStore}
        flowStorage={memoryStorage()}
      >
        {children}
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}

const page = (
  <>
    <LoginButton />
    <LoginButton.Custom>
      {({ mounted, status }) => <p>{mounted ? `custom: ${status}` : 'custom: not mounted'}</p>}
    </LoginButton.Custom>
    <SignedIn>
      <p>Members only</p>
    </SignedIn>
    <SignedOut>
      <p>Please sign in</p>
    </SignedOut>
    <SessionBadge name="ada@example.com" />
    <AuthPanel />
  </>
)

/** A session stored in this browser by an earlier visit: its JWT in `storage`, its key in `keyStore`. */
async function storedSession(proxy: MockAuthProxy) {
  const storage = memoryStorage()
  const keyStore = memoryKeyStore()
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId: DEMO_CONFIG_ID,
    fetch: proxy.fetch,
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    storage,
    keyStore,
  })
  const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
  await completeEmailOtp(kit, { challenge, code: proxy.outbox('ada@example.com')[0]?.code ?? '' })
  kit.destroy()
  return { storage, keyStore }
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

/**
 * Server markup (a server has no stored session), hydrated in a browser whose kit, built before React
 * hydrates, has already read its storage and fetched the config: the case where a snapshot read during
 * hydration differs from the server's.
 */
async function serveThenHydrate(proxy: MockAuthProxy, browser: { storage: FlowStorage; keyStore: KeyStore }) {
  const html = renderToString(
    <KitProviders proxy={proxy} storage={memoryStorage()} keyStore={memoryKeyStore()}>
      {page}
    </KitProviders>,
  )
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId: DEMO_CONFIG_ID,
    fetch: proxy.fetch,
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    ...browser,
  })
  await kit.session.ready
  await kit.config.ensure()
  expect(kit.session.getSnapshot().status).not.toBe('loading')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const consoleError = vi.spyOn(console, 'error')
  const recoverable = vi.fn()
  onTestFinished(() => kit.destroy())
  await act(async () => {
    root = hydrateRoot(
      container,
      <KitProviders proxy={proxy} kit={kit} {...browser}>
        {page}
      </KitProviders>,
      { onRecoverableError: recoverable },
    )
  })
  return { html, container, consoleError, recoverable }
}

describe('server rendering', () => {
  afterEach(() => vi.restoreAllMocks())

  it('given locale="auto", the server and hydration say English, then the browser\'s language follows with no mismatch', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const page = (
      <>
        <LoginButton locale="auto" />
        <AuthPanel locale="auto" />
      </>
    )
    const browser = { storage: memoryStorage(), keyStore: memoryKeyStore() }
    // The server knows no browser: whatever its own navigator says (Node 21 has one), it renders English.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en'])
    const html = renderToString(
      <KitProviders proxy={proxy} {...browser}>
        {page}
      </KitProviders>,
    )
    expect(html).toContain('lang="en"')
    expect(html).toContain('Log in or sign up')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const consoleError = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    await act(async () => {
      root = hydrateRoot(
        container,
        <KitProviders proxy={proxy} {...browser}>
          {page}
        </KitProviders>,
        {
          onRecoverableError: recoverable,
        },
      )
    })

    const panel = await screen.findByRole('region', { name: 'Anmelden oder registrieren' })
    expect(panel).toHaveAttribute('lang', 'de')
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument()
    expect(recoverable).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('given no stored session, the server says "checking", and hydration matches, then shows the signed-out page', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const { html, consoleError, recoverable } = await serveThenHydrate(proxy, {
      storage: memoryStorage(),
      keyStore: memoryKeyStore(),
    })
    // The server's page: a busy button, no "Log in" yet, nothing for either state, the panel's progress.
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('Checking your session…')
    expect(html).toContain('custom: not mounted')
    expect(html).not.toContain('Please sign in')
    expect(html).not.toContain('Members only')

    expect(await screen.findByText('Please sign in')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.getByText('custom: signedOut')).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Log in or sign up' })
    expect(await within(panel).findByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
    expect(recoverable).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('given a session stored in the browser, hydration matches the server, then shows the signed-in page', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const browser = await storedSession(proxy)
    const { consoleError, recoverable } = await serveThenHydrate(proxy, browser)

    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument()
    expect(await screen.findByText('Members only')).toBeInTheDocument()
    expect(screen.queryByText('Please sign in')).not.toBeInTheDocument()
    expect(screen.getByText('custom: signedIn')).toBeInTheDocument()
    expect(await screen.findByText(/^Session ends in 1[45]:\d\d/)).toBeInTheDocument()
    expect(screen.getByText(/^Signed in as/, { selector: '.apk-session-who' })).toHaveTextContent(
      'Signed in as ada@example.com',
    )
    expect(recoverable).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
  })
})
