import { MockError } from '../http'
import type { MockWallet, MockWalletAccount } from '../types'
import { accountPrivateKey } from '../wallets/createWallet'
import type { PublicApiContext } from './context'

/** The wallet account a signing activity names, and its key, derived again for this one signature. */
export interface SigningAccount {
  wallet: MockWallet
  account: MockWalletAccount
  privateKey: Uint8Array
}

/**
 * The account of the request's organization whose address is `signWith` (Ethereum addresses compare
 * case-insensitively, as they are one address in any case; base58 does not). Another organization's
 * account is not found: 5 NOT_FOUND naming `field`, as an address no wallet has.
 */
export function signingAccount({ state, scope }: PublicApiContext, signWith: string, field: string): SigningAccount {
  for (const wallet of state.organizations[scope.organizationId]?.wallets ?? []) {
    for (const account of wallet.accounts) {
      const same =
        account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM'
          ? account.address.toLowerCase() === signWith.toLowerCase()
          : account.address === signWith
      if (same) return { wallet, account, privateKey: accountPrivateKey(wallet, account) }
    }
  }
  throw new MockError(
    5,
    `${field}: "${signWith}" is no wallet account address of organization "${scope.organizationId}"`,
  )
}
