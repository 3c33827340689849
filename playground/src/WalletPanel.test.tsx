import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MockAuthProxy } from '../../src/mock'
import { MockProviders, type StoryStores } from '../../stories/support/MockProviders'
import { loadSignedIn } from '../../stories/support/signedIn'
import { WalletPanel } from './WalletPanel'

const SAVINGS = {
  walletName: 'Savings',
  accounts: [
    {
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/1",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    },
  ] as const,
}

async function renderSignedIn(moreWallets: (typeof SAVINGS)[] = []) {
  const loaded = await loadSignedIn({
    email: 'ada@example.com',
    moreWallets: moreWallets.map((wallet) => ({ ...wallet, accounts: [...wallet.accounts] })),
  })()
  render(
    <MockProviders proxy={loaded.proxy as MockAuthProxy} stores={loaded.stores as StoryStores}>
      <WalletPanel />
    </MockProviders>,
  )
  return { proxy: loaded.proxy as MockAuthProxy }
}

function organizationWallets(proxy: MockAuthProxy) {
  return Object.values(proxy.state.organizations).flatMap((organization) => organization.wallets)
}

describe('the playground wallet panel', () => {
  it('lists each account as chain and path, then the whole address, then Copy; the sign form keeps its labels', async () => {
    const { proxy } = await renderSignedIn()
    const list = await screen.findByRole('list', { name: 'Accounts' })
    const items = within(list).getAllByRole('listitem')
    const [ethereum, solana] = organizationWallets(proxy)[0]?.accounts ?? []
    expect(items.map((item) => item.textContent)).toEqual([
      `Ethereum m/44'/60'/0'/0/0${ethereum?.address}Copy Ethereum address`,
      `Solana m/44'/501'/0'/0'${solana?.address}Copy Solana address`,
    ])
    expect(screen.getAllByTestId('wallet-address').map((code) => code.textContent)).toEqual([
      ethereum?.address,
      solana?.address,
    ])
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Copy Ethereum address' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Account' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy()
  })

  it('shows several wallets under their names', async () => {
    const { proxy } = await renderSignedIn([SAVINGS])
    const savings = await screen.findByRole('list', { name: 'Savings' })
    const saved = organizationWallets(proxy).find((wallet) => wallet.walletName === 'Savings')
    expect(within(savings).getByTestId('wallet-address').textContent).toBe(saved?.accounts[0]?.address)
    expect(within(screen.getByRole('list', { name: 'Default wallet' })).getAllByRole('listitem')).toHaveLength(2)
  })
})
