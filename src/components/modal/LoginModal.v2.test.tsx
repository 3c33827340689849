// The drop-in modal on the current generation's OTP flow (otpProtocol 'v2'): the same screens, with the
// code sealed to the enclave's target in the page and the session got by an attested stamp_login.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { wholeText } from '../../react/test/wholeText'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

describe('LoginModal, current generation', () => {
  it('signs a new user up by email, the code sealed in the page, and a returning user in', async () => {
    const { user, proxy, requests } = renderWithProxy(<LoginButton />, { otpProtocol: 'v2' })
    const email = 'ada@example.com'
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    let dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), email)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    await within(dialog).findByText(wholeText(`We sent a code to ${email}`))
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await expectSignedIn()
    expect(
      requests.slice(requests.indexOf('otp_init_v2'), requests.indexOf('/public/v1/submit/stamp_login') + 1),
    ).toEqual(['otp_init_v2', 'otp_verify_v2', 'account', 'signup_v2', '/public/v1/submit/stamp_login'])
    expect(requests).not.toContain('otp_verify')

    await user.click(await screen.findByRole('button', { name: 'Account' }))
    dialog = await screen.findByRole('dialog', { name: 'Your account' })
    await user.click(await within(dialog).findByRole('button', { name: 'Sign out' }))
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), email)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    await within(dialog).findByText(wholeText(`We sent a code to ${email}`))
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), latestCode(proxy, email))
    await expectSignedIn()
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
  })

  it('says a wrong code is wrong, with the tries left, as on the first generation', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />, { otpProtocol: 'v2' })
    const email = 'grace@example.com'
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), email)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    await within(dialog).findByText(wholeText(`We sent a code to ${email}`))
    const code = latestCode(proxy, email)
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Verification code' }),
      code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA',
    )
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('4 attempts left')
  })
})
