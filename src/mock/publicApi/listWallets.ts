import type {
  ListWalletAccountsResponse,
  ListWalletsResponse,
  PublicWallet,
  PublicWalletAccount,
} from '../../core/publicApiTypes'
import { MockError } from '../http'
import type { Fields } from '../validate'
import type { MockWallet, MockWalletAccount } from '../types'
import type { PublicApiContext } from './context'
import { protobufTime } from './protobufTimestamp'
import { verifyQueryStamp } from './verifyQueryStamp'

/** Production's default page size of list queries. */
export const DEFAULT_PAGE_LIMIT = 10

/** The query `list_wallets` (`{organizationId}`, stamped): the organization's wallets, oldest first. */
export async function listWallets(context: PublicApiContext): Promise<ListWalletsResponse> {
  await verifyQueryStamp(context)
  return { wallets: organizationWallets(context).map(publicWallet) }
}

/**
 * The query `list_wallet_accounts` (`{organizationId, walletId?, includeWalletDetails?}`, stamped): one
 * wallet's accounts (an unknown walletId is 5 NOT_FOUND), or every wallet's.
 */
export async function listWalletAccounts(context: PublicApiContext): Promise<ListWalletAccountsResponse> {
  const { body, scope } = context
  const walletId = body.optionalString('walletId')
  const includeWalletDetails = body.optionalBoolean('includeWalletDetails') ?? false
  const limit = readLimit(body.optionalObject('paginationOptions'))
  await verifyQueryStamp(context)
  const wallets = organizationWallets(context)
  const chosen = walletId === undefined ? wallets : wallets.filter((wallet) => wallet.walletId === walletId)
  if (walletId !== undefined && chosen.length === 0) {
    throw new MockError(5, `walletId: no wallet "${walletId}" in organization "${scope.organizationId}"`)
  }
  return {
    // Production answers the first `limit` (default 10) accounts.
    accounts: chosen
      .flatMap((wallet) =>
        wallet.accounts.map((account) => {
          const answer = publicWalletAccount(account)
          // Production's member beyond the kit's type: the account's wallet, when asked for.
          return includeWalletDetails ? { ...answer, walletDetails: publicWallet(wallet) } : answer
        }),
      )
      .slice(0, limit),
  }
}

/** Production's page size: 1 to 100, default 10. Cursors are not served by this mock. */
function readLimit(pagination: Fields | undefined): number {
  if (pagination === undefined) return DEFAULT_PAGE_LIMIT
  for (const cursor of ['before', 'after']) {
    if (pagination.has(cursor)) {
      throw new MockError(
        3,
        `${pagination.name(cursor)}: cursors are not served by this mock; ask for up to 100 accounts with limit`,
      )
    }
  }
  const text = pagination.optionalString('limit')
  if (text === undefined) return DEFAULT_PAGE_LIMIT
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : NaN
  if (!(limit >= 1 && limit <= 100)) {
    throw new MockError(3, `${pagination.name('limit')}: expected a number from 1 to 100 as a string, got "${text}"`)
  }
  return limit
}

function organizationWallets({ state, scope }: PublicApiContext): MockWallet[] {
  return state.organizations[scope.organizationId]?.wallets ?? []
}

function publicWallet(wallet: MockWallet): PublicWallet {
  const at = protobufTime(wallet.createdAt)
  return {
    walletId: wallet.walletId,
    walletName: wallet.walletName,
    createdAt: at,
    updatedAt: at,
    exported: false,
    imported: false,
  }
}

export function publicWalletAccount(account: MockWalletAccount): PublicWalletAccount {
  const at = protobufTime(account.createdAt)
  return {
    walletAccountId: account.walletAccountId,
    organizationId: account.organizationId,
    walletId: account.walletId,
    curve: account.curve,
    pathFormat: account.pathFormat,
    path: account.path,
    addressFormat: account.addressFormat,
    address: account.address,
    createdAt: at,
    updatedAt: at,
    publicKey: account.publicKey,
  }
}
