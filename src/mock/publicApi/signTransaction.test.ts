import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import {
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
  type TransactionSerialized,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { MAX_UNSIGNED_TRANSACTION_CHARS } from '../limits'
import { itRefusesLikeEveryStampedActivity } from '../testing/activityRefusals'
import { expectRefused, type RefusalCode } from '../testing/expectRefused'
import { ok, type TestClock } from '../testing/harness'
import { signTransactionBody, signedInEmailUser, stampedCall, type SignedInUser } from '../testing/publicApi'
import type { MockAuthProxy } from '../types'
import { signedInWithWallet, walletAddresses, type WalletAddresses } from '../testing/walletAddresses'

interface SignAnswer {
  activity: {
    status: string
    type: string
    intent: { signTransactionIntentV2: Record<string, string> }
    result: { signTransactionResult: { signedTransaction: string } }
  }
}

function sign(proxy: MockAuthProxy, clock: TestClock, user: SignedInUser, parameters: object) {
  return stampedCall(
    proxy,
    'submit/sign_transaction',
    signTransactionBody(user.organizationId, parameters, clock),
    user.sessionKey,
  )
}

async function signedTransaction(answer: ReturnType<typeof sign>, parameters: object): Promise<string> {
  const { activity } = await ok<SignAnswer>(answer)
  expect(activity).toMatchObject({
    status: 'ACTIVITY_STATUS_COMPLETED',
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    intent: { signTransactionIntentV2: parameters },
  })
  const signed = activity.result.signTransactionResult.signedTransaction
  // Production answers hex without 0x; its viem package adds the 0x.
  expect(signed).toMatch(/^[0-9a-f]+$/)
  return signed
}

const TO = '0x2222222222222222222222222222222222222222'
// A delegate's authorization for EIP-7702, signed by a key of its own (viem's), carried in the transaction.
const AUTHORITY = privateKeyToAccount(`0x${'42'.repeat(32)}`)

const ETHEREUM_TRANSACTIONS: [string, () => Promise<TransactionSerializable>][] = [
  ['legacy, no chain id', async () => ({ type: 'legacy', to: TO, value: 1n, gasPrice: 10n, gas: 21000n, nonce: 0 })],
  [
    'legacy with an EIP-155 chain id',
    async () => ({ type: 'legacy', chainId: 1, to: TO, value: 1n, gasPrice: 10n, gas: 21000n, nonce: 5 }),
  ],
  [
    'EIP-2930 with an access list',
    async () => ({
      type: 'eip2930',
      chainId: 1,
      to: TO,
      value: 1n,
      gasPrice: 10n,
      gas: 30000n,
      nonce: 5,
      accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    }),
  ],
  [
    'EIP-1559 with calldata',
    async () => ({
      type: 'eip1559',
      chainId: 8453,
      to: TO,
      value: 10n ** 18n,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 1n,
      gas: 50000n,
      nonce: 7,
      data: '0xa9059cbb',
    }),
  ],
  [
    'EIP-1559 creating a contract (no to)',
    async () => ({
      type: 'eip1559',
      chainId: 1,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 1n,
      gas: 100000n,
      nonce: 0,
      data: '0x6000',
    }),
  ],
  [
    'EIP-7702 with an authorization list',
    async () => ({
      type: 'eip7702',
      chainId: 1,
      to: TO,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 1n,
      gas: 100000n,
      nonce: 1,
      authorizationList: [await AUTHORITY.signAuthorization({ address: TO, chainId: 1, nonce: 3 })],
    }),
  ],
]

/** A 1559 transfer's unsigned serialization, as production's viem package sends it (no 0x). */
const TRANSFER = serializeTransaction({
  type: 'eip1559',
  chainId: 1,
  to: TO,
  value: 1n,
  maxFeePerGas: 10n,
  maxPriorityFeePerGas: 1n,
  gas: 21000n,
  nonce: 0,
}).slice(2)

// Solana's wire format, written out for the tests from https://solana.com/docs/core/transactions. Every
// count here is under 128, so each compact-u16 is the one byte of its value.
const PROGRAM = new Uint8Array(32).fill(7)
const BLOCKHASH = new Uint8Array(32).fill(9)

interface SolanaMessage {
  version?: 0
  /** Signers first, then the program; `header[0]` signers are required. */
  keys: Uint8Array[]
  header: [number, number, number]
  instruction?: { program: number; accounts: number[]; data: number[] }
  lookups?: { table: Uint8Array; writable: number[]; readonly: number[] }[]
}

function solanaMessage({ version, keys, header, instruction, lookups = [] }: SolanaMessage): Uint8Array {
  const { program, accounts, data } = instruction ?? { program: keys.length - 1, accounts: [0], data: [2, 0, 0, 0] }
  return concatBytes(
    new Uint8Array(version === 0 ? [0x80] : []),
    new Uint8Array(header),
    new Uint8Array([keys.length]),
    ...keys,
    BLOCKHASH,
    new Uint8Array([1, program, accounts.length, ...accounts, data.length, ...data]),
    ...(version === 0
      ? [
          new Uint8Array([lookups.length]),
          ...lookups.flatMap(({ table, writable, readonly }) => [
            table,
            new Uint8Array([writable.length, ...writable, readonly.length, ...readonly]),
          ]),
        ]
      : []),
  )
}

/** The whole transaction: the count of signature slots, the slots, the message. */
function solanaTransaction(message: Uint8Array, slots: Uint8Array[]): Uint8Array {
  return concatBytes(new Uint8Array([slots.length]), ...slots, message)
}

const EMPTY_SLOT = new Uint8Array(64)

describe('sign_transaction, Ethereum', () => {
  it.each(ETHEREUM_TRANSACTIONS)(
    'signs a %s transaction: viem recovers the account and reads the same fields',
    async (_name, transaction) => {
      const { proxy, clock, ada, ethereum } = await signedInWithWallet()
      const fields = await transaction()
      const unsigned = serializeTransaction(fields)
      const parameters = { signWith: ethereum, unsignedTransaction: unsigned, type: 'TRANSACTION_TYPE_ETHEREUM' }
      const signed =
        `0x${await signedTransaction(sign(proxy, clock, ada, parameters), parameters)}` as TransactionSerialized
      expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(ethereum)
      const { r, s, v, yParity, ...read } = parseTransaction(signed)
      expect({ r, s }).toEqual({ r: expect.stringMatching(/^0x[0-9a-f]+$/), s: expect.stringMatching(/^0x[0-9a-f]+$/) })
      expect(yParity ?? v).toBeDefined()
      // The unsigned legacy EIP-155 form carries its chain id where v goes: viem reads it as chainId either way.
      expect(read).toEqual(parseTransaction(unsigned))
    },
  )

  it('takes the hex without 0x, as production viem sends it', async () => {
    const { proxy, clock, ada, ethereum } = await signedInWithWallet()
    const parameters = {
      signWith: ethereum.toLowerCase(),
      unsignedTransaction: TRANSFER,
      type: 'TRANSACTION_TYPE_ETHEREUM',
    }
    const signed =
      `0x${await signedTransaction(sign(proxy, clock, ada, parameters), parameters)}` as TransactionSerialized
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(ethereum)
  })
})

describe('sign_transaction, Solana', () => {
  it('signs a legacy transaction with one signer: the signature in slot 0 verifies over the message', async () => {
    const { proxy, clock, ada, solana } = await signedInWithWallet()
    const message = solanaMessage({ keys: [base58.decode(solana), PROGRAM], header: [1, 0, 1] })
    const unsigned = solanaTransaction(message, [EMPTY_SLOT])
    const parameters = { signWith: solana, unsignedTransaction: bytesToHex(unsigned), type: 'TRANSACTION_TYPE_SOLANA' }
    const signed = hexToBytes(await signedTransaction(sign(proxy, clock, ada, parameters), parameters))
    expect(signed.length).toBe(unsigned.length)
    expect(signed.subarray(65)).toEqual(message)
    expect(ed25519.verify(signed.subarray(1, 65), message, base58.decode(solana))).toBe(true)
  })

  it("signs a v0 transaction in the account's slot (the second signer), leaving the fee payer's slot as sent", async () => {
    const { proxy, clock, ada, solana } = await signedInWithWallet()
    const feePayer = new Uint8Array(32).fill(3)
    const message = solanaMessage({
      version: 0,
      keys: [feePayer, base58.decode(solana), PROGRAM],
      header: [2, 1, 1],
      instruction: { program: 2, accounts: [0, 1, 3], data: [1] },
      lookups: [{ table: new Uint8Array(32).fill(5), writable: [4], readonly: [] }],
    })
    const feePayerSignature = new Uint8Array(64).fill(0x11)
    const unsigned = solanaTransaction(message, [feePayerSignature, EMPTY_SLOT])
    const parameters = {
      signWith: solana,
      unsignedTransaction: `0x${bytesToHex(unsigned)}`,
      type: 'TRANSACTION_TYPE_SOLANA',
    }
    const signed = hexToBytes(await signedTransaction(sign(proxy, clock, ada, parameters), parameters))
    expect(signed.subarray(1, 65)).toEqual(feePayerSignature)
    expect(signed.subarray(129)).toEqual(message)
    expect(ed25519.verify(signed.subarray(65, 129), message, base58.decode(solana))).toBe(true)
  })
})

const SIGNED_TRANSFER = async (): Promise<string> =>
  (
    await privateKeyToAccount(`0x${'11'.repeat(32)}`).signTransaction({
      type: 'eip1559',
      chainId: 1,
      to: TO,
      value: 1n,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 1n,
      gas: 21000n,
      nonce: 0,
    })
  ).slice(2)

describe('sign_transaction refusals', () => {
  it.each<[string, (accounts: WalletAddresses) => Promise<object>, RefusalCode, string | RegExp]>([
    [
      'bytes that are no Ethereum transaction',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: 'c2c0ff',
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      3,
      /^parameters\.unsignedTransaction: not an unsigned legacy transaction: .+/,
    ],
    [
      'a truncated EIP-1559 transaction',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: TRANSFER.slice(0, -4),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      3,
      /^parameters\.unsignedTransaction: not an unsigned EIP-1559 transaction: .+/,
    ],
    [
      'a transaction signed already',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: await SIGNED_TRANSFER(),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      3,
      'parameters.unsignedTransaction: this EIP-1559 transaction is signed already; send its unsigned serialization',
    ],
    [
      'a blob transaction (type 0x03)',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: `03${TRANSFER.slice(2)}`,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      3,
      'parameters.unsignedTransaction: an EIP-4844 blob transaction (type 0x03) is not supported by the mock; send a legacy, 0x01, 0x02 or 0x04 transaction',
    ],
    [
      'a transaction type no EIP defines (0x05)',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: `05${TRANSFER.slice(2)}`,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      3,
      'parameters.unsignedTransaction: transaction type 0x05 is not one the mock signs: legacy (an RLP list), 0x01 (EIP-2930), 0x02 (EIP-1559) or 0x04 (EIP-7702)',
    ],
    [
      'hex that is not hex',
      async ({ ethereum }) => ({ signWith: ethereum, unsignedTransaction: '0xzz', type: 'TRANSACTION_TYPE_ETHEREUM' }),
      3,
      "parameters.unsignedTransaction: expected the transaction's bytes as hex (0x optional), an even number of hex digits",
    ],
    [
      'no bytes',
      async ({ ethereum }) => ({ signWith: ethereum, unsignedTransaction: '0x', type: 'TRANSACTION_TYPE_ETHEREUM' }),
      3,
      "parameters.unsignedTransaction: expected the transaction's bytes as hex (0x optional), an even number of hex digits",
    ],
    [
      'a transaction over the cap',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: 'ab'.repeat(MAX_UNSIGNED_TRANSACTION_CHARS / 2 + 1),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      3,
      `parameters.unsignedTransaction: too long: at most ${MAX_UNSIGNED_TRANSACTION_CHARS} characters for unsignedTransaction, got ${MAX_UNSIGNED_TRANSACTION_CHARS + 2}`,
    ],
    [
      'a type production does not define',
      async ({ ethereum }) => ({ signWith: ethereum, unsignedTransaction: TRANSFER, type: 'TRANSACTION_TYPE_COSMOS' }),
      3,
      'parameters.type: expected one of TRANSACTION_TYPE_ETHEREUM, TRANSACTION_TYPE_SOLANA, TRANSACTION_TYPE_TRON, TRANSACTION_TYPE_BITCOIN, TRANSACTION_TYPE_TEMPO, got "TRANSACTION_TYPE_COSMOS"',
    ],
    ...(['TRANSACTION_TYPE_TRON', 'TRANSACTION_TYPE_BITCOIN', 'TRANSACTION_TYPE_TEMPO'] as const).map(
      (type): [string, (accounts: WalletAddresses) => Promise<object>, RefusalCode, string] => [
        `${type}, which production signs and the mock does not`,
        async ({ ethereum }) => ({ signWith: ethereum, unsignedTransaction: TRANSFER, type }),
        3,
        `parameters.type: ${type} is not supported by the mock; it signs TRANSACTION_TYPE_ETHEREUM and TRANSACTION_TYPE_SOLANA`,
      ],
    ),
    [
      'an Ethereum transaction for a Solana account',
      async ({ solana }) => ({ signWith: solana, unsignedTransaction: TRANSFER, type: 'TRANSACTION_TYPE_ETHEREUM' }),
      3,
      /^parameters\.type: TRANSACTION_TYPE_ETHEREUM is signed by a secp256k1 \(Ethereum\) account; parameters\.signWith "\w+" is an ed25519 \(Solana\) account$/,
    ],
    [
      'a Solana transaction for an Ethereum account',
      async ({ ethereum }) => ({
        signWith: ethereum,
        unsignedTransaction: bytesToHex(
          solanaTransaction(solanaMessage({ keys: [new Uint8Array(32).fill(1), PROGRAM], header: [1, 0, 1] }), [
            EMPTY_SLOT,
          ]),
        ),
        type: 'TRANSACTION_TYPE_SOLANA',
      }),
      3,
      /^parameters\.type: TRANSACTION_TYPE_SOLANA is signed by an ed25519 \(Solana\) account; parameters\.signWith "0x[0-9a-fA-F]{40}" is a secp256k1 \(Ethereum\) account$/,
    ],
    [
      'a Solana transaction the account is not a required signer of',
      async ({ solana }) => ({
        signWith: solana,
        // The account is in the message, but as an unsigned account.
        unsignedTransaction: bytesToHex(
          solanaTransaction(
            solanaMessage({
              keys: [new Uint8Array(32).fill(1), base58.decode(solana), PROGRAM],
              header: [1, 0, 1],
            }),
            [EMPTY_SLOT],
          ),
        ),
        type: 'TRANSACTION_TYPE_SOLANA',
      }),
      3,
      "parameters.signWith: the account is not among the 1 required signer of this transaction's message",
    ],
    [
      'an address that is no account of the organization',
      async () => ({
        signWith: '0x0000000000000000000000000000000000000001',
        unsignedTransaction: TRANSFER,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      }),
      5,
      /^parameters\.signWith: "0x0000000000000000000000000000000000000001" is no wallet account address of organization "[0-9a-f-]+"$/,
    ],
  ])('refuses %s, changing nothing', async (_name, parameters, code, message) => {
    const { proxy, clock, ada, ...addresses } = await signedInWithWallet()
    const body = await parameters(addresses)
    await expectRefused(proxy, () => sign(proxy, clock, ada, body), code, message)
  })

  const signer = new Uint8Array(32).fill(1)
  const legacy = solanaMessage({ keys: [signer, PROGRAM], header: [1, 0, 1] })
  it.each<[string, Uint8Array, string]>([
    ['no bytes after the count', new Uint8Array([1]), 'it ends inside the 1 signatures (64 bytes, 0 left)'],
    ['no message', solanaTransaction(new Uint8Array(), [EMPTY_SLOT]), 'it ends before the message'],
    [
      'fewer slots than required signatures',
      solanaTransaction(solanaMessage({ keys: [signer, signer.map((byte) => byte + 1), PROGRAM], header: [2, 0, 1] }), [
        EMPTY_SLOT,
      ]),
      '1 signature slots for a message that requires 2 signatures',
    ],
    [
      'a header that requires no signature',
      solanaTransaction(solanaMessage({ keys: [signer, PROGRAM], header: [0, 0, 1] }), []),
      'its header requires no signature (a fee payer must sign)',
    ],
    [
      'a header that requires more signatures than there are keys',
      solanaTransaction(
        solanaMessage({ keys: [signer], header: [2, 0, 0], instruction: { program: 0, accounts: [], data: [] } }),
        [EMPTY_SLOT, EMPTY_SLOT],
      ),
      'its header requires 2 signatures of 1 account keys',
    ],
    [
      'a read-only fee payer',
      solanaTransaction(solanaMessage({ keys: [signer, PROGRAM], header: [1, 1, 1] }), [EMPTY_SLOT]),
      'its header makes 1 of 1 signers read-only (the fee payer cannot be)',
    ],
    [
      'more read-only unsigned accounts than unsigned accounts',
      solanaTransaction(solanaMessage({ keys: [signer, PROGRAM], header: [1, 0, 2] }), [EMPTY_SLOT]),
      'its header makes 2 unsigned accounts read-only, of 1',
    ],
    [
      'bytes after the message',
      concatBytes(solanaTransaction(legacy, [EMPTY_SLOT]), new Uint8Array([0])),
      '1 bytes follow the end of the message',
    ],
    [
      'a message version the mock does not read',
      solanaTransaction(concatBytes(new Uint8Array([0x81]), legacy), [EMPTY_SLOT]),
      'message version 1 is not one the mock reads (legacy or v0)',
    ],
    [
      'a program index past the account keys',
      solanaTransaction(
        solanaMessage({
          keys: [signer, PROGRAM],
          header: [1, 0, 1],
          instruction: { program: 2, accounts: [], data: [] },
        }),
        [EMPTY_SLOT],
      ),
      "instruction 0's program index 2 names none of the 2 account keys",
    ],
    [
      'an account index past the accounts',
      solanaTransaction(
        solanaMessage({
          keys: [signer, PROGRAM],
          header: [1, 0, 1],
          instruction: { program: 1, accounts: [0, 2], data: [] },
        }),
        [EMPTY_SLOT],
      ),
      "instruction 0's account index 2 names none of the 2 accounts",
    ],
    [
      'instruction data cut short',
      solanaTransaction(legacy.subarray(0, legacy.length - 1), [EMPTY_SLOT]),
      "it ends inside instruction 0's data (4 bytes, 3 left)",
    ],
    [
      'a count not in its shortest compact-u16 form',
      concatBytes(new Uint8Array([0x81, 0x00]), EMPTY_SLOT, legacy),
      'the count of signatures is not in its shortest compact-u16 form',
    ],
    [
      'a count over 65535',
      concatBytes(new Uint8Array([0xff, 0xff, 0x7f]), EMPTY_SLOT, legacy),
      'the count of signatures is over 65535 (a compact-u16)',
    ],
    [
      'a count that never ends',
      new Uint8Array([0x80, 0x80, 0x80, 0x01]),
      'the count of signatures is over 65535 (a compact-u16)',
    ],
  ])(
    'refuses a malformed Solana transaction (%s) with 3 saying what is wrong, changing nothing',
    async (_name, bytes, what) => {
      const { proxy, clock, ada, solana } = await signedInWithWallet()
      const parameters = { signWith: solana, unsignedTransaction: bytesToHex(bytes), type: 'TRANSACTION_TYPE_SOLANA' }
      await expectRefused(
        proxy,
        () => sign(proxy, clock, ada, parameters),
        3,
        `parameters.unsignedTransaction: not a Solana transaction (signatures, then the message): ${what}`,
      )
    },
  )

  it("refuses an account of another organization with 5: signWith finds the request's organization's accounts only", async () => {
    const { proxy, clock, ada } = await signedInWithWallet()
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const parameters = {
      signWith: walletAddresses(proxy, bob).ethereum,
      unsignedTransaction: TRANSFER,
      type: 'TRANSACTION_TYPE_ETHEREUM',
    }
    await expectRefused(
      proxy,
      () => sign(proxy, clock, ada, parameters),
      5,
      /is no wallet account address of organization/,
    )
  })
})

describe('sign_transaction refusals by stamp', () => {
  itRefusesLikeEveryStampedActivity({
    route: 'submit/sign_transaction',
    body: ({ proxy, clock, user }, organizationId) =>
      signTransactionBody(
        organizationId,
        {
          signWith: walletAddresses(proxy, user).ethereum,
          unsignedTransaction: TRANSFER,
          type: 'TRANSACTION_TYPE_ETHEREUM',
        },
        clock,
      ),
  })
})
