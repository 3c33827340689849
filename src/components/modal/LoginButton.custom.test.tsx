import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { chunks } from '../../chunks'
import { completeEmailOtp, startEmailOtp } from '../../core'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'

describe('LoginButton.Custom', () => {
  it('gives a custom button the session, the modal state and the actions, and opens the same modal', async () => {
    const { user, kit, proxy, container } = renderWithProxy(
      <LoginButton.Custom>
        {({ status, session, isOpen, buttonProps, logout, labels }) => (
          <div>
            <p>{`status: ${status}, open: ${isOpen}`}</p>
            {status === 'signedIn' ? (
              <button type="button" onClick={() => void logout()}>
                {`Leave ${session?.organizationId ?? ''}`}
              </button>
            ) : (
              <button {...buttonProps} className="my-button">
                {`${labels.logIn} (mine)`}
              </button>
            )}
          </div>
        )}
      </LoginButton.Custom>,
    )
    await screen.findByText('status: signedOut, open: false')
    const mine = screen.getByRole('button', { name: 'Log in (mine)' })
    expect(mine).toHaveAttribute('aria-haspopup', 'dialog')
    expect(mine).toHaveAttribute('aria-expanded', 'false')
    await expectNoAxeViolations(container)

    await user.click(mine)
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(screen.getByText('status: signedOut, open: true')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(mine).toHaveFocus()

    await act(async () => {
      const challenge = await startEmailOtp(kit, { email: 'custom@example.com' })
      await completeEmailOtp(kit, { challenge, code: latestCode(proxy, 'custom@example.com') })
    })
    const leave = await screen.findByRole('button', { name: /^Leave / })
    await user.click(leave)
    await screen.findByText('status: signedOut, open: false')
    expect(kit.session.getSnapshot().session).toBeNull()
  })

  it("composes the host's own handlers with the kit's: the host's first, the kit's unless it prevented them", async () => {
    const onFocus = vi.fn()
    let allowOpen = false
    const { user } = renderWithProxy(
      <LoginButton.Custom>
        {({ getButtonProps, mounted }) => (
          <button
            {...getButtonProps({
              onClick: (event) => {
                if (!allowOpen) event.preventDefault()
              },
              onFocus,
              className: 'host',
            })}
          >
            {mounted ? 'Mine' : 'Mine (server)'}
          </button>
        )}
      </LoginButton.Custom>,
    )
    // Rendered in the browser, not hydrated: mounted from the first render.
    const button = screen.getByRole('button', { name: 'Mine' })
    expect(button).toHaveClass('host')
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')

    const prefetch = vi.spyOn(chunks.dialog, 'load')
    fireEvent.focus(button)
    expect(onFocus).toHaveBeenCalledTimes(1)
    expect(prefetch).toHaveBeenCalled()

    await user.click(button)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'false')
    allowOpen = true
    await user.click(button)
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'true')
  })
})
