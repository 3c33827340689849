// The wallet half against the strict mock: a person signs up by email, the kit reads who they are and
// their wallets, signs with each account, and refreshes the session; the signatures verify with
// independent code (viem for Ethereum's personal_sign, noble for ed25519).
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kit, KitOptions } from '../core/createKit'
import { utf8 } from '../core/encoding'
import { completeEmailOtp, startEmailOtp } from '../core/flows/emailOtp'
import { kitOnMock } from '../core/test/kitOnMock'
import { getUser } from '../core/wallet/getUser'
import { getWallets } from '../core/wallet/getWallets'
import { refreshSession } from '../core/wallet/refreshSession'
import { signMessage } from '../core/signing/signMessage'
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
    const publicCalls = endpoints.filter((endpoint) => endpoint.startsWith('/public/'))
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
