import { act, screen, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { completeEmailOtp, startEmailOtp } from '../../core'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { chunks } from '../../chunks'
import { LoginButton } from './LoginButton'

const loadDialog = vi.spyOn(chunks.dialog, 'load')

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

  it('given a pointer over it or focus on it, it starts loading the dialog before the click', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const button = screen.getByRole('button', { name: 'Log in' })
    loadDialog.mockClear()
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
