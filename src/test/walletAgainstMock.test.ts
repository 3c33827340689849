// The wallet half against the strict mock: a person signs up by email, the kit reads who they are and
// their wallets, signs with each account, and refreshes the session; the signatures verify with
// independent code (viem for Ethereum's personal_sign, noble for ed25519).
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import {
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  verifyMessage,
  verifyTypedData,
  type Hex,
  type TransactionSerializable,
} from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kit, KitOptions } from '../core/createKit'
import { utf8 } from '../core/encoding'
import { completeEmailOtp, startEmailOtp } from '../core/otp/emailOtp'
import { kitOnMock } from '../core/test/kitOnMock'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { memoryStorage } from '../core/session/memoryStorage'
import { getUser } from '../core/wallet/getUser'
import { getWallets } from '../core/wallet/getWallets'
import { refreshSession } from '../core/wallet/refreshSession'
import { signMessage } from '../core/signing/signMessage'
import { signTransaction } from '../core/signing/signTransaction'
import { signTypedData } from '../core/signing/signTypedData'
import { createMockAuthProxy } from '../mock/handler'
import { createTestClock } from '../mock/testing/harness'
import type { MockAuthProxy } from '../mock/types'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

function setup(options: Partial<KitOptions> = {}) {
  const clock = createTestClock(Date.now())
  const proxy = createMockAuthProxy({ strictFields: true, now: clock.now })
  const { kit, endpoints } = kitOnMock(proxy, { now: clock.now, ...options })
  kits.push(kit)
  return { kit, proxy, clock, endpoints }
}

async function signUpByEmail(kit: Kit, proxy: MockAuthProxy, email: string) {
  const challenge = await startEmailOtp(kit, { email })
  const code = proxy.outbox(email)[0]?.code ?? ''
  return completeEmailOtp(kit, { challenge, code })
}

describe('the wallet against the strict mock', () => {
  it('signs up by email, reads the user and the default wallet, signs with both accounts, refreshes', async () => {
    const { kit, proxy, clock, endpoints } = setup()
    const { session } = await signUpByEmail(kit, proxy, 'ada@example.com')
    expect(session.identity).toEqual({ method: 'email', contact: 'ada@example.com' })

    const user = await getUser(kit)
    expect(user).toMatchObject({ userId: session.userId, userEmail: 'ada@example.com' })

    const wallets = await getWallets(kit)
    expect(wallets).toHaveLength(1)
    const [wallet] = wallets
    const ethereum = wallet?.accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
    const solana = wallet?.accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_SOLANA')
    expect(ethereum?.path).toBe("m/44'/60'/0'/0/0")
    expect(ethereum?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(solana?.path).toBe("m/44'/501'/0'/0'")
    if (ethereum === undefined || solana === undefined) throw new Error('expected the default wallet')

    const message = 'Sign in to Example at 12:00 ✓'
    const signedEth = await signMessage(kit, { account: ethereum, message })
    expect(
      await verifyMessage({
        address: ethereum.address as `0x${string}`,
        message,
        signature: signedEth.signature as `0x${string}`,
      }),
    ).toBe(true)
    const signedSol = await signMessage(kit, { account: solana, message })
    expect(ed25519.verify(base58.decode(signedSol.signature), utf8(message), base58.decode(solana.address))).toBe(true)

    clock.advance(60_000)
    const refreshed = await refreshSession(kit)
    expect(refreshed.token).not.toBe(session.token)
    expect(refreshed).toMatchObject({
      userId: session.userId,
      publicKey: session.publicKey,
      organizationId: session.organizationId,
    })
    expect(refreshed.expiresAt).toBeGreaterThan(session.expiresAt)
    expect(refreshed.identity).toEqual(session.identity)
    // The refreshed session signs too.
    const again = await signMessage(kit, { account: ethereum, message: 'again' })
    expect(
      await verifyMessage({
        address: ethereum.address as `0x${string}`,
        message: 'again',
        signature: again.signature as `0x${string}`,
      }),
    ).toBe(true)
    // After the sign-in's own stamp_login (the current generation logs in on the public API).
    const publicCalls = endpoints.filter((endpoint) => endpoint.startsWith('/public/')).slice(1)
    expect(endpoints.filter((endpoint) => endpoint.startsWith('/public/'))[0]).toBe('/public/v1/submit/stamp_login')
    // getWallets sends its two queries at once: under load either one's stamp may be ready first.
    expect(publicCalls.slice(1, 3).sort()).toEqual([
      '/public/v1/query/list_wallet_accounts',
      '/public/v1/query/list_wallets',
    ])
    expect([publicCalls[0], ...publicCalls.slice(3)]).toEqual([
      '/public/v1/query/get_user',
      '/public/v1/submit/sign_raw_payload',
      '/public/v1/submit/sign_raw_payload',
      '/public/v1/submit/stamp_login',
      '/public/v1/submit/sign_raw_payload',
    ])
  })

  it('signs EIP-712 typed data and every Ethereum transaction type, and a Solana transaction; each verifies independently', async () => {
    const { kit, proxy } = setup()
    await signUpByEmail(kit, proxy, 'lin@example.com')
    const [wallet] = await getWallets(kit)
    const ethereum = wallet?.accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
    const solana = wallet?.accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_SOLANA')
    if (ethereum === undefined || solana === undefined) throw new Error('expected the default wallet')
    const address = ethereum.address as Hex

    const typedData = {
      domain: { name: 'Example Exchange', version: '2', chainId: 10, verifyingContract: address },
      types: {
        Order: [
          { name: 'maker', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'memo', type: 'string' },
        ],
      },
      primaryType: 'Order',
      message: { maker: address, amount: 123n, memo: 'limit ✓' },
    } as const
    const signedTyped = await signTypedData(kit, { account: ethereum, typedData })
    expect(await verifyTypedData({ ...typedData, address, signature: signedTyped.signature })).toBe(true)

    const base = {
      chainId: 10,
      nonce: 4,
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 9n,
      gas: 50_000n,
    } as const
    const transactions: TransactionSerializable[] = [
      { ...base, type: 'legacy', gasPrice: 7n },
      { ...base, type: 'eip2930', gasPrice: 7n, accessList: [{ address, storageKeys: [`0x${'00'.repeat(31)}01`] }] },
      { ...base, type: 'eip1559', maxFeePerGas: 8n, maxPriorityFeePerGas: 2n, data: '0xdeadbeef' },
      {
        ...base,
        type: 'eip7702',
        maxFeePerGas: 8n,
        maxPriorityFeePerGas: 2n,
        authorizationList: [
          { address, chainId: 10, nonce: 5, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: 1 },
        ],
      },
    ]
    for (const transaction of transactions) {
      const signed = await signTransaction(kit, {
        account: ethereum,
        unsignedTransaction: serializeTransaction(transaction),
      })
      const hex = signed.signedTransaction as Hex
      expect(await recoverTransactionAddress({ serializedTransaction: hex as never })).toBe(address)
      expect(parseTransaction(hex)).toMatchObject({ type: transaction.type, nonce: 4, value: 9n, chainId: 10 })
    }

    // A Solana transfer message (legacy): one signer, the account as fee payer, a recent blockhash.
    const payer = base58.decode(solana.address)
    const message = new Uint8Array([
      1,
      0,
      1,
      2,
      ...payer,
      ...new Uint8Array(32),
      ...new Uint8Array(32).fill(9),
      1,
      1,
      1,
      0,
      0,
    ])
    const unsigned = new Uint8Array([1, ...new Uint8Array(64), ...message])
    const signedSol = await signTransaction(kit, { account: solana, unsignedTransaction: unsigned })
    expect(signedSol.bytes.slice(65)).toEqual(message)
    expect(ed25519.verify(signedSol.bytes.slice(1, 65), message, payer)).toBe(true)
  })

  it("creates the app's own wallet at sign-up when createKit names one", async () => {
    const wallet = {
      walletName: 'Trading',
      accounts: [
        {
          curve: 'CURVE_SECP256K1',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
        },
        {
          curve: 'CURVE_SECP256K1',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/60'/0'/0/1",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
        },
      ],
    } as const
    const { kit, proxy } = setup({ wallet: { walletName: wallet.walletName, accounts: [...wallet.accounts] } })
    await signUpByEmail(kit, proxy, 'grace@example.com')
    const wallets = await getWallets(kit)
    expect(wallets.map((item) => item.walletName)).toEqual(['Trading'])
    expect(wallets[0]?.accounts.map((account) => account.path)).toEqual(["m/44'/60'/0'/0/0", "m/44'/60'/0'/0/1"])
    expect(new Set(wallets[0]?.accounts.map((account) => account.address)).size).toBe(2)
  })

  it('a read-only session reads the wallets but cannot sign (PERMISSION_DENIED)', async () => {
    const { kit, proxy } = setup()
    const { session } = await signUpByEmail(kit, proxy, 'ro@example.com')
    const readOnlyKey = await kit.keyStore.create()
    const token = await proxy.issueSession({
      userId: session.userId,
      publicKey: readOnlyKey,
      sessionType: 'SESSION_TYPE_READ_ONLY',
    })
    await kit.session.set(token)
    const [wallet] = await getWallets(kit)
    const account = wallet?.accounts[0]
    if (account === undefined) throw new Error('expected an account')
    await expect(signMessage(kit, { account, message: 'x' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' })
  })

  it("a session past its expiry on the API's clock is refused (STAMP_REFUSED), and cannot be refreshed", async () => {
    const { kit, proxy, clock } = setup()
    await signUpByEmail(kit, proxy, 'late@example.com')
    clock.advance(16 * 60_000)
    // The kit's timer has not fired yet (the clocks differ): the API refuses the expired session's stamp.
    await expect(getUser(kit)).rejects.toMatchObject({ code: 'STAMP_REFUSED' })
    await expect(refreshSession(kit)).rejects.toMatchObject({ code: 'STAMP_REFUSED' })
  })
})

describe('the same activity asked twice in one millisecond (issue 29, item 6)', () => {
  async function signedInEthereum(kit: Kit, proxy: MockAuthProxy) {
    await signUpByEmail(kit, proxy, 'ada@example.com')
    const ethereum = (await getWallets(kit))[0]?.accounts.find(
      (account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM',
    )
    if (ethereum === undefined) throw new Error('expected the default wallet')
    return ethereum
  }

  it('is sent once from one page: both calls get the one signature, and the API sees one activity', async () => {
    const { kit, proxy, endpoints } = setup()
    const account = await signedInEthereum(kit, proxy)
    endpoints.length = 0
    const before = Object.keys(proxy.state.activities).length
    const message = 'Sign in to Example at 12:00 ✓'
    const [first, second] = await Promise.all([
      signMessage(kit, { account, message }),
      signMessage(kit, { account, message }),
    ])
    expect(second.signature).toBe(first.signature)
    expect(endpoints.filter((endpoint) => endpoint.endsWith('sign_raw_payload'))).toHaveLength(1)
    expect(Object.keys(proxy.state.activities)).toHaveLength(before + 1)
  })

  it('from two windows, the one the API refuses is DUPLICATE_REQUEST ("done only once"), not CLOCK_SKEW', async () => {
    const clock = createTestClock(Date.now())
    const proxy = createMockAuthProxy({ strictFields: true, now: clock.now })
    const keyStore = memoryKeyStore()
    const storage = memoryStorage()
    const one = kitOnMock(proxy, { now: clock.now, keyStore, storage }).kit
    kits.push(one)
    const account = await signedInEthereum(one, proxy)
    // Another window of the same browser, opened once signed in: the same session and key.
    const other = kitOnMock(proxy, { now: clock.now, keyStore, storage }).kit
    kits.push(other)
    const before = Object.keys(proxy.state.activities).length
    const message = 'Sign in to Example at 12:00 ✓'
    const answers = await Promise.allSettled([
      signMessage(one, { account, message }),
      signMessage(other, { account, message }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refusal = answers.find((answer) => answer.status === 'rejected')?.reason as unknown
    expect(refusal).toMatchObject({ code: 'DUPLICATE_REQUEST', userMessage: expect.stringMatching(/done only once/) })
    expect(Object.keys(proxy.state.activities)).toHaveLength(before + 1)
  })
})
