// The signing prompt's code, loaded when a signature is first asked: a download that fails rejects the
// action with LOAD_FAILED (the app's hook shows it, as any failed action), and the next one loads again.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signMessage } from '../../core/signing/signMessage'
import { json } from '../../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../../core/test/walletApi'
import { heldChunk, type HeldChunk } from '../../react/test/heldChunk'
import { createTestProviders } from '../../react/test/renderWithProxy'
import { setTestSession } from '../../react/test/walletSession'
import { LoginModal } from './LoginModal'

type PromptModule = typeof import('../signing/askInDialog')

const held = vi.hoisted(() => ({ current: undefined as unknown as HeldChunk<PromptModule> }))

vi.mock('../../chunks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../chunks')>()
  const { withChunk } = await import('../../react/test/heldChunk')
  return { ...actual, chunks: withChunk(actual.chunks, 'signingPrompt', () => held.current.chunk) }
})

beforeEach(() => {
  held.current = heldChunk('signing prompt', () => import('../signing/askInDialog'), '/assets/askInDialog.js')
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
    expect(held.current.downloads).toHaveLength(0)
    const action = signMessage(kit, { account: keys.ethereum, message: 'gm' })
    await vi.waitFor(() => expect(held.current.downloads).toHaveLength(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await act(async () => held.current.downloads[0]?.resolve())
    const dialog = await screen.findByRole('dialog', { name: 'Signature request' })
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign' }))
    await action
  })

  it('given a download that fails, rejects the action with LOAD_FAILED and signs nothing; the next asks again', async () => {
    const { kit, keys, fake } = await signedInModal()
    const failed = signMessage(kit, { account: keys.ethereum, message: 'gm' }).catch((error: unknown) => error)
    await vi.waitFor(() => expect(held.current.downloads).toHaveLength(1))
    await act(async () => held.current.downloads[0]?.fail())
    expect(await failed).toMatchObject({
      code: 'LOAD_FAILED',
      userMessage: 'Part of the sign-in could not be loaded. Check your connection and try again.',
    })
    expect(fake.endpoints()).not.toContain('submit/sign_raw_payload')

    const again = signMessage(kit, { account: keys.ethereum, message: 'gm' })
    await vi.waitFor(() => expect(held.current.downloads).toHaveLength(2))
    await act(async () => held.current.downloads[1]?.resolve())
    await userEvent
      .setup()
      .click(
        within(await screen.findByRole('dialog', { name: 'Signature request' })).getByRole('button', { name: 'Sign' }),
      )
    await again
    expect(fake.endpoints()).toContain('submit/sign_raw_payload')
  })
})
