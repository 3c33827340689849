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

/**
 * What a screen reader reads of a row, in order: its text, without what is hidden from it (aria-hidden),
 * a button by its text (its name here).
 */
function readAloud(element: Element): string[] {
  const read: string[] = []
  const walk = (node: Node) => {
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return
    if (node instanceof Element && node.hasAttribute('hidden')) return
    if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) read.push(node.textContent.trim())
    node.childNodes.forEach(walk)
  }
  walk(element)
  return read
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
    // Each copy button names its chain, and is described by the address it copies.
    const copyEthereum = screen.getByRole('button', { name: 'Copy Ethereum address' })
    const copySolana = screen.getByRole('button', { name: 'Copy Solana address' })
    expect(copyEthereum).toHaveAccessibleDescription(ETHEREUM)
    expect(copySolana).toHaveAccessibleDescription(SOLANA)
    // The chain is said once ("Ethereum Ethereum 0x…" was the row), then the whole address.
    expect(readAloud(rows[0] as HTMLElement)).toEqual([
      'Ethereum',
      ETHEREUM,
      'Show full Ethereum address',
      'Copy Ethereum address',
    ])
    await expectNoAxeViolations(container)

    await user.click(copySolana)
    expect(await navigator.clipboard.readText()).toBe(SOLANA)
  })

  it('shows the full address on demand, in a block of its own that wraps, and hides it again', async () => {
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
    const show = screen.getByRole('button', { name: 'Show full Ethereum address' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    const full = document.getElementById(String(show.getAttribute('aria-controls')))
    expect(full).not.toBeVisible()

    await user.click(show)
    expect(show).toHaveAttribute('aria-expanded', 'true')
    expect(full).toBeVisible()
    expect(full).toHaveTextContent(ETHEREUM)
    // The other row keeps its short form.
    expect(screen.getByRole('button', { name: 'Show full Solana address' })).toHaveAttribute('aria-expanded', 'false')
    await expectNoAxeViolations(container)

    await user.click(show)
    expect(show).toHaveAttribute('aria-expanded', 'false')
    expect(full).not.toBeVisible()
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
