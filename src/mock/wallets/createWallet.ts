import { bytesToHex } from '@noble/hashes/utils.js'
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { hexToBytes } from '@noble/hashes/utils.js'
import { isoTime } from '../endpoints/context'
import type { MockWallet, MockWalletAccount } from '../types'
import { deriveAccount, type CheckedAccountSpec } from './deriveAccount'

export interface WalletSpec {
  walletName: string
  accounts: CheckedAccountSpec[]
}

/**
 * A new wallet from a fresh 12-word mnemonic (128 bits of entropy), kept in the mock's state and never
 * sent; each account derived from its seed.
 */
export function createWallet(organizationId: string, spec: WalletSpec, createdAtMs: number): MockWallet {
  const mnemonic = generateMnemonic(wordlist, 128)
  const seed = mnemonicToSeedSync(mnemonic)
  const walletId = crypto.randomUUID()
  const createdAt = isoTime(createdAtMs)
  return {
    walletId,
    walletName: spec.walletName,
    mnemonic,
    seed: bytesToHex(seed),
    createdAt,
    accounts: spec.accounts.map((account): MockWalletAccount => {
      const { address, publicKey } = deriveAccount(seed, account)
      return { walletAccountId: crypto.randomUUID(), organizationId, walletId, ...account, address, publicKey, createdAt }
    }),
  }
}

/** The private key of `account`, derived again from its wallet's seed: keys are not stored. */
export function accountPrivateKey(wallet: MockWallet, account: MockWalletAccount): Uint8Array {
  return deriveAccount(hexToBytes(wallet.seed), account).privateKey
}
