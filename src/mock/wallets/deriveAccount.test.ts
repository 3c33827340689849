// Derivation against published vectors: nothing here is computed by the code under test's own libraries.
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { MockError } from '../http'
import { checkAccountSpec, deriveAccount, type AccountSpec } from './deriveAccount'
import { parseDerivationPath } from './derivationPath'
import { slip10HardenedChild, slip10Master } from './slip10Ed25519'

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const HARDHAT = 'test test test test test test test test test test test junk'

const ethereum = (path = "m/44'/60'/0'/0/0"): AccountSpec => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
})
const solana = (path = "m/44'/501'/0'/0'"): AccountSpec => ({
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path,
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
})

function refused(run: () => unknown, message: string): void {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(MockError)
    expect(error).toMatchObject({ code: 3, message })
    return
  }
  throw new Error('expected a MockError')
}

describe('BIP-39 (the mnemonic and its seed)', () => {
  it('gives the Trezor reference seed for abandon … about with the passphrase TREZOR', () => {
    // https://github.com/trezor/python-mnemonic/blob/master/vectors.json, first English vector.
    expect(bytesToHex(mnemonicToSeedSync(ABANDON, 'TREZOR'))).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    )
  })
})

describe('BIP-32 test vector 1 (secp256k1)', () => {
  // https://github.com/bitcoin/bips/blob/master/bip-0032.mediawiki#test-vector-1
  const seed = hexToBytes('000102030405060708090a0b0c0d0e0f')
  it.each([
    [
      'm',
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    ],
    [
      "m/0'/1/2'/2/1000000000",
      'xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76',
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    ],
  ])('%s', (path, xprv, xpub) => {
    const node = HDKey.fromMasterSeed(seed).derive(path)
    expect(node.privateExtendedKey).toBe(xprv)
    expect(node.publicExtendedKey).toBe(xpub)
  })

  it("derives the same key through deriveAccount (the vector's public key at m/0H/1/2H/2/1000000000)", () => {
    const account = checkAccountSpec(ethereum("m/0'/1/2'/2/1000000000"), 'account')
    expect(deriveAccount(seed, account).publicKey).toBe(
      '022a471424da5e657499d1ff51cb43c47481a03b1e77f951fe64cec9f5a48f7011',
    )
  })
})

describe('SLIP-10 ed25519 test vector 1', () => {
  // https://github.com/satoshilabs/slips/blob/master/slip-0010.md#test-vector-1-for-ed25519
  const seed = hexToBytes('000102030405060708090a0b0c0d0e0f')
  it.each([
    [
      'm',
      [],
      '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
      'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
    ],
    [
      'm/0H/1H/2H/2H/1000000000H',
      [0, 1, 2, 2, 1_000_000_000],
      '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
      '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
      '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
    ],
  ])('%s', (_path, indexes, chainCode, privateKey, publicKey) => {
    let node = slip10Master(seed)
    for (const index of indexes) node = slip10HardenedChild(node, index)
    expect(bytesToHex(node.chainCode)).toBe(chainCode)
    expect(bytesToHex(node.privateKey)).toBe(privateKey)
    // The vector writes the public key with a leading 00 byte; the key itself is the 32 bytes after it.
    expect(bytesToHex(ed25519.getPublicKey(node.privateKey))).toBe(publicKey)
  })

  it('derives the same through deriveAccount for an all-hardened path', () => {
    const account = checkAccountSpec(solana("m/0'/1'/2'/2'/1000000000'"), 'account')
    expect(account.path).toBe("m/0'/1'/2'/2'/1000000000'")
    expect(deriveAccount(seed, account).publicKey).toBe(
      '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
    )
  })
})

describe('known mnemonics give the addresses wallets show', () => {
  it("Hardhat's and Foundry's test mnemonic gives their account #0 at m/44'/60'/0'/0/0, EIP-55 checksummed", () => {
    // Hardhat's documented default account #0 (https://hardhat.org/hardhat-network/docs/reference#accounts).
    const seed = mnemonicToSeedSync(HARDHAT)
    const account = deriveAccount(seed, checkAccountSpec(ethereum(), 'account'))
    expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(account.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    // The next index is the next account (#1).
    expect(deriveAccount(seed, checkAccountSpec(ethereum("m/44'/60'/0'/0/1"), 'account')).address).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
  })

  it("abandon … about gives MetaMask's and Phantom's first accounts", () => {
    // The BIP-39 test mnemonic's first Ethereum account (MetaMask, m/44'/60'/0'/0/0) and first Solana
    // account (Phantom and Solflare, m/44'/501'/0'/0'), as published in many wallets' test suites (e.g.
    // Ian Coleman's BIP-39 tool shows the same Ethereum address).
    const seed = mnemonicToSeedSync(ABANDON)
    expect(deriveAccount(seed, checkAccountSpec(ethereum(), 'account')).address).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    )
    expect(deriveAccount(seed, checkAccountSpec(solana(), 'account')).address).toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    )
  })

  it("accepts h and H as the hardened mark, as BIP-32's own vectors write it", () => {
    const seed = mnemonicToSeedSync(HARDHAT)
    expect(deriveAccount(seed, checkAccountSpec(ethereum('m/44h/60H/0h/0/0'), 'account')).address).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
  })
})

describe('checkAccountSpec', () => {
  it('refuses what the mock does not derive, naming the field', () => {
    refused(
      () => checkAccountSpec({ ...ethereum(), curve: 'CURVE_P256' }, 'wallet.accounts[0]'),
      'wallet.accounts[0].curve: expected one of CURVE_SECP256K1, CURVE_ED25519, got "CURVE_P256"',
    )
    refused(
      () => checkAccountSpec({ ...ethereum(), pathFormat: 'PATH_FORMAT_SLIP10' }, 'a'),
      'a.pathFormat: expected PATH_FORMAT_BIP32, got "PATH_FORMAT_SLIP10"',
    )
    refused(
      () => checkAccountSpec({ ...ethereum(), addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH' }, 'a'),
      'a.addressFormat: expected one of ADDRESS_FORMAT_ETHEREUM, ADDRESS_FORMAT_SOLANA (the formats this mock derives), got "ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH"',
    )
    refused(
      () => checkAccountSpec({ ...ethereum(), curve: 'CURVE_ED25519' }, 'a'),
      'a.addressFormat: ADDRESS_FORMAT_ETHEREUM is made from CURVE_SECP256K1 keys, not CURVE_ED25519',
    )
    refused(
      () => checkAccountSpec({ ...solana(), curve: 'CURVE_SECP256K1' }, 'a'),
      'a.addressFormat: ADDRESS_FORMAT_SOLANA is made from CURVE_ED25519 keys, not CURVE_SECP256K1',
    )
  })

  it('refuses a non-hardened level on ed25519, naming the path', () => {
    refused(
      () => checkAccountSpec(solana("m/44'/501'/0'/0"), 'wallet.accounts[1]'),
      `wallet.accounts[1].path: "m/44'/501'/0'/0" has a non-hardened level (0); ed25519 derives hardened levels only (SLIP-10), e.g. m/44'/501'/0'/0'`,
    )
  })
})

describe('parseDerivationPath', () => {
  it('reads hardened and normal levels', () => {
    expect(parseDerivationPath("m/44'/60'/0'/0/7", 'path')).toEqual([
      { index: 44, hardened: true },
      { index: 60, hardened: true },
      { index: 0, hardened: true },
      { index: 0, hardened: false },
      { index: 7, hardened: false },
    ])
    expect(parseDerivationPath('m', 'path')).toEqual([])
  })

  it.each([
    ["44'/60'", `path: expected a BIP-32 path like m/44'/60'/0'/0/0, got "44'/60'"`],
    ["m/44'//0", `path: "" in "m/44'//0" is not a level index (0..2147483647, ' for hardened)`],
    ['m/2147483648', `path: "2147483648" in "m/2147483648" is not a level index (0..2147483647, ' for hardened)`],
    ['m/01', `path: "01" in "m/01" is not a level index (0..2147483647, ' for hardened)`],
    ['m/-1', `path: "-1" in "m/-1" is not a level index (0..2147483647, ' for hardened)`],
    [`m${'/0'.repeat(33)}`, `path: "m${'/0'.repeat(33)}" has 33 levels; at most 32 are derived`],
  ])('refuses %s', (path, message) => {
    refused(() => parseDerivationPath(path, 'path'), message)
  })
})
