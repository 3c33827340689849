// The phone step while its code is on its way: its chunk comes from a loader the test controls.
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyModule } from '../../core/lazyModule'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'
import type { LazyModule } from '../../core/lazyModule'

type PhoneParts = typeof import('../flow/phoneParts')

const control = vi.hoisted(() => ({
  loader: undefined as unknown as LazyModule<PhoneParts>,
  downloads: [] as Array<{ resolve(): void; fail(): void }>,
}))

vi.mock('../../chunks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../chunks')>()
  const { lazyModule } = await import('../../core/lazyModule')
  // The dialog imported from here, so that its phone step sees this mock's chunks too.
  const dialog = lazyModule('sign-in dialog', () => import('./LoginDialog'))
  return {
    ...actual,
    chunks: {
      ...actual.chunks,
      dialog,
      get phoneStep() {
        return control.loader
      },
    },
  }
})

beforeEach(() => {
  control.downloads = []
  control.loader = lazyModule(
    'phone form',
    () =>
      new Promise<PhoneParts>((resolve, reject) => {
        control.downloads.push({
          resolve: () => resolve(import('../flow/phoneParts')),
          fail: () => reject(new TypeError('Failed to fetch dynamically imported module: /assets/phoneParts.js')),
        })
      }),
  )
})

describe('LoginModal, the phone step loaded on first use', () => {
  it('given its code still on its way, shows progress; given the download failed, says so and Try again loads it', async () => {
    const { user } = renderWithProxy(<LoginButton />)
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    const phoneButton = await within(dialog).findByRole('button', { name: 'Continue with phone' })
    expect(control.downloads).toHaveLength(0)

    // Hovering starts the download; clicking before it lands shows progress.
    await user.hover(phoneButton)
    expect(control.downloads).toHaveLength(1)
    await user.click(phoneButton)
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading…')
    await act(async () => control.downloads[0]?.fail())

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Part of the sign-in could not be loaded. Check your connection and try again.')
    await expectNoAxeViolations(dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(control.downloads).toHaveLength(2)
    await act(async () => control.downloads[1]?.resolve())
    const phone = await within(dialog).findByRole('textbox', { name: 'Phone number' })
    await waitFor(() => expect(phone).toHaveFocus())
  })

  it('given a tenant with SMS only, opening the modal loads the phone step at once', async () => {
    const { user } = renderWithProxy(<LoginButton />, {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['sms'] }] },
    })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await waitFor(() => expect(control.downloads).toHaveLength(1))
    await act(async () => control.downloads[0]?.resolve())
    expect(await within(dialog).findByRole('textbox', { name: 'Phone number' })).toBeInTheDocument()
  })
})
