import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { memoryKeyStore, memoryStorage } from '../../core'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { createMockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { APP_URL, fakeOAuthWindow, type FakeOAuthWindow } from '../../react/test/fakeOAuthWindow'
import { holdRequests } from '../../react/test/holdRequests'
import { consent, withState } from '../../react/test/mockConsent'
import { PROXY_URL, renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

async function openModal(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
  await within(dialog).findByRole('button', { name: 'Continue with Google' })
  return dialog
}

/** Waits for the popup to be on the mock's consent page; returns that page's URL. */
async function popupAtProvider(page: FakeOAuthWindow, provider = 'google'): Promise<string> {
  await waitFor(() =>
    expect(page.popup().location.href.startsWith(`${PROXY_URL}/__mock/oauth/${provider}/authorize`)).toBe(true),
  )
  return page.popup().location.href
}

describe('LoginModal, social sign-in', () => {
  it("given the demo tenant, it offers email, then 'or', then phone, Google and Apple with their marks, and nothing else", async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user)
    expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
    expect(within(dialog).getByText('or')).toBeInTheDocument()
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(buttons).toEqual([
      'Close',
      'Continue with email',
      'Continue with phone',
      'Continue with Google',
      'Continue with Apple',
    ])
    const mark = within(dialog).getByRole('button', { name: 'Continue with Google' }).querySelector('svg')
    expect(mark).toHaveAttribute('aria-hidden', 'true')
  })

  it("shows a provider only when the tenant enables it and gives it a client id, in the app's order", async () => {
    const { user } = renderWithProxy(<LoginButton />, {
      methods: ['facebook', 'x', 'email', 'discord', 'google'],
      mock: {
        tenants: [
          {
            configId: 'demo',
            organizationId: 'org',
            enabledProviders: ['email', 'google', 'x', 'discord', 'facebook'],
            // X is enabled without a client id: it cannot start a sign-in, so it is not offered.
            oauthClientIds: { google: 'g-client', discord: 'd-client', facebook: 'f-client' },
          },
        ],
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await within(dialog).findByRole('button', { name: 'Continue with Facebook' })
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(names).toEqual([
      'Close',
      'Continue with Facebook',
      'Continue with Discord',
      'Continue with Google',
      'Continue with email',
    ])
    await expectNoAxeViolations(dialog)
  })

  it('given popup mode, it waits for Google with a Cancel that closes the popup and goes back to the list', async () => {
    const page = fakeOAuthWindow()
    const { user, kit } = renderWithProxy(<LoginButton />, { oauthWindow: page, oauthMode: 'popup' })
    const dialog = await openModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }))
    expect(page.popups).toHaveLength(1)
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Waiting for Google…')
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(cancel).toHaveFocus())
    await popupAtProvider(page)

    await user.click(cancel)
    expect(page.popup().closed).toBe(true)
    expect(await within(dialog).findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(async () => expect(await kit.keyStore.list()).toEqual([]))
  })

  it('given popup mode, signing in with Google closes the modal by itself', async () => {
    const page = fakeOAuthWindow()
    const { user, proxy } = renderWithProxy(<LoginButton />, { oauthWindow: page, oauthMode: 'popup' })
    const dialog = await openModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }))
    page.popup().location.href = await consent(proxy, await popupAtProvider(page), 'Continue as Ada Lovelace')
    await expectSignedIn()
    expect(page.popup().closed).toBe(true)
  })

  it('given closeOnSignIn={false}, signing in with Google ends on the signed-in view', async () => {
    const page = fakeOAuthWindow()
    const { user, proxy } = renderWithProxy(<LoginButton closeOnSignIn={false} />, {
      oauthWindow: page,
      oauthMode: 'popup',
    })
    const dialog = await openModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }))
    page.popup().location.href = await consent(proxy, await popupAtProvider(page), 'Continue as Ada Lovelace')
    // The person by their Google identity's email, with Google's mark and name.
    expect(await within(dialog).findByRole('heading', { name: 'Signed in as ada@example.com' })).toHaveFocus()
    expect(within(dialog).getByText('Signed in with Google')).toBeInTheDocument()
    expect(dialog).toHaveAccessibleName('Your account')
    expect(page.popup().closed).toBe(true)
  })

  it('given a blocked popup, it says so under Google, whose button takes focus to try again, and offers this window', async () => {
    const page = fakeOAuthWindow({ blockPopups: true })
    const { user, kit } = renderWithProxy(<LoginButton />, { oauthWindow: page, oauthMode: 'popup' })
    const dialog = await openModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }))
    const message = 'The Google window was blocked. Allow pop-ups for this site, or continue in this window.'
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)
    // The failed provider's button is the retry: focused, described by the failure.
    const retry = within(dialog).getByRole('button', { name: 'Continue with Google' })
    await waitFor(() => expect(retry).toHaveFocus())
    expect(retry).toHaveAccessibleDescription(message)
    // Beside the button that failed: the message comes right after it.
    expect(retry.nextElementSibling).toHaveTextContent(message)
    expect(await kit.keyStore.list()).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Continue in this window' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Taking you to Google…')
    await waitFor(() => expect(page.assigned).toHaveLength(1))
    expect(page.assigned[0]).toMatch(/^https:\/\/proxy\.test\/__mock\/oauth\/google\/authorize\?/)
  })

  it('given the popup is closed before the end, it says so naming Google, and Google again opens a new one', async () => {
    const page = fakeOAuthWindow()
    const { user } = renderWithProxy(<LoginButton />, { oauthWindow: page, oauthMode: 'popup' })
    const dialog = await openModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }))
    await popupAtProvider(page)
    page.popup().closed = true
    expect(await within(dialog).findByText('The Google window was closed before sign-in finished.')).toHaveRole(
      'status',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }))
    expect(page.popups).toHaveLength(2)
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Waiting for Google…')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('given Cancel on the consent page, it says the sign-in was cancelled', async () => {
    const page = fakeOAuthWindow()
    const { user, proxy, kit } = renderWithProxy(<LoginButton />, { oauthWindow: page, oauthMode: 'popup' })
    const dialog = await openModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Apple' }))
    page.popup().location.href = await consent(proxy, await popupAtProvider(page, 'apple'), 'Cancel')
    expect(await within(dialog).findByText('Apple sign-in was cancelled.')).toHaveRole('status')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Continue with Apple' })).toHaveAccessibleDescription(
      'Apple sign-in was cancelled.',
    )
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })
})

describe('LoginButton, back from a redirect sign-in', () => {
  function tab() {
    return {
      proxy: createMockAuthProxy({ strictFields: true }),
      keyStore: memoryKeyStore(),
      flowStorage: memoryStorage(),
      oauthStorage: memoryStorage(),
    }
  }

  /** Renders the page, clicks "Continue with <provider>" in redirect mode; returns the authorize URL. */
  async function leaveFor(shared: ReturnType<typeof tab>, provider: 'Google' | 'Apple'): Promise<string> {
    const page = fakeOAuthWindow()
    const { user, unmount } = renderWithProxy(<LoginButton />, { ...shared, oauthWindow: page, oauthMode: 'redirect' })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.click(await within(dialog).findByRole('button', { name: `Continue with ${provider}` }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`Taking you to ${provider}…`)
    await waitFor(() => expect(page.assigned).toHaveLength(1))
    unmount()
    return page.assigned[0] ?? ''
  }

  it('given a cancel at the provider, the modal opens by itself with the message under Apple, whose button goes back to it', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveFor(shared, 'Apple'), 'Cancel')
    const page = fakeOAuthWindow({ href: callbackUrl })
    const { user } = renderWithProxy(<LoginButton />, { ...shared, oauthWindow: page, oauthMode: 'redirect' })

    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(await within(dialog).findByText('Apple sign-in was cancelled.')).toHaveRole('status')
    expect(page.location.href).toBe(APP_URL)

    const apple = within(dialog).getByRole('button', { name: 'Continue with Apple' })
    await waitFor(() => expect(apple).toHaveFocus())
    await user.click(apple)
    await waitFor(() => expect(page.assigned).toHaveLength(1))
    expect(page.assigned[0]).toMatch(/\/__mock\/oauth\/apple\/authorize\?/)
  })

  it('given a code, the modal opens on the progress under Google’s name, then closes by itself, and does not open again', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveFor(shared, 'Google'), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: callbackUrl })
    // The sign-in's first call waits for the test: its progress stays on screen until then.
    const account = holdRequests(shared.proxy.fetch, ['account'])
    renderWithProxy(<LoginButton />, {
      ...shared,
      oauthWindow: page,
      oauthMode: 'redirect',
      fetch: account.fetch,
    })

    // The dialog itself from the first frame (no loading pill), titled for what is happening.
    const dialog = await screen.findByRole('dialog', { name: 'Continue with Google' })
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent('Signing you in…')
    account.release()
    await expectSignedIn({ openedByButton: false })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('given closeOnSignIn={false}, the return ends on the signed-in view, and Done does not open it again', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveFor(shared, 'Google'), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: callbackUrl })
    const { user } = renderWithProxy(<LoginButton closeOnSignIn={false} />, {
      ...shared,
      oauthWindow: page,
      oauthMode: 'redirect',
    })
    const dialog = await screen.findByRole('dialog', { name: /^(Continue with Google|Your account)$/ })
    expect(await within(dialog).findByRole('heading', { name: 'Signed in as ada@example.com' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument()
  })

  it('given a tampered state, it refuses the answer with a message and no session', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveFor(shared, 'Google'), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: withState(callbackUrl, 'Z'.repeat(43)) })
    const { kit } = renderWithProxy(<LoginButton />, { ...shared, oauthWindow: page })

    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.OAUTH_STATE_MISMATCH)
    expect(kit.session.getSnapshot().status).toBe('signedOut')
    expect(page.location.href).toBe('https://app.test/login')
  })
})
