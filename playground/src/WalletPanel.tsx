import { useSession, useSignMessage, useWallets, type PublicWalletAccount } from 'auth-proxy-kit'
import { useId, useMemo, useState } from 'react'
import { SignTransactionForm } from './SignTransactionForm'
import { SignTypedDataForm } from './SignTypedDataForm'
import { useCopy } from './useCopy'
import { verifyMessage } from './verifySignature'

const CHAINS: Readonly<Record<string, string>> = {
  ADDRESS_FORMAT_ETHEREUM: 'Ethereum',
  ADDRESS_FORMAT_SOLANA: 'Solana',
}

/** The message as signed: the box's text (bytes only if another caller signed some). */
function textOf(message: string | Uint8Array): string {
  return typeof message === 'string' ? message : new TextDecoder().decode(message)
}

/** Copies the address; says so for two seconds. `what` ("Ethereum address") completes its name for screen readers. */
function CopyAddress({ address, what }: { address: string; what: string }) {
  const { copy, result } = useCopy(2000)
  return (
    <button type="button" className="pg-button pg-button-small" onClick={() => copy(address, address)}>
      {result(address) === 'copied' ? 'Copied ' : 'Copy '}
      <span className="pg-visually-hidden">{what}</span>
    </button>
  )
}

/**
 * One account in two lines, so that a third of a wide page (or a phone) holds it: the chain, the
 * derivation path and Copy, then the whole address (monospace, broken anywhere) across the width.
 */
function AccountItem({ account }: { account: PublicWalletAccount }) {
  const chain = CHAINS[account.addressFormat] ?? account.addressFormat
  return (
    <li className="pg-account">
      <span className="pg-account-meta">
        <span className="pg-account-chain">{chain}</span> <code className="pg-account-path">{account.path}</code>
      </span>
      <code className="pg-key pg-account-address" data-testid="wallet-address">
        {account.address}
      </code>
      <span className="pg-account-copy">
        <CopyAddress address={account.address} what={`${chain} address`} />
      </span>
    </li>
  )
}

/**
 * The signed-in user's wallet (useWallets), "Sign a message" (useSignMessage) whose signature the page
 * checks itself (verifySignature: noble, not the kit), and with an Ethereum account, typed data and a
 * transaction (checked with viem).
 */
export function WalletPanel() {
  const { status } = useSession()
  const wallets = useWallets()
  const signing = useSignMessage()
  const id = useId()
  const accounts = useMemo(() => wallets.data?.flatMap((wallet) => wallet.accounts) ?? [], [wallets.data])
  const [chosen, setChosen] = useState<string>()
  const [message, setMessage] = useState('Hello from the auth-proxy-kit playground')
  const account = accounts.find((candidate) => candidate.address === chosen) ?? accounts[0]
  const ethereum = accounts.find((candidate) => candidate.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
  const signed = signing.data
  const verification = useMemo(
    () =>
      signed && signing.variables
        ? verifyMessage(signed.addressFormat, textOf(signing.variables.message), signed.signature, signed.address)
        : undefined,
    [signed, signing.variables],
  )
  if (status !== 'signedIn') return null

  return (
    <section className="pg-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Wallet</h2>
      {wallets.isPending ? <p role="status">Loading the wallets…</p> : null}
      {wallets.isError ? (
        <p role="alert">
          {wallets.error.message}{' '}
          <button type="button" className="pg-button pg-button-small" onClick={() => void wallets.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {wallets.data && accounts.length === 0 ? <p>This user has no wallet account.</p> : null}
      {accounts.length > 0
        ? // Several wallets show under their names; one needs none.
          wallets.data
            ?.filter((wallet) => wallet.accounts.length > 0)
            .map((wallet, _index, shown) => (
              <div key={wallet.walletId} className="pg-wallet">
                {shown.length > 1 ? (
                  <p className="pg-wallet-name" id={`${id}-${wallet.walletId}`}>
                    {wallet.walletName}
                  </p>
                ) : null}
                <ul
                  className="pg-accounts"
                  {...(shown.length > 1
                    ? { 'aria-labelledby': `${id}-${wallet.walletId}` }
                    : { 'aria-label': 'Accounts' })}
                >
                  {wallet.accounts.map((row) => (
                    <AccountItem key={row.walletAccountId} account={row} />
                  ))}
                </ul>
              </div>
            ))
        : null}
      {account ? (
        <form
          className="pg-sign"
          onSubmit={(event) => {
            event.preventDefault()
            signing.signMessage({ account, message })
          }}
        >
          <h3>Sign a message</h3>
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            rows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <label htmlFor={`${id}-account`}>Account</label>
          <select id={`${id}-account`} value={account.address} onChange={(event) => setChosen(event.target.value)}>
            {accounts.map((row) => (
              <option key={row.walletAccountId} value={row.address}>
                {`${CHAINS[row.addressFormat] ?? row.addressFormat} ${row.address}`}
              </option>
            ))}
          </select>
          <button type="submit" className="pg-button" disabled={signing.isPending || message === ''}>
            {signing.isPending ? 'Signing…' : 'Sign'}
          </button>
          {signing.error ? <p role="alert">{signing.error.message}</p> : null}
          {signed ? (
            <dl className="pg-result">
              <dt>Signature</dt>
              <dd>
                <code className="pg-key" data-testid="signature">
                  {signed.signature}
                </code>
              </dd>
              <dt>Checked on this page</dt>
              <dd role="status" data-testid="verification">
                {verification?.ok
                  ? `Verified: signed by ${verification.signer}`
                  : `Not verified: ${verification?.reason ?? 'no message'}`}
              </dd>
            </dl>
          ) : null}
        </form>
      ) : null}
      {ethereum ? <SignTypedDataForm address={ethereum.address} /> : null}
      {ethereum ? <SignTransactionForm address={ethereum.address} /> : null}
    </section>
  )
}
