'use client'
import { useId } from 'react'
import { useWallets } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import { RetryableError } from '../ui/RetryableError'
import { AccountAddresses } from './AccountAddresses'

/**
 * "Wallet" and its addresses (useWallets): two grey rows of the same height while they load (said to
 * screen readers once), the failure with "Try again", or the accounts.
 */
export function WalletSection() {
  const labels = useLabels()
  const headingId = useId()
  const wallets = useWallets()
  return (
    <section
      className="apk-wallet-section"
      aria-labelledby={headingId}
      aria-busy={wallets.isPending ? true : undefined}
    >
      <h4 id={headingId} className="apk-section-heading">
        {labels.walletHeading}
      </h4>
      {wallets.data ? (
        <AccountAddresses wallets={wallets.data} />
      ) : wallets.isError ? (
        <RetryableError error={wallets.error} onRetry={() => void wallets.refetch()} />
      ) : (
        <>
          <ul className="apk-accounts" aria-hidden="true">
            <li className="apk-account apk-account-skeleton" />
            <li className="apk-account apk-account-skeleton" />
          </ul>
          <p className="apk-visually-hidden" role="status">
            {labels.loadingWallet}
          </p>
        </>
      )}
    </section>
  )
}
