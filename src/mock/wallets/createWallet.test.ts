import { bytesToHex } from '@noble/hashes/utils.js'
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, it } from 'vitest'
import { DEMO_DEFAULT_WALLET } from '../tenants'
import { MNEMONIC_LENGTHS, createWallet, newWalletSeed } from './createWallet'
import { deriveAccount, type CheckedAccountSpec } from './deriveAccount'

/** The demo tenant's first account: Ethereum's first BIP-44 path. */
const ETHEREUM = DEMO_DEFAULT_WALLET.accounts[0] as CheckedAccountSpec

describe('newWalletSeed', () => {
  it.each(MNEMONIC_LENGTHS)(
    'makes a valid %i-word mnemonic and its BIP-39 seed (WebCrypto, as the sync JS computes it)',
    async (length) => {
      const { mnemonic, seed } = await newWalletSeed(length)
      expect(mnemonic.split(' ')).toHaveLength(length)
      expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
      expect(bytesToHex(seed)).toBe(bytesToHex(mnemonicToSeedSync(mnemonic)))
    },
  )

  it('makes a new mnemonic each time', async () => {
    const [a, b] = await Promise.all([newWalletSeed(), newWalletSeed()])
    expect(a.mnemonic).not.toBe(b.mnemonic)
  })
})

describe('createWallet', () => {
  it("derives each account from the seed it is given, and keeps the seed's hex", async () => {
    const seed = await newWalletSeed()
    const wallet = createWallet('org-1', { walletName: 'Main', accounts: [ETHEREUM] }, Date.UTC(2030, 0, 1), seed)
    expect(wallet.mnemonic).toBe(seed.mnemonic)
    expect(wallet.seed).toBe(bytesToHex(seed.seed))
    expect(wallet.accounts[0]?.address).toBe(deriveAccount(mnemonicToSeedSync(seed.mnemonic), ETHEREUM).address)
    expect(wallet.createdAt).toBe('2030-01-01T00:00:00.000Z')
  })
})
