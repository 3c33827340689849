import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakePasskeyBrowser } from '../../react/test/fakePasskeyBrowser'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'
import { localeLoaders } from '../labels/useLocaleLabels'
import { chunks } from '../../chunks'

// When each method's code is asked for (scripts/check-chunks.mjs proves on the built files that the
// dialog does not import it statically): opening the modal asks for the email flow; each other
// method's code waits for a sign of interest in its button.
describe('LoginModal, code loaded on first use', () => {
  afterEach(() => vi.restoreAllMocks())

  it('given the modal open, it loads the email flow but no OAuth, passkey or phone code until their buttons are hovered, focused or pressed', async () => {
    const signIn = vi.spyOn(chunks.otpFlow, 'load')
    const oauth = vi.spyOn(chunks.oauth, 'load')
    const passkey = vi.spyOn(chunks.passkey, 'load')
    const phone = vi.spyOn(chunks.phoneStep, 'load')
    const languages = Object.values(localeLoaders).map((loader) => vi.spyOn(loader, 'load'))
    const browser = fakePasskeyBrowser()
    const { user } = renderWithProxy(<LoginButton />, { webauthn: browser.webauthn, origin: browser.origin })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    const google = await within(dialog).findByRole('button', { name: 'Continue with Google' })
    const passkeyButton = within(dialog).getByRole('button', { name: 'Sign in with a passkey' })
    expect(signIn).toHaveBeenCalled()
    expect(oauth).not.toHaveBeenCalled()
    expect(passkey).not.toHaveBeenCalled()
    expect(phone).not.toHaveBeenCalled()

    await user.hover(google)
    expect(oauth).toHaveBeenCalled()
    expect(passkey).not.toHaveBeenCalled()

    fireEvent.focus(passkeyButton)
    expect(passkey).toHaveBeenCalled()
    expect(phone).not.toHaveBeenCalled()

    // A touch: pointerdown comes before the click that needs the code.
    fireEvent.pointerDown(within(dialog).getByRole('button', { name: 'Continue with phone' }))
    expect(phone).toHaveBeenCalled()
    // A language other than English loads only when a component asks for it.
    for (const language of languages) expect(language).not.toHaveBeenCalled()
  })
})
