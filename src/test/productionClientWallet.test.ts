// Production's own client (@turnkey/core 1.14) signs with the wallet its sign-up made on the mock:
// signMessage (sign_raw_payload) and signTransaction (sign_transaction), sent in production's form and
// read from the mock's answers as production reads them; each signature is checked with viem or noble,
// implementations neither the mock nor the kit wrote.
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import {
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  verifyMessage,
  type Address,
  type TransactionSerializableEIP1559,
  type TransactionSerialized,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { TurnkeyClient } from '@turnkey/core'
import type { MockAuthProxy } from '../mock/types'
import {
  createProductionMock,
  installProductionClient,
  openProductionClient,
  productionEnums,
  recordCalls,
  sentCode,
} from './productionClientHarness'

let proxy: MockAuthProxy = createProductionMock()
installProductionClient(() => proxy)

type WalletAccount = Awaited<ReturnType<TurnkeyClient['fetchWallets']>>[number]['accounts'][number]

/** Signs up by email with production's completeOtp, asking for an Ethereum and a Solana account as its helpers build them. */
async function signedUpWithWallet(email: string): Promise<{
  device: TurnkeyClient
  ethereum: WalletAccount
  solana: WalletAccount
}> {
  const { OtpType } = productionEnums()
  const { generateWalletAccountsFromAddressFormat } = await import('@turnkey/core')
  const device = await openProductionClient()
  const otpId = await device.initOtp({ otpType: OtpType.Email, contact: email })
  await device.completeOtp({
    otpId,
    otpCode: sentCode(proxy, email),
    contact: email,
    otpType: OtpType.Email,
    createSubOrgParams: {
      customWallet: {
        walletName: 'Main',
        walletAccounts: generateWalletAccountsFromAddressFormat({
          addresses: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA'],
        }),
      },
    },
  })
  const accounts = (await device.fetchWallets()).flatMap((wallet) => wallet.accounts)
  const find = (format: string): WalletAccount => {
    const account = accounts.find((candidate) => candidate.addressFormat === format)
    if (account === undefined) throw new Error(`production's sign-up made no ${format} account`)
    return account
  }
  return { device, ethereum: find('ADDRESS_FORMAT_ETHEREUM'), solana: find('ADDRESS_FORMAT_SOLANA') }
}

describe("production client, signing with its sign-up's wallet", () => {
  it('signs an Ethereum message with addEthereumPrefix (sign_raw_payload): viem verifies it against the address', async () => {
    proxy = createProductionMock()
    const { device, ethereum } = await signedUpWithWallet('ada@example.com')
    const calls = recordCalls()
    const message = 'Sign in to Example at 2030-01-01'
    const { r, s, v } = await device.signMessage({ message, walletAccount: ethereum, addEthereumPrefix: true })
    expect(calls).toEqual(['submit/sign_raw_payload'])
    const signature = `0x${r}${s}${v === '00' ? '1b' : '1c'}` as const
    expect(await verifyMessage({ address: ethereum.address as Address, message, signature })).toBe(true)
    expect(await verifyMessage({ address: ethereum.address as Address, message: `${message}!`, signature })).toBe(false)
  })

  it('signs a Solana message (sign_raw_payload): noble verifies r‖s against the address', async () => {
    proxy = createProductionMock()
    const { device, solana } = await signedUpWithWallet('grace@example.com')
    const message = 'Sign in to Example'
    const { r, s } = await device.signMessage({ message, walletAccount: solana })
    const signature = hexToBytes(`${r}${s}`)
    expect(ed25519.verify(signature, new TextEncoder().encode(message), base58.decode(solana.address))).toBe(true)
  })

  it('signs an EIP-1559 transaction serialized by viem (sign_transaction): viem recovers the address, the fields unchanged', async () => {
    proxy = createProductionMock()
    const { device, ethereum } = await signedUpWithWallet('linus@example.com')
    const transaction: TransactionSerializableEIP1559 = {
      type: 'eip1559',
      chainId: 8453,
      to: '0x2222222222222222222222222222222222222222',
      value: 10n ** 16n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
      gas: 21000n,
      nonce: 3,
    }
    const unsigned = serializeTransaction(transaction)
    const calls = recordCalls()
    const signed = await device.signTransaction({
      walletAccount: ethereum,
      // Without 0x, as production's viem package sends it.
      unsignedTransaction: unsigned.slice(2),
      transactionType: 'TRANSACTION_TYPE_ETHEREUM',
    })
    expect(calls).toEqual(['submit/sign_transaction'])
    // Production answers without 0x (core 1.14's signTransaction says so); a caller adds it.
    expect(signed).toMatch(/^02[0-9a-f]+$/)
    const serializedTransaction = `0x${signed}` as TransactionSerialized
    expect(await recoverTransactionAddress({ serializedTransaction })).toBe(ethereum.address)
    const { r: _r, s: _s, v: _v, yParity: _yParity, ...fields } = parseTransaction(serializedTransaction)
    expect(fields).toEqual(parseTransaction(unsigned))
  })

  it("signs a Solana transaction (sign_transaction): the account's slot holds a signature noble verifies over the message", async () => {
    proxy = createProductionMock()
    const { device, solana } = await signedUpWithWallet('hedy@example.com')
    // A legacy message written out from Solana's wire format: one required signer (the account), a program,
    // a recent blockhash and one instruction; every count is under 128, so each compact-u16 is one byte.
    const message = concatBytes(
      new Uint8Array([1, 0, 1, 2]),
      base58.decode(solana.address),
      new Uint8Array(32),
      new Uint8Array(32).fill(9),
      new Uint8Array([1, 1, 1, 0, 4, 2, 0, 0, 0]),
    )
    const unsigned = concatBytes(new Uint8Array([1]), new Uint8Array(64), message)
    const signed = await device.signTransaction({
      walletAccount: solana,
      unsignedTransaction: bytesToHex(unsigned),
      transactionType: 'TRANSACTION_TYPE_SOLANA',
    })
    const bytes = hexToBytes(signed)
    expect(bytes.subarray(65)).toEqual(message)
    expect(ed25519.verify(bytes.subarray(1, 65), message, base58.decode(solana.address))).toBe(true)
  })
})
