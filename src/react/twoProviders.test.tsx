// Two React roots on one page (two islands in Astro, a header and a widget mounted apart), each with its
// own QueryClient and AuthProxyProvider, on the page's one localStorage and one key database: a sign-in,
// a refresh or a sign-out in one shows in the other without a reload. No `storage` event helps here (a
// browser fires it in the other tabs only). In a real browser, from the packed kit:
// consumers/e2e/twoRoots.spec.ts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { memoryKeyStore, refreshSession, type KeyStore, type Kit } from '../core'
import { createMockAuthProxy, DEMO_CONFIG_ID, type MockAuthProxy } from '../mock'
import { AuthProxyProvider } from './AuthProxyProvider'
import { PROXY_URL } from './test/renderWithProxy'
import { signInByEmail } from './test/signInByEmail'
import { useKit } from './useKit'
import { useLogout } from './useLogout'
import { useSession } from './useSession'

function SessionLine() {
  const { status, session } = useSession()
  const { logout } = useLogout()
  if (status !== 'signedIn' || !session) return <p>{status === 'loading' ? 'Checking…' : 'Signed out'}</p>
  return (
    <p>
      Signed in as {session.identity?.contact}, until {new Date(session.expiresAt).toISOString()}{' '}
      <button type="button" onClick={() => logout()}>
        Sign out
      </button>
    </p>
  )
}

/** One root of the page: a provider that builds its own kit (defaults: jsdom's window and localStorage). */
function renderRoot(name: string, proxy: MockAuthProxy, keyStore: KeyStore) {
  const kits: Kit[] = []
  function KitProbe() {
    kits.push(useKit())
    return null
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProxyProvider
        proxyUrl={PROXY_URL}
        configId={DEMO_CONFIG_ID}
        fetch={proxy.fetch}
        keyStore={keyStore}
        dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
      >
        <section aria-label={name}>
          <SessionLine />
        </section>
        <KitProbe />
      </AuthProxyProvider>
    </QueryClientProvider>,
  )
  return { kit: kits[0] as Kit, root: () => screen.getByRole('region', { name }) }
}

/** Two roots on one page; the key store stands for the page's one IndexedDB. */
async function twoRoots() {
  const proxy = createMockAuthProxy({ strictFields: true })
  const keyStore = memoryKeyStore()
  const header = renderRoot('Header', proxy, keyStore)
  const widget = renderRoot('Widget', proxy, keyStore)
  await within(header.root()).findByText('Signed out')
  await within(widget.root()).findByText('Signed out')
  return { proxy, header, widget }
}

describe('two AuthProxyProviders on one page, in two React roots', () => {
  it('a sign-in in one shows in the other, and a sign-out in the other shows in the first', async () => {
    const { proxy, header, widget } = await twoRoots()
    await signInByEmail(header.kit, proxy, 'two-roots@example.com')
    await within(header.root()).findByText(/Signed in as two-roots@example.com/)
    await within(widget.root()).findByText(/Signed in as two-roots@example.com/)

    await userEvent.click(within(widget.root()).getByRole('button', { name: 'Sign out' }))
    await within(widget.root()).findByText('Signed out')
    await within(header.root()).findByText('Signed out')
  })

  it('a refresh in one shows its new expiry in the other', async () => {
    const { proxy, header, widget } = await twoRoots()
    await signInByEmail(widget.kit, proxy, 'refresh@example.com')
    await within(header.root()).findByText(/Signed in as refresh@example.com/)
    const refreshed = await act(() => refreshSession(widget.kit, { expirationSeconds: '3600' }))
    const until = new Date(refreshed.expiresAt).toISOString()
    await within(header.root()).findByText(new RegExp(`until ${until}`))
    await waitFor(() => expect(header.kit.session.getSnapshot().session?.token).toBe(refreshed.token))
  })
})
