import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useKit } from 'auth-proxy-kit'
import { describe, expect, it } from 'vitest'
import type { Kit } from '../../src/core'
import type { MockAuthProxy } from '../../src/mock'
import { MockProviders, type StoryStores } from '../../stories/support/MockProviders'
import { loadSignedIn } from '../../stories/support/signedIn'
import { ProviderPanel } from './ProviderPanel'

/** Hands the provider's kit to the test, to sign out as another tab would. */
function KitProbe({ onKit }: { onKit(kit: Kit): void }) {
  onKit(useKit())
  return null
}

describe('the playground provider panel', () => {
  it('shows the signed-in account, then accountsChanged [] and disconnect when the session ends; Connect says why it cannot open sign-in', async () => {
    const loaded = await loadSignedIn({ email: 'ada@example.com' })()
    const proxy = loaded.proxy as MockAuthProxy
    const address = Object.values(proxy.state.organizations)
      .flatMap((organization) => organization.wallets)[0]
      ?.accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')?.address
    let kit: Kit | undefined
    render(
      <MockProviders proxy={proxy} stores={loaded.stores as StoryStores}>
        <KitProbe onKit={(given) => (kit = given)} />
        <ProviderPanel />
      </MockProviders>,
    )
    // Newest first; before them, the account announced when the stored session loaded.
    await waitFor(() => expect(screen.getByTestId('provider-accounts').textContent).toBe(JSON.stringify([address])))
    await kit?.session.logout()
    const events = screen.getByRole('list', { name: 'Provider events' })
    await waitFor(() =>
      expect(
        within(events)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['disconnect', 'accountsChanged []', `accountsChanged ${JSON.stringify([address])}`]),
    )
    expect(screen.getByTestId('provider-accounts').textContent).toBe('[]')
    await userEvent.click(screen.getByRole('button', { name: 'Connect the provider' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'eth_requestAccounts: no one is signed in, and no LoginModal is mounted to sign in with',
    )
  })
})
