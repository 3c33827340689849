import { act, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useLoginModal } from '../../react'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginModal } from './LoginModal'

describe('LoginModal, controlled or not', () => {
  it('given defaultOpen, it opens by itself and closes by itself, telling onOpenChange', async () => {
    const onOpenChange = vi.fn()
    const { user } = renderWithProxy(<LoginModal defaultOpen onOpenChange={onOpenChange} />)
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
  })

  it('given open, it shows what the app says: a close is a request the app may refuse', async () => {
    const onOpenChange = vi.fn()
    const { user, rerender } = renderWithProxy(<LoginModal open onOpenChange={onOpenChange} />)
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument()
    rerender(<LoginModal open={false} onOpenChange={onOpenChange} />)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('given neither, it stays closed until the app opens it', async () => {
    function App() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Sign in
          </button>
          <LoginModal open={open} onOpenChange={setOpen} />
        </>
      )
    }
    const { user } = renderWithProxy(<App />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument()
  })

  it.each([false, true])(
    'uncontrolled, it tells onOpenChange of every change once, useLoginModal() opening and closing it too (StrictMode: %s)',
    async (strict) => {
      const onOpenChange = vi.fn()
      function App() {
        const modal = useLoginModal()
        return (
          <>
            <button type="button" onClick={modal.open}>
              Sign in
            </button>
            <LoginModal onOpenChange={onOpenChange} />
          </>
        )
      }
      const { user } = renderWithProxy(<App />, { strict })
      expect(onOpenChange).not.toHaveBeenCalled()
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
      const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
      expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(true)
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(onOpenChange.mock.calls).toEqual([[true], [false]])
    },
  )

  it('uncontrolled, a close from useLoginModal() reaches onOpenChange', async () => {
    const onOpenChange = vi.fn()
    let close = () => {}
    function Closer() {
      close = useLoginModal().close
      return null
    }
    renderWithProxy(
      <>
        <Closer />
        <LoginModal defaultOpen onOpenChange={onOpenChange} />
      </>,
    )
    await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(onOpenChange).not.toHaveBeenCalled()
    act(() => close())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
  })
})
