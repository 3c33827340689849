import { screen } from '@testing-library/react'
import { useLayoutEffect, useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { KitError, type UseLoginWithPasskeyReturnType, type UseSignUpWithPasskeyReturnType } from '../../react'
import { fakePasskeyBrowser } from '../../react/test/fakePasskeyBrowser'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { en } from '../locales/en'
import { PasskeyButtons } from './PasskeyButtons'

// The two hooks' states as the flow hands them over; only what PasskeyButtons reads.
function loginState(error: KitError | null): UseLoginWithPasskeyReturnType {
  const state = { error, variables: undefined, reset() {}, loginWithPasskey() {} }
  return state as unknown as UseLoginWithPasskeyReturnType
}
function signUpState(): UseSignUpWithPasskeyReturnType {
  const state = { error: null, variables: undefined, reset() {}, signUpWithPasskey() {} }
  return state as unknown as UseSignUpWithPasskeyReturnType
}

// The email field above the buttons, which takes focus when the list of methods mounts (useMountFocus).
function FieldFocusedOnMount() {
  const ref = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => ref.current?.focus(), [])
  return <input ref={ref} aria-label="Email address" />
}

describe('PasskeyButtons', () => {
  it('after the prompt, focuses Try again over the field the list focuses on mounting, in StrictMode too (effects run twice)', async () => {
    const browser = fakePasskeyBrowser()
    renderWithProxy(
      <>
        <FieldFocusedOnMount />
        <PasskeyButtons
          login={loginState(new KitError('PROXY_UNAVAILABLE', 'failed'))}
          signUp={signUpState()}
          onCreate={() => {}}
        />
      </>,
      { webauthn: browser.webauthn, strict: true },
    )
    expect(await screen.findByRole('button', { name: en.tryAgain })).toHaveFocus()
  })

  it('focuses Try again for each new failure, also when the buttons stayed mounted through the try (a prompt that closed before its progress was painted)', async () => {
    const browser = fakePasskeyBrowser()
    const signUp = signUpState()
    const buttons = (error: KitError | null) => (
      <PasskeyButtons login={loginState(error)} signUp={signUp} onCreate={() => {}} />
    )
    const first = new KitError('PROXY_UNAVAILABLE', 'first')
    const { rerender } = renderWithProxy(buttons(first), { webauthn: browser.webauthn })
    expect(await screen.findByRole('button', { name: en.tryAgain })).toHaveFocus()

    // Try again: the failure is forgotten (the button goes, focus with it), and the next one comes back.
    rerender(buttons(null))
    expect(screen.queryByRole('button', { name: en.tryAgain })).not.toBeInTheDocument()
    rerender(buttons(new KitError('PROXY_UNAVAILABLE', 'second')))
    expect(await screen.findByRole('button', { name: en.tryAgain })).toHaveFocus()
  })

  it('leaves focus where the person put it on later renders of the same failure', async () => {
    const browser = fakePasskeyBrowser()
    const signUp = signUpState()
    const error = new KitError('PROXY_UNAVAILABLE', 'once')
    const buttons = () => <PasskeyButtons login={loginState(error)} signUp={signUp} onCreate={() => {}} />
    const { rerender } = renderWithProxy(buttons(), { webauthn: browser.webauthn })
    expect(await screen.findByRole('button', { name: en.tryAgain })).toHaveFocus()
    screen.getByRole('button', { name: en.createOne }).focus()
    rerender(buttons())
    expect(screen.getByRole('button', { name: en.createOne })).toHaveFocus()
  })
})
