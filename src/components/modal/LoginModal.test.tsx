import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../core'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { createMockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { holdRequests } from '../../react/test/holdRequests'
import { latestCode, renderWithProxy, wrongCode } from '../../react/test/renderWithProxy'
import { wholeText } from '../../react/test/wholeText'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

async function openModal(user: UserEvent, title = 'Log in or sign up'): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  return screen.findByRole('dialog', { name: title })
}

async function requestCode(user: UserEvent, email: string): Promise<HTMLElement> {
  const dialog = await openModal(user)
  await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), email)
  await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
  await within(dialog).findByText(wholeText(`We sent a code to ${email}`))
  return dialog
}

describe('LoginModal', () => {
  it('given a closed modal, after clicking Log in, it focuses the email field', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user)
    const email = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await waitFor(() => expect(email).toHaveFocus())
    expect(dialog).toHaveAttribute('aria-modal', 'true')
  })

  it('signs a new user up and a returning user in through the modal, against the mock', async () => {
    // With "Your account" after the sign-in, as closeOnSignIn={false} asks.
    const { user, proxy, requests } = renderWithProxy(<LoginButton closeOnSignIn={false} />)
    const email = 'ada@example.com'
    let dialog = await requestCode(user, email)
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
    expect(codeField).toHaveFocus()

    await user.type(codeField, latestCode(proxy, email))
    // "Your account": the person by the email they used, and their wallet's addresses.
    expect(await within(dialog).findByRole('heading', { name: `Signed in as ${email}` })).toHaveFocus()
    expect(dialog).toHaveAccessibleName('Your account')
    expect(within(dialog).getByText('Signed in with email')).toBeInTheDocument()
    const [wallet] = Object.values(proxy.state.organizations).flatMap((organization) => organization.wallets)
    const ethereum = wallet?.accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')?.address
    expect(ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await within(dialog).findByTitle(String(ethereum))).toHaveTextContent(
      `${ethereum?.slice(0, 6)}…${ethereum?.slice(-4)}`,
    )
    expect(within(dialog).getAllByRole('button', { name: /^Copy \w+ address$/ })).toHaveLength(2)
    expect(
      requests.slice(requests.indexOf('otp_verify_v2'), requests.indexOf('/public/v1/submit/stamp_login') + 1),
    ).toEqual(['otp_verify_v2', 'account', 'signup_v2', '/public/v1/submit/stamp_login'])
    // The view's queries, once each; no get_user: the session remembers the email used.
    expect(requests.slice(requests.indexOf('/public/v1/submit/stamp_login') + 1).sort()).toEqual([
      '/public/v1/query/list_wallet_accounts',
      '/public/v1/query/list_wallets',
    ])

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const account = screen.getByRole('button', { name: 'Account' })
    expect(account).toHaveFocus()

    // Sign out from the modal's signed-in view: the dialog closes, and focus is back on the button.
    await user.click(account)
    dialog = await screen.findByRole('dialog', { name: 'Your account' })
    await user.click(await within(dialog).findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus())

    // Log in again as the same person: the same account, the same wallet.
    requests.length = 0
    dialog = await requestCode(user, email)
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await within(dialog).findByRole('heading', { name: `Signed in as ${email}` })
    expect(requests.slice(0, requests.indexOf('/public/v1/submit/stamp_login') + 1)).toEqual([
      'otp_init_v2',
      'otp_verify_v2',
      'account',
      '/public/v1/submit/stamp_login',
    ])
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
    expect(await within(dialog).findByTitle(String(ethereum))).toBeInTheDocument()
  })

  it('given an invalid email, it shows an error on the field and sends nothing', async () => {
    const { user, requests } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user)
    const email = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await user.type(email, 'ada@example')
    const before = requests.length
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))

    expect(within(dialog).getByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.INVALID_EMAIL)
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(DEFAULT_USER_MESSAGES.INVALID_EMAIL)
    expect(email).toHaveFocus()
    expect(requests.slice(before)).toEqual([])
    await expectNoAxeViolations(dialog)

    await user.type(email, '.com')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('given a long address, the code step and Your account show it in two parts, a line ending only before the @, and the whole on hover and for screen readers', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton closeOnSignIn={false} />)
    const email = 'maximilian.alexander.featherstonehaugh@northwind-traders.com'
    const dialog = await requestCode(user, email)
    // The local part and @domain, each on one line, cut with an ellipsis if longer than one (styles.css).
    const sentTo = within(dialog).getByTitle(email)
    expect(Array.from(sentTo.children, (part) => part.textContent)).toEqual([
      'maximilian.alexander.featherstonehaugh',
      '@northwind-traders.com',
    ])
    // Only drawn in parts: the text is the whole address, in its sentence.
    expect(within(dialog).getByText(wholeText(`We sent a code to ${email}`))).toContainElement(sentTo)

    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    const heading = await within(dialog).findByRole('heading', { name: `Signed in as ${email}` })
    expect(Array.from(within(heading).getByTitle(email).children, (part) => part.textContent)).toEqual([
      'maximilian.alexander.featherstonehaugh',
      '@northwind-traders.com',
    ])
  })

  it('while the code is being sent, it disables the button and says so', async () => {
    // The code's request waits for the test: the sending state stays on screen until then.
    const proxy = createMockAuthProxy({ strictFields: true })
    const otpInit = holdRequests(proxy.fetch, ['otp_init_v2'])
    const { user } = renderWithProxy(<LoginButton />, { proxy, fetch: otpInit.fetch })
    const dialog = await openModal(user)
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'slow@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))

    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending code…')
    expect(within(dialog).getByRole('button', { name: 'Continue with email' })).toBeDisabled()
    otpInit.release()
    expect(await within(dialog).findByText(wholeText('We sent a code to slow@example.com'))).toBeInTheDocument()
  })

  it('given a wrong code, it shows the message in an alert, and the right code then works', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />)
    const email = 'typo@example.com'
    const dialog = await requestCode(user, email)
    const code = latestCode(proxy, email)
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })

    await user.type(codeField, wrongCode(code))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(DEFAULT_USER_MESSAGES.OTP_CODE_INVALID)
    expect(codeField).toHaveAttribute('aria-invalid', 'true')
    expect(codeField).toHaveAccessibleDescription(expect.stringContaining(DEFAULT_USER_MESSAGES.OTP_CODE_INVALID))

    await user.clear(codeField)
    await user.type(codeField, code)
    await expectSignedIn()
  })

  it('given an incomplete code, Verify says what is missing and sends nothing', async () => {
    const { user, requests } = renderWithProxy(<LoginButton />)
    const dialog = await requestCode(user, 'short@example.com')
    const before = requests.length
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '12')
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.OTP_CODE_FORMAT)
    expect(requests.slice(before)).toEqual([])
  })

  it('given a code burnt by five wrong tries, it offers a new code, which then works', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />)
    const email = 'burnt@example.com'
    const dialog = await requestCode(user, email)
    const first = latestCode(proxy, email)
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })
    // Five different wrong codes: the same one again would not be sent (its try is spent already).
    const wrongs = [...'0123456789'].filter((digit) => digit !== first[0]).map((digit) => digit + first.slice(1))
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await user.clear(codeField)
      await user.type(codeField, wrongs[attempt] as string)
      await within(dialog).findByText(new RegExp(`${4 - attempt} attempts? left`))
      // The refused code still in the field: Verify waits for another.
      expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeDisabled()
    }
    await user.clear(codeField)
    await user.type(codeField, wrongs[4] as string)
    expect(await within(dialog).findByText(DEFAULT_USER_MESSAGES.OTP_ATTEMPTS_EXCEEDED)).toBeInTheDocument()
    // A dead code: one action, the new code; Verify has stepped back.
    expect(within(dialog).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument()

    // No cooldown for a dead code: there is nothing to wait for.
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }))
    await waitFor(() => expect(proxy.outbox(email)).toHaveLength(2))
    expect(await within(dialog).findByText('We sent a new code. Use the newest one.')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await expectSignedIn()
  })

  it('given a code that expired, it says so and offers a new code', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { user, proxy } = renderWithProxy(<LoginButton />, { now, mock: { now } })
    const email = 'late@example.com'
    const dialog = await requestCode(user, email)
    // One countdown at a time: first the wait before another code may be asked for...
    const resend = within(dialog).getByRole('button', { name: 'Resend code' })
    expect(resend).toHaveAccessibleDescription('in 0:30')
    expect(within(dialog).queryByText(/The code expires in/)).not.toBeInTheDocument()
    clock += 60_000
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeEnabled())
    expect(within(dialog).queryByText(/in \d:\d\d/)).not.toBeInTheDocument()
    // ...then, in its last minute, the code's end, alone.
    clock += 3 * 60 * 1000 + 1000
    expect(await within(dialog).findByText('The code expires in 0:59.')).toBeInTheDocument()
    expect(within(dialog).queryByText('in 0:30')).not.toBeInTheDocument()

    clock += 60 * 1000
    const again = await within(dialog).findByRole('button', { name: 'Send a new code' })
    expect(within(dialog).getByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.OTP_EXPIRED)
    await user.click(again)
    await waitFor(() => expect(proxy.outbox(email)).toHaveLength(2))
    await user.type(await within(dialog).findByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await expectSignedIn()
  })

  it("given the tenant's codes die sooner than the kit's 5 minutes, the proxy's answer says the code expired and offers a new one", async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { user, proxy } = renderWithProxy(<LoginButton />, {
      now,
      mock: { now, tenants: [{ configId: 'demo', organizationId: 'org', otpExpirationSeconds: 60 }] },
    })
    const email = 'short@example.com'
    const dialog = await requestCode(user, email)
    clock += 61_000
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    const again = await within(dialog).findByRole('button', { name: 'Send a new code' })
    expect(within(dialog).getByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.OTP_EXPIRED)
    await user.click(again)
    await waitFor(() => expect(proxy.outbox(email)).toHaveLength(2))
    await user.type(await within(dialog).findByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await expectSignedIn()
  })

  it('given a tenant with 8-digit codes, the code field asks for 8 digits on a number keyboard, and they sign in', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />, {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', otpLength: 8, otpAlphanumeric: false }] },
    })
    const email = 'digits@example.com'
    const dialog = await requestCode(user, email)
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })
    expect(codeField).toHaveAttribute('maxlength', '8')
    expect(codeField).toHaveAttribute('inputmode', 'numeric')
    const code = latestCode(proxy, email)
    expect(code).toMatch(/^\d{8}$/)
    // Seven digits are not a code yet: nothing is sent.
    await user.type(codeField, code.slice(0, 7))
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))
    expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toHaveAccessibleDescription(
      expect.stringContaining(DEFAULT_USER_MESSAGES.OTP_CODE_FORMAT),
    )
    await user.type(codeField, code.slice(7))
    await expectSignedIn()
  })

  it('given a code just sent, Resend code waits out its cooldown, then sends a new code', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { user, proxy } = renderWithProxy(<LoginButton />, { now, mock: { now } })
    const email = 'again@example.com'
    const dialog = await requestCode(user, email)
    const resend = within(dialog).getByRole('button', { name: 'Resend code' })
    expect(resend).toBeDisabled()
    expect(resend).toHaveAccessibleDescription('in 0:30')

    clock += 12_000
    await waitFor(() => expect(resend).toHaveAccessibleDescription('in 0:18'))
    clock += 18_000
    await waitFor(() => expect(resend).toBeEnabled())
    await user.click(resend)
    await waitFor(() => expect(proxy.outbox(email)).toHaveLength(2))
    expect(await within(dialog).findByText('We sent a new code. Use the newest one.')).toBeInTheDocument()
    // The new code is bound to the same key as the first one.
    const otps = Object.values(proxy.state.otps)
    expect(otps).toHaveLength(2)
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeDisabled()

    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await expectSignedIn()
  })

  it('given a pasted code with spaces, a dash and look-alikes, it normalizes it and signs in', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />)
    const email = 'paste@example.com'
    const dialog = await requestCode(user, email)
    const code = latestCode(proxy, email)
    const messy = code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l')
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })
    await user.click(codeField)
    await user.paste(` ${messy.slice(0, 3)} - ${messy.slice(3)} `)
    expect(codeField).toHaveValue(code)
    await expectSignedIn()
  })

  it('given the defaults, the modal closes by itself once signed in, focus back on Account, and opens on Your account', async () => {
    const { user, proxy, kit, requests } = renderWithProxy(<LoginButton />)
    const dialog = await requestCode(user, 'ada@example.com')
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Verification code' }),
      latestCode(proxy, 'ada@example.com'),
    )
    await expectSignedIn()
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    // "Your account" was never mounted on the way out: its wallet was not asked for.
    expect(requests.filter((path) => path.includes('list_wallet'))).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Account' }))
    const account = await screen.findByRole('dialog', { name: 'Your account' })
    expect(await within(account).findByRole('heading', { name: 'Signed in as ada@example.com' })).toBeInTheDocument()
  })

  it('given a code step, titled for it, its back arrow (Use a different email) goes back to the email, kept for correction', async () => {
    const { user, kit } = renderWithProxy(<LoginButton />)
    const dialog = await requestCode(user, 'wrong@example.com')
    expect(await kit.keyStore.list()).toHaveLength(1)
    expect(dialog).toHaveAccessibleName('Check your email')
    const back = within(dialog).getByRole('button', { name: 'Use a different email' })
    // In the title row, before the title: not a link under the form.
    expect(back.closest('header')).toContainElement(within(dialog).getByRole('heading', { name: 'Check your email' }))
    await user.click(back)
    expect(dialog).toHaveAccessibleName('Log in or sign up')
    const email = await within(dialog).findByRole('textbox', { name: 'Email address' })
    expect(email).toHaveValue('wrong@example.com')
    await waitFor(() => expect(email).toHaveFocus())
  })

  it('given the way back from a code step, the same email returns to the code sent, with nothing asked again, and another email gets a new code for the same key', async () => {
    const { user, kit, proxy, requests } = renderWithProxy(<LoginButton />)
    const dialog = await requestCode(user, 'ada@example.com')
    const [key] = await kit.keyStore.list()
    const first = latestCode(proxy, 'ada@example.com')
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), wrongCode(first))
    await within(dialog).findByText(/That code is not right/)
    await user.click(within(dialog).getByRole('button', { name: 'Use a different email' }))

    // The same address again: the code step as it was left (the wrong code still refused), no otp_init.
    requests.length = 0
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with email' }))
    await within(dialog).findByText(wholeText('We sent a code to ada@example.com'))
    expect(requests).toEqual([])
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), wrongCode(first))
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeDisabled()
    expect(requests).toEqual([])

    // Another address: a new code, with the key made for the first.
    await user.click(within(dialog).getByRole('button', { name: 'Use a different email' }))
    const field = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await user.clear(field)
    await user.type(field, 'grace@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    await within(dialog).findByText(wholeText('We sent a code to grace@example.com'))
    expect(requests.filter((path) => path.startsWith('otp_init'))).toHaveLength(1)
    expect(await kit.keyStore.list()).toEqual([key])
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Verification code' }),
      latestCode(proxy, 'grace@example.com'),
    )
    await expectSignedIn()
  })

  it('given an open modal, Escape closes it and focus returns to Log in', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user)
    await within(dialog).findByRole('textbox', { name: 'Email address' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus()
  })

  it('given an open modal, a click on the backdrop closes it', async () => {
    const { user, baseElement } = renderWithProxy(<LoginButton />)
    await openModal(user)
    const backdrop = baseElement.querySelector('.apk-backdrop')
    if (!backdrop) throw new Error('no backdrop')
    await user.click(backdrop)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus()
  })

  it('given an open modal, Tab and Shift+Tab stay inside it, and the page behind is hidden', async () => {
    const { user, container } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user)
    const email = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await waitFor(() => expect(email).toHaveFocus())
    expect(container).toHaveAttribute('aria-hidden', 'true')
    expect(container).toHaveAttribute('inert')

    const close = within(dialog).getByRole('button', { name: 'Close' })
    const submit = within(dialog).getByRole('button', { name: 'Continue with email' })
    const phone = within(dialog).getByRole('button', { name: 'Continue with phone' })
    const google = within(dialog).getByRole('button', { name: 'Continue with Google' })
    const apple = within(dialog).getByRole('button', { name: 'Continue with Apple' })
    await user.tab()
    expect(submit).toHaveFocus()
    await user.tab()
    expect(phone).toHaveFocus()
    await user.tab()
    expect(google).toHaveFocus()
    await user.tab()
    expect(apple).toHaveFocus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab({ shift: true })
    expect(apple).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(email).toHaveFocus()

    await user.click(close)
    expect(container).not.toHaveAttribute('aria-hidden')
    expect(container).not.toHaveAttribute('inert')
  })

  it('given the config fails to load, it says so and Try again loads it', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />, {
      mock: { failures: { wallet_kit_config: { code: 13, message: 'config store down' } } },
    })
    const dialog = await openModal(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.PROXY_ERROR)

    proxy.setFailure('wallet_kit_config', null)
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
  })

  it('while the config loads, it shows progress', async () => {
    // The config waits for the test: its progress stays on screen until then.
    const proxy = createMockAuthProxy({ strictFields: true })
    const config = holdRequests(proxy.fetch, ['wallet_kit_config'])
    const { user } = renderWithProxy(<LoginButton />, { proxy, fetch: config.fetch })
    const dialog = await openModal(user)
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading sign-in options…')
    config.release()
    expect(await within(dialog).findByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
  })

  it('given a tenant with no method this version can offer, it says so', async () => {
    const { user } = renderWithProxy(<LoginButton />, {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['wallet'] }] },
    })
    const dialog = await openModal(user)
    expect(await within(dialog).findByText(/No sign-in method is available/)).toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()
  })

  it('given the app leaves email out of `methods`, it does not offer it', async () => {
    const { user } = renderWithProxy(<LoginButton />, { methods: ['google'] })
    const dialog = await openModal(user)
    expect(await within(dialog).findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument()
    expect(within(dialog).queryByText('or')).not.toBeInTheDocument()
  })

  it('given a code step and a reload of the tab, it comes back to the code step', async () => {
    const flowStorage = memoryStorage()
    const first = renderWithProxy(<LoginButton />, { flowStorage })
    const email = 'reload@example.com'
    await requestCode(first.user, email)
    const code = latestCode(first.proxy, email)
    first.unmount()

    // Same mock, key store, and tab storage: what survives a reload.
    const second = renderWithProxy(<LoginButton />, { proxy: first.proxy, keyStore: first.kit.keyStore, flowStorage })
    const dialog = await openModal(second.user, 'Check your email')
    expect(await within(dialog).findByText(wholeText(`We sent a code to ${email}`))).toBeInTheDocument()
    await second.user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), code)
    await expectSignedIn()
  })

  it('given labels and a theme, it uses them', async () => {
    const { user, baseElement } = renderWithProxy(
      <LoginButton theme="dark" labels={{ logIn: 'Sign in', dialogTitle: 'Welcome', emailLabel: 'Your email' }} />,
    )
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' })
    expect(await within(dialog).findByRole('textbox', { name: 'Your email' })).toBeInTheDocument()
    expect(baseElement.querySelector('.apk-overlay')).toHaveAttribute('data-apk-theme', 'dark')
  })

  it('works the same under StrictMode', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />, { strict: true })
    const dialog = await requestCode(user, 'strict@example.com')
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Verification code' }),
      latestCode(proxy, 'strict@example.com'),
    )
    await expectSignedIn()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus()
  })

  it('given methods, shows those the tenant enables in that order, under the given title', async () => {
    // The demo tenant enables email, SMS, Google, Apple and passkeys, not Discord.
    const { user } = renderWithProxy(<LoginButton methods={['apple', 'discord', 'email']} title="Welcome back" />)
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' })
    await within(dialog).findByRole('button', { name: 'Continue with Apple' })
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((name) => name !== 'Close')
    expect(names).toEqual(['Continue with Apple', 'Continue with email'])
  })
})
