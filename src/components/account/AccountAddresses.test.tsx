import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PublicWalletAccount, WalletWithAccounts } from '../../react'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { AccountAddresses } from './AccountAddresses'

const at = { seconds: '1700000000', nanos: '0' }
const ETHEREUM = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'
const SOLANA = 'EHqmfkN89RJ7Y33CXM6uCzhVeuywHoJXZZLszBHHZy7o'

function account(walletId: string, address: string, addressFormat: string): PublicWalletAccount {
  return {
    walletAccountId: `${walletId}-${address}`,
    organizationId: 'o',
    walletId,
    curve: 'CURVE_SECP256K1',
    pathFormat: 'PATH_FORMAT_BIP32',
    path: "m/44'/60'/0'/0/0",
    addressFormat,
    address,
    createdAt: at,
    updatedAt: at,
  }
}

function wallet(walletId: string, walletName: string, accounts: PublicWalletAccount[]): WalletWithAccounts {
  return { walletId, walletName, createdAt: at, updatedAt: at, exported: false, imported: false, accounts }
}

describe('AccountAddresses', () => {
  it('lists each account by chain and short address, the whole address on hover and for screen readers, each with its copy button', async () => {
    const user = userEvent.setup()
    const { container } = render(
      <AccountAddresses
        wallets={[
          wallet('w1', 'Default wallet', [
            account('w1', ETHEREUM, 'ADDRESS_FORMAT_ETHEREUM'),
            account('w1', SOLANA, 'ADDRESS_FORMAT_SOLANA'),
          ]),
        ]}
      />,
    )
    const rows = screen.getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Ethereum')
    expect(within(rows[0] as HTMLElement).getByTitle(ETHEREUM)).toHaveTextContent('0x9858…da94')
    expect(within(rows[1] as HTMLElement).getByTitle(SOLANA)).toHaveTextContent('EHqm…Zy7o')
    // One wallet: no wallet name to read.
    expect(screen.queryByText('Default wallet')).not.toBeInTheDocument()
    const copy = screen.getAllByRole('button', { name: 'Copy address' })
    expect(copy[0]).toHaveAccessibleDescription(`Ethereum ${ETHEREUM}`)
    expect(copy[1]).toHaveAccessibleDescription(`Solana ${SOLANA}`)
    await expectNoAxeViolations(container)

    await user.click(copy[1] as HTMLElement)
    expect(await navigator.clipboard.readText()).toBe(SOLANA)
  })

  it('groups the accounts of several wallets under their names', async () => {
    const { container } = render(
      <AccountAddresses
        wallets={[
          wallet('w1', 'Default wallet', [account('w1', ETHEREUM, 'ADDRESS_FORMAT_ETHEREUM')]),
          wallet('w2', 'Savings', [account('w2', SOLANA, 'ADDRESS_FORMAT_SOLANA')]),
        ]}
      />,
    )
    expect(within(screen.getByRole('group', { name: 'Default wallet' })).getByText('Ethereum')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Savings' })).getByText('Solana')).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  it('says when there is no wallet', () => {
    render(<AccountAddresses wallets={[wallet('w1', 'Empty', [])]} />)
    expect(screen.getByText('No wallet yet.')).toBeInTheDocument()
  })
})
