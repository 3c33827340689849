import type { LocalAccount } from 'viem'
import { chunks } from '../chunks'
import type { Kit } from '../core/createKit'
import { KitError } from '../core/errors'
import { createViemAccount } from './createViemAccount'

/**
 * The viem account of the signed-in user's first Ethereum account (getWallets' order: the sign-up
 * wallet's first). NOT_SIGNED_IN without a session; NOT_FOUND when the user has no Ethereum account.
 */
export async function getViemAccount(
  kit: Kit,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<LocalAccount> {
  const { getWallets } = await chunks.wallet.load()
  const wallets = await getWallets(kit, options)
  for (const wallet of wallets) {
    for (const account of wallet.accounts) {
      if (account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM') {
        return createViemAccount(kit, { address: account.address as `0x${string}` })
      }
    }
  }
  throw new KitError('NOT_FOUND', 'getViemAccount: the signed-in user has no Ethereum account')
}
