// The modal while its code is on its way: the dialog's module comes from a loader the test controls.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyModule } from '../../core/lazyModule'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { createTestProviders, renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'
import { LoginModal } from './LoginModal'
import type { LazyModule } from '../../core/lazyModule'

type DialogModule = typeof import('./LoginDialog')

const control = vi.hoisted(() => ({
  loader: undefined as unknown as LazyModule<DialogModule>,
  /** Each download waits for the test: resolve() lets it through, fail() makes it fail as a lost chunk does. */
  downloads: [] as Array<{ resolve(): void; fail(): void }>,
}))

vi.mock('../../chunks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../chunks')>()
  return {
    ...actual,
    chunks: new Proxy(actual.chunks, {
      get: (target, name) => (name === 'dialog' ? control.loader : target[name as keyof typeof target]),
    }),
  }
})

beforeEach(() => {
  control.downloads = []
  control.loader = lazyModule(
    'sign-in dialog',
    () =>
      new Promise<DialogModule>((resolve, reject) => {
        control.downloads.push({
          resolve: () => resolve(import('./LoginDialog')),
          fail: () => reject(new TypeError('Failed to fetch dynamically imported module: /assets/LoginDialog.js')),
        })
      }),
  )
})

describe('LoginModal, its code loaded on first use', () => {
  it('given the code already loaded (prefetched), it renders the dialog in the commit that opens it', async () => {
    const pending = control.loader.load()
    control.downloads[0]?.resolve()
    await pending
    const { Providers } = createTestProviders()
    render(
      <Providers>
        <LoginModal open onOpenChange={() => undefined} />
      </Providers>,
    )
    // No waiting: React.lazy would show its fallback here, and hold the dialog back for 300 ms.
    const dialog = screen.getByRole('dialog', { name: 'Log in or sign up' })
    // The only progress shown is the dialog's own (the session being read), none of the modal's code.
    for (const status of screen.queryAllByRole('status')) expect(dialog).toContainElement(status)
  })

  it('given the code still on its way, it shows progress, then the dialog with the email field focused', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    await user.hover(await screen.findByRole('button', { name: 'Log in' }))
    expect(control.downloads).toHaveLength(1)
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await act(async () => control.downloads[0]?.resolve())
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toHaveFocus())
    for (const status of screen.queryAllByRole('status')) expect(dialog).toContainElement(status)
    expect(control.downloads).toHaveLength(1)
  })

  it('given a download that fails, it says so and offers to try again, which then opens the dialog', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const button = await screen.findByRole('button', { name: 'Log in' })
    await user.click(button)
    await act(async () => control.downloads[0]?.fail())

    const failure = await screen.findByRole('alertdialog', { name: 'Log in or sign up' })
    expect(failure).toHaveAccessibleDescription(
      'Part of the sign-in could not be loaded. Check your connection and try again.',
    )
    const retry = within(failure).getByRole('button', { name: 'Try again' })
    expect(retry).toHaveFocus()
    await expectNoAxeViolations(failure)

    await user.click(retry)
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(control.downloads).toHaveLength(2)
    await act(async () => control.downloads[1]?.resolve())
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await within(dialog).findByRole('textbox', { name: 'Email address' })

    // Closed, focus goes back to the button that opened it, through the failure and the retry.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveFocus()
  })

  it('given a download that fails, Close and Escape close the modal and give focus back to the button', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    const button = await screen.findByRole('button', { name: 'Log in' })
    await user.click(button)
    await act(async () => control.downloads[0]?.fail())
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(button).toHaveFocus()

    // Opening again fetches again; Escape closes the failure too.
    await user.click(button)
    expect(control.downloads).toHaveLength(2)
    await act(async () => control.downloads[1]?.fail())
    await screen.findByRole('alertdialog')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })
})
