import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { memoryStorage, startEmailOtp, startSmsOtp } from '../../core'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { createMockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { holdRequests } from '../../react/test/holdRequests'
import { latestCode, renderWithProxy, wrongCode } from '../../react/test/renderWithProxy'
import { wholeText } from '../../react/test/wholeText'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

const PHONE = '+447700900123'
/** PHONE as the code step and "Your account" show it: grouped as libphonenumber's international format. */
const PHONE_SHOWN = '+44 7700 900123'

async function openModal(user: UserEvent, title = 'Log in or sign up'): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  return screen.findByRole('dialog', { name: title })
}

async function openPhoneStep(user: UserEvent): Promise<HTMLElement> {
  const dialog = await openModal(user)
  await user.click(await within(dialog).findByRole('button', { name: 'Continue with phone' }))
  await within(dialog).findByRole('textbox', { name: 'Phone number' })
  return dialog
}

/** From the phone step: United Kingdom, a national number, Send code, and the code step. */
async function sendCode(user: UserEvent, dialog: HTMLElement, number = '07700 900123'): Promise<void> {
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country or region' }), 'GB')
  const field = within(dialog).getByRole('textbox', { name: 'Phone number' })
  await user.clear(field)
  await user.type(field, number)
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
  await within(dialog).findByText(wholeText(`We sent a code to ${PHONE_SHOWN}`))
}

describe('LoginModal, sign-in by SMS', () => {
  it("given the demo tenant, Continue with phone opens a phone step with the reader's country, and Other ways goes back", async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openPhoneStep(user)
    const country = within(dialog).getByRole('combobox', { name: 'Country or region' })
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' })
    // jsdom reads en-US.
    expect(country).toHaveValue('US')
    expect(within(country).getByRole('option', { name: 'United Kingdom (+44)' })).toBeInTheDocument()
    expect(phone).toHaveAttribute('type', 'tel')
    expect(phone).toHaveAttribute('autocomplete', 'tel')
    expect(phone).toHaveAccessibleDescription('We will text a code to this number.')
    await waitFor(() => expect(phone).toHaveFocus())
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Other ways to sign in' }))
    const email = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await waitFor(() => expect(email).toHaveFocus())
    expect(within(dialog).getByRole('button', { name: 'Continue with phone' })).toBeInTheDocument()
  })

  it('signs a new number up, then signs it in again into the same organization, with only the calls DESIGN.md lists', async () => {
    // Through "Your account", which names the person by their number.
    const { user, proxy, requests, kit } = renderWithProxy(<LoginButton closeOnSignIn={false} />)
    let dialog = await openPhoneStep(user)
    await sendCode(user, dialog)
    expect(proxy.outbox(PHONE)[0]).toMatchObject({ otpType: 'OTP_TYPE_SMS', contact: PHONE })
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })
    expect(codeField).toHaveFocus()
    expect(within(dialog).getByRole('button', { name: 'Use a different number' })).toBeInTheDocument()

    await user.type(codeField, latestCode(proxy, PHONE))
    // The person by the number they used.
    expect(await within(dialog).findByRole('heading', { name: `Signed in as ${PHONE_SHOWN}` })).toBeInTheDocument()
    expect(within(dialog).getByText('Signed in with phone')).toBeInTheDocument()
    const [account] = Object.values(proxy.state.users)
    expect(account).toMatchObject({ phoneNumber: PHONE })
    expect(
      requests.slice(requests.indexOf('otp_init_v2'), requests.indexOf('/public/v1/submit/stamp_login') + 1),
    ).toEqual(['otp_init_v2', 'otp_verify_v2', 'account', 'signup_v2', '/public/v1/submit/stamp_login'])

    // Sign out (the dialog closes), and come back by phone again.
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    requests.length = 0
    dialog = await openPhoneStep(user)
    await sendCode(user, dialog, '+44 7700 900123')
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, PHONE))
    await within(dialog).findByRole('heading', { name: `Signed in as ${PHONE_SHOWN}` })
    expect(requests.slice(0, requests.indexOf('/public/v1/submit/stamp_login') + 1)).toEqual([
      'otp_init_v2',
      'otp_verify_v2',
      'account',
      '/public/v1/submit/stamp_login',
    ])
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
    expect(kit.session.getSnapshot().session?.organizationId).toBe(account?.organizationId)
  })

  it('shows an example number of the chosen country in the field, grouped as the kit shows numbers', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openPhoneStep(user)
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' })
    expect(phone).toHaveAttribute('placeholder', '201 555 0123')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country or region' }), 'GB')
    expect(phone).toHaveAttribute('placeholder', '7400 123456')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country or region' }), 'FR')
    expect(phone).toHaveAttribute('placeholder', '6 12 34 56 78')
  })

  it('given a number that cannot be one, shows the error on the field and sends nothing', async () => {
    const { user, requests } = renderWithProxy(<LoginButton />)
    const dialog = await openPhoneStep(user)
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' })
    await user.type(phone, '555 0123')
    const before = requests.length
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))

    expect(within(dialog).getByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.INVALID_PHONE)
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveAccessibleDescription(
      `We will text a code to this number. ${DEFAULT_USER_MESSAGES.INVALID_PHONE}`,
    )
    expect(phone).toHaveFocus()
    expect(requests.slice(before)).toEqual([])

    await user.type(phone, '4')
    expect(phone).not.toHaveAttribute('aria-invalid')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('given a number typed with its calling code, picks its country', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const dialog = await openPhoneStep(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '+33 6 12 34 56 78')
    expect(within(dialog).getByRole('combobox', { name: 'Country or region' })).toHaveValue('FR')
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
    expect(await within(dialog).findByText(wholeText('We sent a code to +33 6 12 34 56 78'))).toBeInTheDocument()
  })

  it('while the code is being sent, it disables Send code and says so', async () => {
    // The code's request waits for the test: the sending state stays on screen until then.
    const proxy = createMockAuthProxy({ strictFields: true })
    const otpInit = holdRequests(proxy.fetch, ['otp_init_v2'])
    const { user } = renderWithProxy(<LoginButton />, { proxy, fetch: otpInit.fetch })
    const dialog = await openPhoneStep(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '+447700900123')
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending code…')
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeDisabled()
    otpInit.release()
    expect(await within(dialog).findByText(wholeText(`We sent a code to ${PHONE_SHOWN}`))).toBeInTheDocument()
  })

  it('given Use a different number, the number is kept for correction, and the same number returns to the code sent with nothing asked again', async () => {
    const { user, proxy, requests } = renderWithProxy(<LoginButton />)
    const dialog = await openPhoneStep(user)
    await sendCode(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Use a different number' }))
    const phone = await within(dialog).findByRole('textbox', { name: 'Phone number' })
    expect(phone).toHaveValue('07700 900123')
    requests.length = 0
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
    await within(dialog).findByRole('textbox', { name: 'Verification code' })
    expect(requests).toEqual([])
    expect(proxy.outbox(PHONE)).toHaveLength(1)
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, PHONE))
    await expectSignedIn()
  })

  it('given codes asked for too fast, says so and counts down to when a code may be asked for again', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { user, proxy, kit } = renderWithProxy(<LoginButton />, { now, mock: { now } })
    // A code asked for elsewhere (another tab, another device): this page knows nothing of it.
    await startSmsOtp(kit, { phoneNumber: PHONE })
    clock += 4_000
    const dialog = await openPhoneStep(user)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country or region' }), 'GB')
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '07700 900123')

    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Too many codes were asked for. Please wait before asking again.')
    expect(within(dialog).getByText('You can ask again in 0:26.')).toBeInTheDocument()
    expect(proxy.outbox(PHONE)).toHaveLength(1)

    clock += 20_000
    expect(await within(dialog).findByText('You can ask again in 0:06.')).toBeInTheDocument()
    clock += 6_000
    expect(await within(dialog).findByText('You can ask again now.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
    expect(await within(dialog).findByText(wholeText(`We sent a code to ${PHONE_SHOWN}`))).toBeInTheDocument()
    expect(proxy.outbox(PHONE)).toHaveLength(2)
  })

  it('given a resend the proxy refuses, shows when to ask again on the code step, and the code sent still works', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { user, proxy } = renderWithProxy(<LoginButton />, {
      now,
      mock: { now, otpRateLimits: { resendAfterSeconds: 90 } },
    })
    const dialog = await openPhoneStep(user)
    await sendCode(user, dialog)
    clock += 30_000
    const resend = within(dialog).getByRole('button', { name: 'Resend code' })
    await waitFor(() => expect(resend).toBeEnabled())
    await user.click(resend)

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many codes were asked for.')
    expect(within(dialog).getByText('You can ask again in 1:00.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeDisabled()
    await expectNoAxeViolations(dialog)
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, PHONE))
    await expectSignedIn()
  })

  it('given a wrong code by SMS, shows it on the shared code field', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />)
    const dialog = await openPhoneStep(user)
    await sendCode(user, dialog)
    const codeField = within(dialog).getByRole('textbox', { name: 'Verification code' })
    await user.type(codeField, wrongCode(latestCode(proxy, PHONE)))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEFAULT_USER_MESSAGES.OTP_CODE_INVALID)
    expect(codeField).toHaveAttribute('aria-invalid', 'true')
  })

  it('given a tenant with SMS only, the phone step is the whole modal, with no way back to offer', async () => {
    const { user } = renderWithProxy(<LoginButton />, {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['sms'] }] },
    })
    const dialog = await openModal(user)
    const phone = await within(dialog).findByRole('textbox', { name: 'Phone number' })
    await waitFor(() => expect(phone).toHaveFocus())
    expect(within(dialog).queryByRole('button', { name: 'Other ways to sign in' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Continue with phone' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument()
  })

  it('given the app leaves sms out of `methods`, it offers no phone', async () => {
    const { user } = renderWithProxy(<LoginButton />, { methods: ['email', 'google'] })
    const dialog = await openModal(user)
    await within(dialog).findByRole('textbox', { name: 'Email address' })
    expect(within(dialog).queryByRole('button', { name: 'Continue with phone' })).not.toBeInTheDocument()
  })

  it('given a code on its way by SMS and a reload of the tab, comes back to the code step for that number', async () => {
    const flowStorage = memoryStorage()
    const first = renderWithProxy(<LoginButton />, { flowStorage })
    await sendCode(first.user, await openPhoneStep(first.user))
    const code = latestCode(first.proxy, PHONE)
    first.unmount()

    const second = renderWithProxy(<LoginButton />, { proxy: first.proxy, keyStore: first.kit.keyStore, flowStorage })
    const dialog = await openModal(second.user, 'Check your phone')
    expect(await within(dialog).findByText(wholeText(`We sent a code to ${PHONE_SHOWN}`))).toBeInTheDocument()
    await second.user.click(within(dialog).getByRole('button', { name: 'Use a different number' }))
    // Back to the phone step, with the number read back from the challenge.
    expect(await within(dialog).findByRole('textbox', { name: 'Phone number' })).toHaveValue('7700900123')
    expect(within(dialog).getByRole('combobox', { name: 'Country or region' })).toHaveValue('GB')
    expect(code).toMatch(/^\w{6}$/)
  })
})

describe('LoginModal, the same rate limit by email', () => {
  it('given a code asked for the same address elsewhere a moment ago, the email step says when to ask again', async () => {
    // "At once" on a clock that stands still, however long the first code takes on a busy machine.
    const now = () => Date.parse('2030-01-01T10:00:00Z')
    const { user, proxy, kit } = renderWithProxy(<LoginButton />, { now, mock: { now } })
    // A code asked for elsewhere (another tab, another device): this page knows nothing of it.
    await startEmailOtp(kit, { email: 'ada@example.com' })
    const dialog = await openModal(user)
    const email = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await user.type(email, 'ada@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many codes were asked for.')
    expect(within(dialog).getByText(/^You can ask again in 0:(29|30)\.$/)).toBeInTheDocument()
    expect(proxy.outbox('ada@example.com')).toHaveLength(1)
  })
})
