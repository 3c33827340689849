import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { completeEmailOtp, memoryStorage, startEmailOtp } from '../../core'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { en } from '../locales/en'
import { darkTheme } from '../theme/Theme'
import { AuthPanel } from './AuthPanel'

describe('AuthPanel', () => {
  it('shows the sign-in flow inline, in a region named by its title, without taking focus on load', async () => {
    const { user, proxy, container } = renderWithProxy(
      <>
        <button type="button">Elsewhere</button>
        <AuthPanel />
      </>,
    )
    const panel = await screen.findByRole('region', { name: 'Log in or sign up' })
    const email = await within(panel).findByRole('textbox', { name: 'Email address' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Nothing pulls focus to a form the person has not reached yet.
    expect(email).not.toHaveFocus()
    await expectNoAxeViolations(container)

    // Once used, each step takes focus as in the dialog: the code field after sending.
    await user.type(email, 'panel@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Continue with email' }))
    const code = await within(panel).findByRole('textbox', { name: 'Verification code' })
    await waitFor(() => expect(code).toHaveFocus())
    await user.type(code, latestCode(proxy, 'panel@example.com'))
    expect(await within(panel).findByRole('heading', { name: 'Signed in as panel@example.com' })).toBeInTheDocument()
    // The title says where the person is now.
    expect(panel).toHaveAccessibleName('Your account')
    // Nothing to close inline: no Done button, but Sign out.
    expect(within(panel).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    await expectNoAxeViolations(container)

    // Inline, Sign out leaves the panel in place, back on the ways to sign in.
    await user.click(within(panel).getByRole('button', { name: 'Sign out' }))
    expect(await within(panel).findByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
    expect(panel).toHaveAccessibleName('Log in or sign up')
  })

  it('given methods, shows only those the tenant enables, in the given order; given a title and logo, shows them', async () => {
    renderWithProxy(
      // The demo tenant enables email, SMS, Google, Apple and passkeys, not Discord.
      <AuthPanel
        methods={['google', 'discord', 'email']}
        title="Welcome to Acme"
        logo={<img src="/logo.svg" alt="" />}
      />,
    )
    const panel = await screen.findByRole('region', { name: 'Welcome to Acme' })
    const google = await within(panel).findByRole('button', { name: 'Continue with Google' })
    const email = within(panel).getByRole('textbox', { name: 'Email address' })
    // Google before the email form, as asked; no Discord (not enabled), no phone, Apple or passkey (not asked for).
    expect(google.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Continue with Google', 'Continue with email'])
    expect(panel.querySelector('.apk-logo img')).toHaveAttribute('alt', '')
  })

  it('given a signed-in session on load, shows who is signed in without moving focus', async () => {
    const storage = memoryStorage()
    const first = renderWithProxy(<p>page</p>, { storage })
    await act(async () => {
      const challenge = await startEmailOtp(first.kit, { email: 'back@example.com' })
      await completeEmailOtp(first.kit, { challenge, code: latestCode(first.proxy, 'back@example.com') })
    })
    first.unmount()
    renderWithProxy(<AuthPanel />, { proxy: first.proxy, keyStore: first.kit.keyStore, storage })
    // The person, after a reload, by the email they signed in with.
    const heading = await screen.findByRole('heading', { name: 'Signed in as back@example.com' })
    expect(heading).not.toHaveFocus()
  })

  it('given a typed theme, puts its variables and palette on the panel', async () => {
    renderWithProxy(<AuthPanel theme={darkTheme({ accent: '#ff5500', radius: 4 })} />)
    const panel = await screen.findByRole('region', { name: 'Log in or sign up' })
    expect(panel).toHaveAttribute('data-apk-theme', 'dark')
    expect(panel.style.getPropertyValue('--apk-color-accent')).toBe('#ff5500')
    expect(panel.style.getPropertyValue('--apk-radius-medium')).toBe('4px')
  })

  it("says its language on its root, for screen readers: the locale's, or a dictionary's own", async () => {
    renderWithProxy(
      <>
        <AuthPanel />
        <AuthPanel locale="fr" />
        <AuthPanel locale={{ ...en, locale: 'de', dialogTitle: 'Anmelden' }} />
      </>,
    )
    const french = await screen.findByRole('region', { name: 'Connexion ou inscription' })
    expect(french).toHaveAttribute('lang', 'fr')
    expect(screen.getByRole('region', { name: 'Log in or sign up' })).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('region', { name: 'Anmelden' })).toHaveAttribute('lang', 'de')
  })
})
