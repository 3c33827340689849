import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useLoginModal } from '../../react'
import { setTestSession } from '../../react/test/walletSession'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'
import { LoginModal } from './LoginModal'

/** A host's own trigger somewhere else in the page, as with RainbowKit's useConnectModal. */
function Checkout() {
  const { open, close, isOpen } = useLoginModal()
  return (
    <div>
      <button type="button" onClick={open}>
        Sign in to pay
      </button>
      <button type="button" onClick={close}>
        Not now
      </button>
      <p>{isOpen ? 'modal open' : 'modal closed'}</p>
    </div>
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useLoginModal', () => {
  it('given a LoginButton on the page, open() shows its modal; Escape closes it and isOpen follows', async () => {
    const { user } = renderWithProxy(
      <>
        <LoginButton />
        <Checkout />
      </>,
      { strict: true },
    )
    expect(screen.getByText('modal closed')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in to pay' }))
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument()
    expect(screen.getByText('modal open')).toBeInTheDocument()
    // The kit's button (hidden from assistive tech behind the dialog) says that its dialog is open: the same modal.
    expect(screen.getByRole('button', { name: 'Log in', hidden: true })).toHaveAttribute('aria-expanded', 'true')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('modal closed')).toBeInTheDocument()
  })

  it('after the kit’s button opens the modal, isOpen is true, and close() closes it', async () => {
    const { user } = renderWithProxy(
      <>
        <LoginButton />
        <Checkout />
      </>,
    )
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument()
    expect(screen.getByText('modal open')).toBeInTheDocument()
    act(() => screen.getByRole('button', { name: 'Not now', hidden: true }).click())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('modal closed')).toBeInTheDocument()
  })

  it('given two LoginButtons, one modal shows at a time', async () => {
    const { user } = renderWithProxy(
      <>
        <LoginButton />
        <LoginButton />
        <Checkout />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Sign in to pay' }))
    await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })

  it('given an uncontrolled <LoginModal /> and no button, open() shows it; its close button closes it', async () => {
    const { user } = renderWithProxy(
      <>
        <LoginModal />
        <Checkout />
      </>,
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in to pay' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('modal closed')).toBeInTheDocument()
  })

  it('signed in, open() shows the account, as the kit’s "Account" button does', async () => {
    const { user, kit } = renderWithProxy(
      <>
        <LoginButton />
        <Checkout />
      </>,
    )
    await act(() => setTestSession(kit))
    await screen.findByRole('button', { name: 'Account' })
    await user.click(screen.getByRole('button', { name: 'Sign in to pay' }))
    expect(await screen.findByRole('dialog', { name: 'Your account' })).toBeInTheDocument()
  })

  it('given no modal mounted (only a controlled one), open() opens nothing and a console error names the fix', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = renderWithProxy(
      <>
        <LoginModal open={false} />
        <Checkout />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Sign in to pay' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('modal closed')).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('no login modal is mounted. Render <LoginButton /> or <LoginModal /> (without `open`)'),
    )
  })
})
