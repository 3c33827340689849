import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { memoryKeyStore, memoryStorage } from '../../core'
import { createMockAuthProxy } from '../../mock'
import { AuthProxyProvider } from '../../react'
import { PROXY_URL, renderWithProxy } from '../../react/test/renderWithProxy'
import { setTestSession } from '../../react/test/walletSession'
import { LoginButton } from '../modal/LoginButton'
import { LoginModal } from '../modal/LoginModal'
import { AuthPanel } from '../panel/AuthPanel'
import { SessionBadge } from '../session/SessionBadge'
import type { Locale } from './useLocaleLabels'

describe('the provider’s theme, locale and labels', () => {
  it('given theme "dark" and labels on the provider, LoginButton uses them', async () => {
    renderWithProxy(<LoginButton />, { provider: { theme: 'dark', labels: { logIn: 'Enter' } } })
    const button = await screen.findByRole('button', { name: 'Enter' })
    expect(button).toHaveAttribute('data-apk-theme', 'dark')
  })

  it('a component’s own props win: its theme, and its labels merged over the provider’s string by string', async () => {
    renderWithProxy(<LoginButton theme="light" labels={{ account: 'Me' }} />, {
      provider: { theme: 'dark', labels: { logIn: 'Enter', account: 'Profile' } },
    })
    const button = await screen.findByRole('button', { name: 'Enter' })
    expect(button).toHaveAttribute('data-apk-theme', 'light')
  })

  it('given locale "fr" on the provider, the modal, the panel and the badge read French', async () => {
    const { user, kit } = renderWithProxy(
      <>
        <LoginButton />
        <AuthPanel />
        <SessionBadge />
      </>,
      { provider: { locale: 'fr', theme: 'auto' } },
    )
    const button = await screen.findByRole('button', { name: 'Se connecter' })
    expect(button).toHaveAttribute('data-apk-theme', 'auto')
    expect(await screen.findByRole('region', { name: 'Connexion ou inscription' })).toHaveAttribute(
      'data-apk-theme',
      'auto',
    )
    await user.click(button)
    expect(await screen.findByRole('dialog', { name: 'Connexion ou inscription' })).toBeInTheDocument()
    await act(() => setTestSession(kit))
    // The badge's countdown: only the badge says when the session ends.
    expect(await screen.findByText(/^La session se termine dans/)).toBeInTheDocument()
  })

  it('a component’s locale wins over the provider’s', async () => {
    renderWithProxy(<LoginModal defaultOpen locale="en" />, { provider: { locale: 'fr' } })
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument()
  })
})

describe('a config id the proxy does not know', () => {
  function renderUnknownConfig(ui: ReactNode, locale?: Locale) {
    const proxy = createMockAuthProxy({ strictFields: true })
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId="no-such-config"
          fetch={proxy.fetch}
          keyStore={memoryKeyStore()}
          storage={memoryStorage()}
          locale={locale}
        >
          {ui}
        </AuthProxyProvider>
      </QueryClientProvider>,
    )
  }

  it('tells the person that sign-in is not set up for this site, not that something was not found', async () => {
    renderUnknownConfig(<LoginModal defaultOpen />)
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(await screen.findByText('Sign-in is not set up for this site.')).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent('We could not find that')
  })

  it('says it in French too', async () => {
    renderUnknownConfig(<LoginModal defaultOpen />, 'fr')
    await screen.findByRole('dialog', { name: 'Connexion ou inscription' })
    expect(await screen.findByText('La connexion n’est pas configurée pour ce site.')).toBeInTheDocument()
  })
})
