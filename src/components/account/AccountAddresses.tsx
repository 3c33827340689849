'use client'
import { useId, useState } from 'react'
import type { PublicWalletAccount, WalletWithAccounts } from '../../react'
import { formatLabel } from '../labels/formatLabel'
import { useLabels } from '../labels/LabelsContext'
import { CopyButton } from './CopyButton'
import { AddressText } from './AddressText'
import { chainName } from './shortAddress'

/**
 * One account: the chain, the short address (the whole one on hover and for screen readers), a button
 * that shows it whole under the row (to check it against another, or select it), Copy. The buttons name
 * the chain; the chain is said once, beside the address.
 */
function AccountRow({ account }: { account: PublicWalletAccount }) {
  const labels = useLabels()
  const id = useId()
  const [showFull, setShowFull] = useState(false)
  const chain = chainName(account.addressFormat)
  return (
    <li className="apk-account">
      <span className="apk-account-chain">{chain}</span>
      <AddressText id={id} className="apk-account-address" address={account.address} />
      <button
        type="button"
        className="apk-icon-button apk-reveal-button"
        aria-expanded={showFull}
        aria-controls={`${id}-full`}
        onClick={() => setShowFull(!showFull)}
      >
        <svg className="apk-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" />
        </svg>
        <span className="apk-visually-hidden">{formatLabel(labels.showFullAddress, { chain })}</span>
      </button>
      <CopyButton text={account.address} label={formatLabel(labels.copyAddress, { chain })} describedBy={id} />
      {/* In the page while hidden, so that the button always controls something. */}
      <p id={`${id}-full`} className="apk-account-full" hidden={!showFull}>
        {account.address}
      </p>
    </li>
  )
}

/**
 * The wallet's addresses, one row per account. Several wallets show under their names; one wallet
 * needs none (a person thinks of "my wallet", not of its name).
 */
export function AccountAddresses({ wallets }: { wallets: readonly WalletWithAccounts[] }) {
  const labels = useLabels()
  const withAccounts = wallets.filter((wallet) => wallet.accounts.length > 0)
  if (withAccounts.length === 0) return <p className="apk-hint">{labels.noWallet}</p>
  if (withAccounts.length === 1) {
    return (
      <ul className="apk-accounts">
        {withAccounts[0]?.accounts.map((account) => (
          <AccountRow key={account.walletAccountId} account={account} />
        ))}
      </ul>
    )
  }
  return (
    <div className="apk-wallets">
      {withAccounts.map((wallet) => (
        <WalletGroup key={wallet.walletId} wallet={wallet} />
      ))}
    </div>
  )
}

function WalletGroup({ wallet }: { wallet: WalletWithAccounts }) {
  const id = useId()
  return (
    <div className="apk-wallet" role="group" aria-labelledby={id}>
      <p id={id} className="apk-wallet-name">
        {wallet.walletName}
      </p>
      <ul className="apk-accounts">
        {wallet.accounts.map((account) => (
          <AccountRow key={account.walletAccountId} account={account} />
        ))}
      </ul>
    </div>
  )
}
