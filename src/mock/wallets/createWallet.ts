import { bytesToHex } from '@noble/hashes/utils.js'
import { generateMnemonic, mnemonicToSeedWebcrypto } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { hexToBytes } from '@noble/hashes/utils.js'
import { isoTime } from '../endpoints/context'
import type { MockWallet, MockWalletAccount } from '../types'
import { deriveAccount, type CheckedAccountSpec } from './deriveAccount'

export interface WalletSpec {
  walletName: string
  accounts: CheckedAccountSpec[]
}

/** Words in a mnemonic production generates: 12 by default; each 3 words carry 32 bits of entropy. */
export const MNEMONIC_LENGTHS = [12, 15, 18, 21, 24] as const
export type MnemonicLength = (typeof MNEMONIC_LENGTHS)[number]

/** A wallet's secret: its BIP-39 mnemonic and the seed its accounts are derived from. */
export interface WalletSeed {
  mnemonic: string
  seed: Uint8Array
}

/**
 * A fresh BIP-39 mnemonic (12 words, 128 bits of entropy, unless asked for more) and its seed, made
 * before a request writes anything (the one wait of a wallet's creation). The seed is BIP-39's PBKDF2 by
 * WebCrypto: the same bytes as @scure/bip39's mnemonicToSeedSync at a tenth of the time (about 8 ms
 * against 80), which every sign-up with a wallet paid, and the test suite thousands of times.
 */
export async function newWalletSeed(mnemonicLength: MnemonicLength = 12): Promise<WalletSeed> {
  const mnemonic = generateMnemonic(wordlist, (mnemonicLength / 3) * 32)
  return { mnemonic, seed: await mnemonicToSeedWebcrypto(mnemonic) }
}

/**
 * A new wallet from a fresh seed (newWalletSeed), kept in the mock's state and never sent; each account
 * derived from its seed.
 */
export function createWallet(
  organizationId: string,
  spec: WalletSpec,
  createdAtMs: number,
  { mnemonic, seed }: WalletSeed,
): MockWallet {
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
      return {
        walletAccountId: crypto.randomUUID(),
        organizationId,
        walletId,
        ...account,
        address,
        publicKey,
        createdAt,
      }
    }),
  }
}

/** The private key of `account`, derived again from its wallet's seed: keys are not stored. */
export function accountPrivateKey(wallet: MockWallet, account: MockWalletAccount): Uint8Array {
  return deriveAccount(hexToBytes(wallet.seed), account).privateKey
}
