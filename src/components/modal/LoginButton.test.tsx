import { act, screen, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { completeEmailOtp, startEmailOtp } from '../../core'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { memoryKeyStore, memoryStorage } from '../../core'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { chunks } from '../../chunks'
import { LoginButton } from './LoginButton'

function Static() {
  return <p>Static content</p>
}

describe('LoginButton', () => {
  it('given a signed-out visitor, it reads "Log in"; once signed in, "Account"', async () => {
    const { kit, proxy, container } = renderWithProxy(<LoginButton />)
    expect(await screen.findByRole('button', { name: 'Log in' })).toHaveAttribute('aria-haspopup', 'dialog')
    await expectNoAxeViolations(container)

    await act(async () => {
      const challenge = await startEmailOtp(kit, { email: 'grace@example.com' })
      await completeEmailOtp(kit, { challenge, code: latestCode(proxy, 'grace@example.com') })
    })
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument()
  })

  it('given a returning user, it is busy (named, same size) while the stored session is checked, and never says "Log in"', async () => {
    const keyStore = memoryKeyStore()
    const storage = memoryStorage()
    const first = renderWithProxy(<LoginButton />, { keyStore, storage })
    await act(async () => {
      const challenge = await startEmailOtp(first.kit, { email: 'back@example.com' })
      await completeEmailOtp(first.kit, { challenge, code: latestCode(first.proxy, 'back@example.com') })
    })
    await screen.findByRole('button', { name: 'Account' })
    first.unmount()

    // The same tab, reloaded: every name the button has from its first render on.
    const { container } = renderWithProxy(<LoginButton />, { keyStore, storage, proxy: first.proxy })
    const button = () => container.querySelector('button')
    const nameOf = (element: Element | null) => element?.getAttribute('aria-label') ?? element?.textContent ?? ''
    const names = [nameOf(button())]
    const observer = new MutationObserver(() => names.push(nameOf(button())))
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true })
    const busy = screen.getByRole('button', { name: 'Checking your session…' })
    expect(busy).toHaveAttribute('aria-busy', 'true')
    // "Log in" is there, invisible, only to keep the button as wide as it will be.
    expect(busy.querySelector('.apk-login-button-placeholder')).toHaveAttribute('aria-hidden', 'true')
    await expectNoAxeViolations(container)
    expect(await screen.findByRole('button', { name: 'Account' })).not.toHaveAttribute('aria-busy')
    observer.disconnect()
    expect(names.filter((name, index) => name !== names[index - 1])).toEqual(['Checking your session…', 'Account'])
  })

  it('given a pointer over it or focus on it, it starts loading the dialog before the click', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const button = await screen.findByRole('button', { name: 'Log in' })
    const loadDialog = vi.spyOn(chunks.dialog, 'load')
    await user.hover(button)
    expect(loadDialog).toHaveBeenCalled()

    loadDialog.mockClear()
    await user.tab()
    expect(button).toHaveFocus()
    expect(loadDialog).toHaveBeenCalled()
  })

  it('given a component that reads nothing, a session change does not re-render it', async () => {
    const onRender = vi.fn()
    const { kit, proxy } = renderWithProxy(
      <>
        <Profiler id="static" onRender={onRender}>
          <Static />
        </Profiler>
        <LoginButton />
      </>,
    )
    await waitFor(() => expect(kit.session.getSnapshot().status).toBe('signedOut'))
    const renders = onRender.mock.calls.length

    await act(async () => {
      const challenge = await startEmailOtp(kit, { email: 'quiet@example.com' })
      await completeEmailOtp(kit, { challenge, code: latestCode(proxy, 'quiet@example.com') })
    })
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument()
    expect(onRender).toHaveBeenCalledTimes(renders)
  })
})
