'use client'
import { useId } from 'react'
import type { PublicWalletAccount, WalletWithAccounts } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import { CopyButton } from './CopyButton'
import { AddressText } from './AddressText'
import { chainName } from './shortAddress'

/** One account: the chain, the short address (the whole one on hover and for screen readers), Copy. */
function AccountRow({ account }: { account: PublicWalletAccount }) {
  const id = useId()
  const chain = chainName(account.addressFormat)
  return (
    <li className="apk-account">
      <span className="apk-account-chain">{chain}</span>
      <AddressText
        id={id}
        className="apk-account-address"
        address={account.address}
        spoken={`${chain} ${account.address}`}
      />
      <CopyButton text={account.address} describedBy={id} />
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
