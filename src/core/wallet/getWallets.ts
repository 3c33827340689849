import type { Kit } from '../contracts'
import type { PublicWallet, PublicWalletAccount } from '../publicApiTypes'
import { checkAnswer } from './checkAnswer'
import { apiKeyStamper } from '../stamp/stamper'
import { signedInSession, throwIfAborted } from './signedInSession'
import { callOptions, checkWalletCall, type WalletCallOptions } from './walletOptions'

// Production answers 10 accounts by default; 100 is its most, and what its own client asks for.
const ACCOUNTS_PAGE = '100'

export type GetWalletsOptions = WalletCallOptions

/** A wallet with its accounts, in the order the API lists them. */
export interface WalletWithAccounts extends PublicWallet {
  accounts: PublicWalletAccount[]
}

/**
 * The signed-in user's wallets with their accounts: list_wallets and list_wallet_accounts (all accounts
 * of the organization in one request, up to 100), both stamped X-Stamp by the session key and sent together.
 * Accounts are grouped under their wallet; an account naming no listed wallet is left out.
 */
export async function getWallets(kit: Kit, options: GetWalletsOptions = {}): Promise<WalletWithAccounts[]> {
  const label = 'getWallets'
  checkWalletCall(kit, options, label)
  const { signal } = options
  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  const stamper = apiKeyStamper(kit, session.publicKey)
  const { organizationId } = session
  const [{ wallets }, { accounts }] = await Promise.all([
    kit.publicApi
      .query('list_wallets', { organizationId }, stamper, callOptions(signal))
      .then((answer) => checkAnswer('list_wallets', answer, ['wallets[].walletId', 'wallets[].walletName'])),
    kit.publicApi
      .query(
        'list_wallet_accounts',
        { organizationId, paginationOptions: { limit: ACCOUNTS_PAGE } },
        stamper,
        callOptions(signal),
      )
      .then((answer) =>
        checkAnswer('list_wallet_accounts', answer, [
          'accounts[].walletId',
          'accounts[].address',
          'accounts[].addressFormat',
        ]),
      ),
  ])
  return wallets.map((wallet) => ({
    ...wallet,
    accounts: accounts.filter((account) => account.walletId === wallet.walletId),
  }))
}
