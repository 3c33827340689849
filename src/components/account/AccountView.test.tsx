import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockAuthProxy, type MockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { holdRequests } from '../../react/test/holdRequests'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { AuthPanel } from '../panel/AuthPanel'

const EMAIL = 'ada@example.com'

/** The mock, with list_wallets refused (code 7, which no retry mends) while `refusing.on`. */
function refusingWallets(): { proxy: MockAuthProxy; refusing: { on: boolean } } {
  const real = createMockAuthProxy({ strictFields: true })
  const refusing = { on: true }
  const refuse = (url: string) => refusing.on && url.endsWith('/list_wallets')
  const proxy: MockAuthProxy = {
    ...real,
    fetch: (input, init) =>
      refuse(input instanceof Request ? input.url : String(input))
        ? Promise.resolve(
            Response.json({ code: 7, message: 'list_wallets refused by the test', details: [] }, { status: 403 }),
          )
        : real.fetch(input, init),
  }
  return { proxy, refusing }
}

async function signInInPanel(
  user: ReturnType<typeof renderWithProxy>['user'],
  proxy: MockAuthProxy,
): Promise<HTMLElement> {
  const panel = await screen.findByRole('region', { name: 'Log in or sign up' })
  await user.type(await within(panel).findByRole('textbox', { name: 'Email address' }), EMAIL)
  await user.click(within(panel).getByRole('button', { name: 'Continue with email' }))
  await user.type(await within(panel).findByRole('textbox', { name: 'Verification code' }), latestCode(proxy, EMAIL))
  await within(panel).findByRole('heading', { name: `Signed in as ${EMAIL}` })
  return panel
}

describe('Your account', () => {
  it('while the wallet loads, shows two placeholder rows and says so once; then the addresses, each copied by its button', async () => {
    // The wallet's reads wait for the test: the loading state stays on screen until then.
    const proxy = createMockAuthProxy({ strictFields: true })
    const wallets = holdRequests(proxy.fetch, [
      '/public/v1/query/list_wallets',
      '/public/v1/query/list_wallet_accounts',
    ])
    const { user, container } = renderWithProxy(<AuthPanel />, { proxy, fetch: wallets.fetch })
    const panel = await screen.findByRole('region', { name: 'Log in or sign up' })
    await user.type(await within(panel).findByRole('textbox', { name: 'Email address' }), EMAIL)
    await user.click(within(panel).getByRole('button', { name: 'Continue with email' }))
    const code = await within(panel).findByRole('textbox', { name: 'Verification code' })
    await user.type(code, latestCode(proxy, EMAIL))

    const wallet = await within(panel).findByRole('region', { name: 'Wallet' })
    expect(wallet).toHaveAttribute('aria-busy', 'true')
    expect(within(wallet).getByRole('status')).toHaveTextContent('Loading your wallet…')
    await expectNoAxeViolations(container)

    wallets.release()
    const copies = await within(wallet).findAllByRole('button', { name: /^Copy \w+ address$/ })
    expect(wallet).not.toHaveAttribute('aria-busy')
    expect(within(wallet).getByText('Ethereum')).toBeInTheDocument()
    expect(within(wallet).getByText('Solana')).toBeInTheDocument()
    const [account] = Object.values(proxy.state.organizations).flatMap((organization) =>
      organization.wallets.flatMap((held) => held.accounts),
    )
    expect(account).toBeDefined()
    await user.click(copies[0] as HTMLElement)
    expect(await navigator.clipboard.readText()).toBe(account?.address)
    expect(within(wallet).getByRole('button', { name: 'Copied' })).toBe(copies[0])
    await expectNoAxeViolations(container)
  })

  it('given the wallet cannot be read, says why with Try again, which reads it again', async () => {
    const { proxy, refusing } = refusingWallets()
    const { user } = renderWithProxy(<AuthPanel />, { proxy })
    const panel = await signInInPanel(user, proxy)
    const wallet = within(panel).getByRole('region', { name: 'Wallet' })
    expect(await within(wallet).findByRole('alert')).toHaveTextContent(/./)
    // The rest of the view stays usable.
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeEnabled()

    refusing.on = false
    await user.click(within(wallet).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(wallet).getAllByRole('button', { name: /^Copy \w+ address$/ })).toHaveLength(2))
    expect(within(wallet).queryByRole('alert')).not.toBeInTheDocument()
  })
})
