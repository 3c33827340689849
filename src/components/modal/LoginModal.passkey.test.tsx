import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { completeEmailOtp, startEmailOtp, type Kit } from '../../core'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import type { MockAuthProxy } from '../../mock'
import { createSoftAuthenticator } from '../../mock/testing/softAuthenticator'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { fakePasskeyBrowser, type FakePasskeyBrowser } from '../../react/test/fakePasskeyBrowser'
import { latestCode, renderWithProxy, type TestProvidersOptions } from '../../react/test/renderWithProxy'
import { en } from '../locales/en'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

const PASSKEY_NAME = 'Ada Lovelace'

function renderWithPasskeys(browser: FakePasskeyBrowser, options: TestProvidersOptions = {}) {
  return renderWithProxy(<LoginButton />, { webauthn: browser.webauthn, origin: browser.origin, ...options })
}

async function openModal(user: UserEvent, buttonName = 'Log in'): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: buttonName }))
  return screen.findByRole('dialog', { name: buttonName === 'Account' ? 'Your account' : 'Log in or sign up' })
}

/** Create a passkey → the name step → Continue: the prompt opens. */
async function createPasskey(user: UserEvent, dialog: HTMLElement, name = PASSKEY_NAME): Promise<void> {
  await user.click(await within(dialog).findByRole('button', { name: 'Create one' }))
  const field = await within(dialog).findByRole('textbox', { name: 'Name for this passkey' })
  await user.clear(field)
  await user.type(field, name)
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
}

async function signInByEmail(kit: Kit, proxy: MockAuthProxy, email = 'ada@example.com') {
  const challenge = await startEmailOtp(kit, { email })
  return completeEmailOtp(kit, { challenge, code: latestCode(proxy, email) })
}

/** The live region that holds `text` (the signed-in view has two: the passkey's and signing out's). */
async function statusSaying(dialog: HTMLElement, text: string): Promise<HTMLElement> {
  const element = await within(dialog).findByText(text)
  expect(element.closest('[role="status"]')).not.toBeNull()
  return element
}

describe('LoginModal, passkeys', () => {
  it('given a tenant with passkeys, it offers to sign in with one or create one, after the social buttons', async () => {
    const { user } = renderWithPasskeys(fakePasskeyBrowser())
    const dialog = await openModal(user)
    await within(dialog).findByRole('button', { name: 'Sign in with a passkey' })
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(names).toEqual([
      'Close',
      'Continue with email',
      'Continue with phone',
      'Continue with Google',
      'Continue with Apple',
      'Sign in with a passkey',
      'Create one',
    ])
    // "Create one" says what it makes in its description: the sentence it stands in.
    expect(within(dialog).getByRole('button', { name: 'Create one' })).toHaveAccessibleDescription('No passkey yet?')
    expect(within(dialog).getAllByText('or')).toHaveLength(1)
  })

  it('given Create a passkey, it asks for its name, waits for the prompt, signs the person up with no email, and a sign-out later the passkey signs them in again', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy, kit, requests } = renderWithPasskeys(browser)
    let dialog = await openModal(user)
    const release = browser.holdNextPrompt()
    await user.click(await within(dialog).findByRole('button', { name: 'Create one' }))
    // The name step: nothing typed before, so an empty field, focused; nothing sent yet.
    const field = await within(dialog).findByRole('textbox', { name: 'Name for this passkey' })
    await waitFor(() => expect(field).toHaveFocus())
    expect(field).toHaveValue('')
    expect(within(dialog).getByRole('heading', { name: 'Create a passkey' })).toBeInTheDocument()
    expect(browser.prompts).toEqual([])
    await user.type(field, PASSKEY_NAME)
    await user.keyboard('{Enter}')

    const waiting = await within(dialog).findByRole('status')
    expect(waiting).toHaveTextContent('Waiting for your passkey…')
    await waitFor(() => expect(waiting).toHaveFocus())
    expect(within(dialog).getByText('Follow the prompt from your browser or device.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Create one' })).not.toBeInTheDocument()

    release()
    await expectSignedIn()
    dialog = await openModal(user, 'Account')
    expect(within(dialog).getByText('Signed in with a passkey')).toBeInTheDocument()
    const [account] = Object.values(proxy.state.users)
    expect(account?.email).toBeUndefined()
    expect(account?.userName).toBe(PASSKEY_NAME)
    expect(account?.authenticators.map((passkey) => passkey.authenticatorName)).toEqual([PASSKEY_NAME])
    expect(await kit.keyStore.list()).toHaveLength(1)
    // The email step on show asked whether the tenant has a captcha (once per kit): no part of the passkey's.
    const passkeyRequests = requests.filter((request) => request !== 'wallet_kit_client_params')
    expect(passkeyRequests.slice(0, 3)).toEqual(['wallet_kit_config', 'signup_v2', '/public/v1/submit/stamp_login'])

    // Sign out closes the dialog; the passkey alone signs the person in again, to the same account.
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    dialog = await openModal(user)
    requests.length = 0
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in with a passkey' }))
    await expectSignedIn()
    expect(kit.session.getSnapshot().session?.userId).toBe(account?.userId)
    expect(browser.prompts).toEqual(['create', 'get'])
    expect(requests[0]).toBe('/public/v1/submit/stamp_login')

    dialog = await openModal(user, 'Account')
    expect(await within(dialog).findByRole('heading', { name: `Signed in as ${PASSKEY_NAME}` })).toBeInTheDocument()
  })

  it('given an email typed first, the name step starts from it; Other ways to sign in goes back with nothing created', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy } = renderWithPasskeys(browser)
    const dialog = await openModal(user)
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'ada@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Create one' }))
    expect(await within(dialog).findByRole('textbox', { name: 'Name for this passkey' })).toHaveValue('ada@example.com')
    // The title says the step; the way back is in the title row, before the title.
    expect(dialog).toHaveAccessibleName('Create a passkey')
    const back = within(dialog).getByRole('button', { name: 'Other ways to sign in' })
    const title = within(dialog).getByRole('heading', { name: 'Create a passkey' })
    expect(back.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    await user.click(back)
    expect(dialog).toHaveAccessibleName('Log in or sign up')
    expect(await within(dialog).findByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.com')
    expect(within(dialog).getByRole('button', { name: 'Create one' })).toBeInTheDocument()
    expect(browser.prompts).toEqual([])
    expect(Object.keys(proxy.state.users)).toEqual([])
  })

  it('given the app names passkeys (passkeyName), Create a passkey opens the prompt at once with that name', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy } = renderWithProxy(<LoginButton />, {
      webauthn: browser.webauthn,
      origin: browser.origin,
      passkeyName: 'grace@example.com',
    })
    const dialog = await openModal(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Create one' }))
    await expectSignedIn()
    expect(within(dialog).queryByRole('textbox', { name: 'Name for this passkey' })).not.toBeInTheDocument()
    expect(Object.values(proxy.state.users)[0]?.userName).toBe('grace@example.com')
  })

  it('given the person closes the prompt of Create a passkey, it says so calmly and puts focus back, with no account, key or session', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy, kit } = renderWithPasskeys(browser)
    const dialog = await openModal(user)
    browser.cancelNextPrompt()
    await createPasskey(user, dialog)

    const message = await within(dialog).findByText('Passkey request was cancelled.')
    expect(message).toHaveAttribute('role', 'status')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create one' })).toHaveFocus())
    expect(Object.keys(proxy.state.users)).toEqual([])
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('given the person closes the prompt of Sign in with a passkey, the key made for the session is deleted', async () => {
    const browser = fakePasskeyBrowser()
    const { user, kit } = renderWithPasskeys(browser)
    const dialog = await openModal(user)
    browser.cancelNextPrompt()
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await within(dialog).findByText('Passkey request was cancelled.')).toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sign in with a passkey' })).toHaveFocus())
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('given a passkey this proxy does not know, it says so, and Try again opens the prompt again', async () => {
    const stranger = createSoftAuthenticator({ origin: globalThis.location.origin })
    await stranger.register()
    const browser = fakePasskeyBrowser({ device: stranger })
    const { user, kit } = renderWithPasskeys(browser)
    const dialog = await openModal(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in with a passkey' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/This passkey is not registered here/)
    const retry = within(dialog).getByRole('button', { name: 'Try again' })
    await waitFor(() => expect(retry).toHaveFocus())
    expect(within(dialog).getByRole('button', { name: 'Create one' })).toBeInTheDocument()
    expect(await kit.keyStore.list()).toEqual([])

    await user.click(retry)
    await waitFor(() => expect(browser.prompts).toEqual(['get', 'get']))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/This passkey is not registered here/)
  })

  // The passkey exists once the prompt answered: a failed sign-up is recovered by logging in with it (see
  // LoginModal.passkeyRecovery.test.tsx), never by a second sign-up that could make a second account.
  it('given the proxy fails the sign-up, it offers the passkey just made; without an account, it offers to create it again', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy } = renderWithPasskeys(browser, { mock: { failures: { signup_v2: { code: 13 } } } })
    const dialog = await openModal(user)
    await createPasskey(user, dialog)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.PASSKEY_SIGNUP_INCOMPLETE)

    proxy.setFailure('signup_v2', null)
    await user.click(within(dialog).getByRole('button', { name: en.signInWithNewPasskey }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.passkeyWithoutAccount)
    await user.click(within(dialog).getByRole('button', { name: en.createAccountAgain }))
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }))
    await expectSignedIn()
    expect(browser.prompts).toEqual(['create', 'get', 'create'])
    // The retry keeps the name given in the step.
    expect(Object.values(proxy.state.users).map((account) => account.userName)).toEqual([PASSKEY_NAME])
  })

  it('given a browser without WebAuthn (jsdom has no PublicKeyCredential), it says passkeys cannot be used here, with no button', async () => {
    expect('PublicKeyCredential' in window).toBe(false)
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user)
    expect(await within(dialog).findByText(en.passkeysUnsupported)).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /passkey/ })).not.toBeInTheDocument()
  })

  it('given a tenant with passkeys alone, it offers them with no separator', async () => {
    const { user } = renderWithPasskeys(fakePasskeyBrowser(), {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['passkey'] }] },
    })
    const dialog = await openModal(user)
    expect(await within(dialog).findByRole('button', { name: 'Create one' })).toBeInTheDocument()
    expect(within(dialog).queryByText('or')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()
  })

  it('given the app puts passkeys first in `methods`, they come before the email form', async () => {
    const { user } = renderWithPasskeys(fakePasskeyBrowser(), { methods: ['passkey', 'email'] })
    const dialog = await openModal(user)
    await within(dialog).findByRole('button', { name: 'Sign in with a passkey' })
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(names).toEqual(['Close', 'Sign in with a passkey', 'Create one', 'Continue with email'])
  })
})

describe('LoginModal, signed-in view, Add a passkey', () => {
  it('adds a passkey to a signed-in email user, who can then sign in with it alone', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy, kit } = renderWithPasskeys(browser)
    const { session } = await signInByEmail(kit, proxy)
    const dialog = await openModal(user, 'Account')
    const release = browser.holdNextPrompt()
    const add = await within(dialog).findByRole('button', { name: 'Add a passkey' })
    await user.click(add)
    await statusSaying(dialog, 'Waiting for your passkey…')

    release()
    await statusSaying(dialog, 'Passkey added. Next time, you can sign in with it.')
    expect(add).toHaveFocus()
    // Named after the person, never a date or an id.
    expect(proxy.state.users[session.userId]?.authenticators.map((passkey) => passkey.authenticatorName)).toEqual([
      'ada@example.com',
    ])

    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const again = await openModal(user)
    await user.click(await within(again).findByRole('button', { name: 'Sign in with a passkey' }))
    await expectSignedIn()
    expect(kit.session.getSnapshot().session).toMatchObject({
      userId: session.userId,
      organizationId: session.organizationId,
    })
  })

  it('given the person closes the prompt, it says so and adds nothing', async () => {
    const browser = fakePasskeyBrowser()
    const { user, proxy, kit } = renderWithPasskeys(browser)
    const { session } = await signInByEmail(kit, proxy)
    const dialog = await openModal(user, 'Account')
    browser.cancelNextPrompt()
    await user.click(await within(dialog).findByRole('button', { name: 'Add a passkey' }))
    await statusSaying(dialog, 'Passkey request was cancelled.')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument()
    expect(proxy.state.users[session.userId]?.authenticators).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('given a passkey the proxy refuses (made for another site), it says so, and Try again prompts again', async () => {
    // The authenticator answers for evil.test while the page is on this origin: the attestation cannot verify.
    const browser = fakePasskeyBrowser({ device: createSoftAuthenticator({ origin: 'https://evil.test' }) })
    const { user, proxy, kit } = renderWithPasskeys(browser)
    const { session } = await signInByEmail(kit, proxy)
    const dialog = await openModal(user, 'Account')
    await user.click(await within(dialog).findByRole('button', { name: 'Add a passkey' }))
    // The mock answers an attestation that does not verify with code 16, which the kit reads as STAMP_REFUSED.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.STAMP_REFUSED)
    await expectNoAxeViolations(dialog)
    expect(proxy.state.users[session.userId]?.authenticators).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(browser.prompts).toEqual(['create', 'create']))
  })

  it('is not offered when the tenant has no passkeys, nor in a browser without WebAuthn', async () => {
    const noPasskeys = renderWithPasskeys(fakePasskeyBrowser(), {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['email'] }] },
    })
    await signInByEmail(noPasskeys.kit, noPasskeys.proxy)
    let dialog = await openModal(noPasskeys.user, 'Account')
    await within(dialog).findByRole('heading', { name: /^Signed in as / })
    expect(within(dialog).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument()
    noPasskeys.unmount()

    const noWebAuthn = renderWithProxy(<LoginButton />)
    await signInByEmail(noWebAuthn.kit, noWebAuthn.proxy)
    dialog = await openModal(noWebAuthn.user, 'Account')
    await within(dialog).findByRole('heading', { name: /^Signed in as / })
    expect(within(dialog).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument()
  })
})
