import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { createMockAuthProxy, type MockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { fakePasskeyBrowser } from '../../react/test/fakePasskeyBrowser'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { en } from '../locales/en'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

const PASSKEY_NAME = 'Ada Lovelace'

/**
 * The modal on the mock, its page's first signup_v2 answer lost: after the mock processed it (the account
 * exists) or before (it does not), as a dropped connection does.
 */
function renderLosingSignup(loss: 'before' | 'after') {
  const browser = fakePasskeyBrowser()
  const proxy = createMockAuthProxy({ strictFields: true })
  let signups = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const headers = new Headers(request.headers)
    headers.set('Origin', browser.origin)
    const first = new URL(request.url).pathname === '/v1/signup_v2' && ++signups === 1
    if (first && loss === 'before') throw new TypeError('fetch failed')
    const answer = await proxy.handle(new Request(request, { headers }))
    if (first) throw new TypeError('fetch failed')
    return answer
  }
  return { browser, ...renderWithProxy(<LoginButton />, { webauthn: browser.webauthn, proxy, fetch }) }
}

async function signUpWithPasskey(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
  await user.click(await within(dialog).findByRole('button', { name: 'Create one' }))
  await user.type(await within(dialog).findByRole('textbox', { name: 'Name for this passkey' }), PASSKEY_NAME)
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
  return dialog
}

function accounts(proxy: MockAuthProxy): string[] {
  return Object.values(proxy.state.users).map((account) => account.organizationId)
}

describe('LoginModal, a passkey sign-up that failed after the passkey was made', () => {
  it('offers to sign in with the passkey just created (not a new sign-up), which signs in to the one account', async () => {
    const { user, proxy, browser, kit } = renderLosingSignup('after')
    const dialog = await signUpWithPasskey(user)

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.PASSKEY_SIGNUP_INCOMPLETE)
    const recover = within(dialog).getByRole('button', { name: en.signInWithNewPasskey })
    await waitFor(() => expect(recover).toHaveFocus())
    expect(within(dialog).getByRole('button', { name: en.startOver })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    await expectNoAxeViolations(dialog)
    expect(accounts(proxy)).toHaveLength(1)

    await user.click(recover)
    await expectSignedIn()
    expect(browser.prompts).toEqual(['create', 'get'])
    expect(accounts(proxy)).toEqual([kit.session.getSnapshot().session?.organizationId])
    expect(browser.device.credentials).toHaveLength(1)
  })

  it('given no account behind the passkey, the recovery says so and offers to create the account again, which makes one', async () => {
    const { user, proxy, browser } = renderLosingSignup('before')
    const dialog = await signUpWithPasskey(user)
    await user.click(await within(dialog).findByRole('button', { name: en.signInWithNewPasskey }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.passkeyWithoutAccount)
    const again = within(dialog).getByRole('button', { name: en.createAccountAgain })
    await waitFor(() => expect(again).toHaveFocus())
    expect(within(dialog).queryByRole('button', { name: en.signInWithNewPasskey })).not.toBeInTheDocument()
    await expectNoAxeViolations(dialog)
    expect(accounts(proxy)).toEqual([])

    await user.click(again)
    // The name step again, with the name typed before.
    expect(await within(dialog).findByRole('textbox', { name: 'Name for this passkey' })).toHaveValue(PASSKEY_NAME)
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await expectSignedIn()
    expect(browser.prompts).toEqual(['create', 'get', 'create'])
    expect(accounts(proxy)).toHaveLength(1)
  })

  it('Start over goes back to the passkey buttons; the plain "Sign in with a passkey" with that passkey then says it has no account', async () => {
    const { user } = renderLosingSignup('before')
    const dialog = await signUpWithPasskey(user)
    await user.click(await within(dialog).findByRole('button', { name: en.startOver }))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    const signIn = within(dialog).getByRole('button', { name: 'Sign in with a passkey' })
    await waitFor(() => expect(signIn).toHaveFocus())

    await user.click(signIn)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.passkeyWithoutAccount)
    expect(within(dialog).getByRole('button', { name: en.createAccountAgain })).toBeInTheDocument()
  })

  it('given the person closes the recovery prompt, the recovery is still the way offered', async () => {
    const { user, browser, proxy } = renderLosingSignup('after')
    const dialog = await signUpWithPasskey(user)
    browser.cancelNextPrompt()
    await user.click(await within(dialog).findByRole('button', { name: en.signInWithNewPasskey }))

    expect(await within(dialog).findByText(en.passkeyCancelled)).toBeInTheDocument()
    const recover = within(dialog).getByRole('button', { name: en.signInWithNewPasskey })
    await waitFor(() => expect(recover).toHaveFocus())
    await user.click(recover)
    await expectSignedIn()
    expect(browser.prompts).toEqual(['create', 'get', 'get'])
    expect(accounts(proxy)).toHaveLength(1)
  })
})
