import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { parseTransaction, recoverTransactionAddress, serializeTransaction, type TransactionSerializable } from 'viem'
import { describe, expect, it } from 'vitest'
import { toHex } from '../encoding'
import { KitError } from '../errors'
import { activityAnswer, signedInWallet, WALLET_NOW, WALLET_ORG, xStampVerifies } from '../test/walletApi'
import type { SigningRequest } from './signingPrompt'
import { signTransaction } from './signTransaction'

const EIP1559: TransactionSerializable = {
  type: 'eip1559',
  chainId: 8453,
  nonce: 7,
  to: '0x1111111254EEB25477B68fb85Ed929f73A960582',
  value: 10n ** 15n,
  gas: 21_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
}

/** A Solana wire transaction with one empty signature slot and `message` after it. */
function solanaTransaction(message: Uint8Array): Uint8Array {
  return new Uint8Array([1, ...new Uint8Array(64), ...message])
}

describe('signTransaction with an Ethereum account', () => {
  it('sends the unsigned serialization as hex without 0x (TRANSACTION_TYPE_ETHEREUM); viem recovers the account from the answer', async () => {
    const { keys, fake, kit, sessionKey } = await signedInWallet()
    const unsigned = serializeTransaction(EIP1559)

    const signed = await signTransaction(kit, { account: keys.ethereum, unsignedTransaction: unsigned })

    expect(fake.endpoints()).toEqual(['submit/sign_transaction'])
    expect(JSON.parse(fake.texts[0] ?? '')).toEqual({
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      timestampMs: String(WALLET_NOW),
      organizationId: WALLET_ORG,
      parameters: {
        signWith: keys.ethereum.address,
        unsignedTransaction: unsigned.slice(2),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    })
    expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
    const hex = signed.signedTransaction as `0x${string}`
    expect(hex).toMatch(/^0x02[0-9a-f]+$/)
    expect(await recoverTransactionAddress({ serializedTransaction: hex as never })).toBe(keys.ethereum.address)
    expect(parseTransaction(hex)).toMatchObject({
      to: EIP1559.to?.toLowerCase(),
      value: EIP1559.value,
      nonce: 7,
      chainId: 8453,
    })
    expect(signed).toMatchObject({ address: keys.ethereum.address, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' })
    expect(toHex(signed.bytes)).toBe(hex.slice(2))
  })

  it('takes bytes as well as hex, and shows the prompt the transaction and its summary first', async () => {
    const { keys, fake, kit } = await signedInWallet()
    const seen: SigningRequest[] = []
    kit.signingPrompt.current = async (request) => void seen.push(request)
    const unsigned = serializeTransaction({
      type: 'legacy',
      chainId: 1,
      nonce: 1,
      to: EIP1559.to,
      value: 1n,
      gas: 21_000n,
      gasPrice: 3n,
    })
    const bytes = Uint8Array.from(Buffer.from(unsigned.slice(2), 'hex'))
    await signTransaction(kit, {
      account: keys.ethereum,
      unsignedTransaction: bytes,
      summary: { to: EIP1559.to, value: 1n },
    })
    expect(seen).toEqual([
      {
        kind: 'transaction',
        account: { address: keys.ethereum.address, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
        chain: 'ethereum',
        transaction: bytes,
        summary: { to: EIP1559.to, value: 1n },
      },
    ])
    expect(
      (JSON.parse(fake.texts[0] ?? '') as { parameters: { unsignedTransaction: string } }).parameters
        .unsignedTransaction,
    ).toBe(unsigned.slice(2))
  })

  it('sends nothing when the person declines in the prompt (USER_REJECTED)', async () => {
    const { keys, fake, kit } = await signedInWallet()
    kit.signingPrompt.current = async () => {
      throw new KitError('USER_REJECTED', 'declined')
    }
    await expect(
      signTransaction(kit, { account: keys.ethereum, unsignedTransaction: serializeTransaction(EIP1559) }),
    ).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(fake.calls).toHaveLength(0)
  })

  it.each([
    ['not hex', 'hello'],
    ['an odd number of digits', '0x02f'],
    ['empty', '0x'],
    ['a number', 42],
  ])(
    'refuses an unsigned transaction that is %s (CONFIG_INVALID), before any request',
    async (_name, unsignedTransaction) => {
      const { keys, fake, kit } = await signedInWallet()
      await expect(
        signTransaction(kit, { account: keys.ethereum, unsignedTransaction: unsignedTransaction as string }),
      ).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/unsignedTransaction/) })
      expect(fake.calls).toHaveLength(0)
    },
  )

  it.each([
    ['no result', {}],
    ['no hex', { signTransactionResult: { signedTransaction: 'xyz' } }],
    ['an empty transaction', { signTransactionResult: { signedTransaction: '' } }],
  ])('refuses an answer with %s (PROXY_BAD_RESPONSE)', async (_name, result) => {
    const { keys, kit } = await signedInWallet({
      overrides: { 'submit/sign_transaction': activityAnswer('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', result) },
    })
    await expect(
      signTransaction(kit, { account: keys.ethereum, unsignedTransaction: serializeTransaction(EIP1559) }),
    ).rejects.toMatchObject({ code: 'PROXY_BAD_RESPONSE', message: expect.stringMatching(/sign_transaction answer/) })
  })
})

describe('signTransaction with a Solana account', () => {
  it('sends the wire transaction (TRANSACTION_TYPE_SOLANA) and answers base64 with the signature in place, verified with noble', async () => {
    const { keys, fake, kit } = await signedInWallet()
    const message = new Uint8Array([
      1,
      0,
      1,
      2,
      ...base58.decode(keys.solana.address),
      ...new Uint8Array(64).fill(7),
      0,
    ])
    const unsigned = solanaTransaction(message)

    const signed = await signTransaction(kit, { account: keys.solana, unsignedTransaction: unsigned })

    expect((JSON.parse(fake.texts[0] ?? '') as { parameters: unknown }).parameters).toEqual({
      signWith: keys.solana.address,
      unsignedTransaction: toHex(unsigned),
      type: 'TRANSACTION_TYPE_SOLANA',
    })
    const bytes = base64.decode(signed.signedTransaction)
    expect(bytes).toEqual(signed.bytes)
    expect(bytes.slice(65)).toEqual(message)
    expect(ed25519.verify(bytes.slice(1, 65), message, base58.decode(keys.solana.address))).toBe(true)
  })

  it('refuses an answer whose message is not the one sent (PROXY_BAD_RESPONSE)', async () => {
    const message = new Uint8Array([1, 0, 0, 1, ...new Uint8Array(32), ...new Uint8Array(32), 0])
    const unsigned = solanaTransaction(message)
    const altered = solanaTransaction(message.map((byte, index) => (index === message.length - 1 ? 1 : byte)))
    for (const answer of [altered, unsigned.slice(1)]) {
      const { keys, kit } = await signedInWallet({
        overrides: {
          'submit/sign_transaction': activityAnswer('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', {
            signTransactionResult: { signedTransaction: toHex(answer) },
          }),
        },
      })
      await expect(signTransaction(kit, { account: keys.solana, unsignedTransaction: unsigned })).rejects.toMatchObject(
        {
          code: 'PROXY_BAD_RESPONSE',
          message: 'signTransaction: a Solana transaction other than the one sent in the sign_transaction answer',
        },
      )
    }
  })
})
