// The sign-in prompt the drop-in modal lends the kit (kit.signInPrompt), for callers that need someone
// signed in, such as the wagmi connector's connect.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '../../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../../core/test/walletApi'
import { createTestProviders } from '../../react/test/renderWithProxy'
import { setTestSession } from '../../react/test/walletSession'
import { LoginButton } from './LoginButton'

const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }

async function page() {
  const clock = { now: WALLET_NOW }
  const fake = walletApi(walletKeys(), clock, { wallet_kit_config: json(CONFIG) })
  const { Providers, kit } = createTestProviders({ fetch: fake.fetch, now: () => clock.now })
  await act(() => kit.session.ready)
  const view = render(<LoginButton />, { wrapper: Providers })
  await waitFor(() => expect(kit.signInPrompt.current).toBeTypeOf('function'))
  return { ...view, kit, user: userEvent.setup() }
}

describe("the modal as the kit's sign-in prompt", () => {
  it('opens the modal and resolves once someone signs in', async () => {
    const { kit } = await page()
    let settled = false
    const asked = kit.signInPrompt.current!().then(() => (settled = true))
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
    expect(settled).toBe(false)
    await act(() => setTestSession(kit))
    await asked
    expect(settled).toBe(true)
  })

  it('rejects with USER_REJECTED when the modal is closed before anyone signed in', async () => {
    const { kit, user } = await page()
    const refused = expect(kit.signInPrompt.current!()).rejects.toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Sign-in was closed before it finished.',
    })
    await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.keyboard('{Escape}')
    await refused
  })

  it('resolves at once while someone is signed in, opening nothing', async () => {
    const { kit } = await page()
    await act(() => setTestSession(kit))
    await kit.signInPrompt.current!()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('gives the slot back when the modal goes, declining a question still open', async () => {
    const { kit, unmount } = await page()
    const refused = expect(kit.signInPrompt.current!()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    await screen.findByRole('dialog', { name: 'Log in or sign up' })
    unmount()
    await refused
    expect(kit.signInPrompt.current).toBeUndefined()
  })
})
