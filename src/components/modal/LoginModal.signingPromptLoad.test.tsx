// The signing prompt's code, loaded when a signature is first asked: a download that fails rejects the
// action with LOAD_FAILED (the app's hook shows it, as any failed action), and the next one loads again.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyModule, type LazyModule } from '../../core/lazyModule'
import { signMessage } from '../../core/signing/signMessage'
import { json } from '../../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../../core/test/walletApi'
import { createTestProviders } from '../../react/test/renderWithProxy'
import { setTestSession } from '../../react/test/walletSession'
import { LoginModal } from './LoginModal'

type PromptModule = typeof import('../signing/askInDialog')

const control = vi.hoisted(() => ({
  loader: undefined as unknown as LazyModule<PromptModule>,
  /** Each download waits for the test: resolve() lets it through, fail() makes it fail as a lost chunk does. */
  downloads: [] as Array<{ resolve(): void; fail(): void }>,
}))

vi.mock('../../chunks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../chunks')>()
  return {
    ...actual,
    chunks: new Proxy(actual.chunks, {
      get: (target, name) => (name === 'signingPrompt' ? control.loader : target[name as keyof typeof target]),
    }),
  }
})

beforeEach(() => {
  control.downloads = []
  control.loader = lazyModule(
    'signing prompt',
    () =>
      new Promise<PromptModule>((resolve, reject) => {
        control.downloads.push({
          resolve: () => resolve(import('../signing/askInDialog')),
          fail: () => reject(new TypeError('Failed to fetch dynamically imported module: /assets/askInDialog.js')),
        })
      }),
  )
})

async function signedInModal() {
  const clock = { now: WALLET_NOW }
  const keys = walletKeys()
  const fake = walletApi(keys, clock, { wallet_kit_config: json({ enabledProviders: ['email'] }) })
  const { Providers, kit } = createTestProviders({ fetch: fake.fetch, now: () => clock.now })
  await setTestSession(kit)
  render(<LoginModal />, { wrapper: Providers })
  return { kit, keys, fake }
}

describe('the signing prompt, its code loaded when a signature is first asked', () => {
  it('loads nothing until asked; then the dialog opens once its code is here', async () => {
    const { kit, keys } = await signedInModal()
    expect(control.downloads).toHaveLength(0)
    const action = signMessage(kit, { account: keys.ethereum, message: 'gm' })
    await vi.waitFor(() => expect(control.downloads).toHaveLength(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await act(async () => control.downloads[0]?.resolve())
    const dialog = await screen.findByRole('dialog', { name: 'Signature request' })
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign' }))
    await action
  })

  it('given a download that fails, rejects the action with LOAD_FAILED and signs nothing; the next asks again', async () => {
    const { kit, keys, fake } = await signedInModal()
    const failed = signMessage(kit, { account: keys.ethereum, message: 'gm' }).catch((error: unknown) => error)
    await vi.waitFor(() => expect(control.downloads).toHaveLength(1))
    await act(async () => control.downloads[0]?.fail())
    expect(await failed).toMatchObject({
      code: 'LOAD_FAILED',
      userMessage: 'Part of the sign-in could not be loaded. Check your connection and try again.',
    })
    expect(fake.endpoints()).not.toContain('submit/sign_raw_payload')

    const again = signMessage(kit, { account: keys.ethereum, message: 'gm' })
    await vi.waitFor(() => expect(control.downloads).toHaveLength(2))
    await act(async () => control.downloads[1]?.resolve())
    await userEvent
      .setup()
      .click(
        within(await screen.findByRole('dialog', { name: 'Signature request' })).getByRole('button', { name: 'Sign' }),
      )
    await again
    expect(fake.endpoints()).toContain('submit/sign_raw_payload')
  })
})
