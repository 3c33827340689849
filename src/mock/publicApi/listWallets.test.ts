import { describe, expect, it } from 'vitest'
import { START, call, ok, setup, signedLogin, signedSignup, verifyEmail } from '../testing/harness'
import { createTestClientKey } from '../testing/clientKey'
import { signedInEmailUser, stampedCall } from '../testing/publicApi'
import type { MockAuthProxy } from '../types'

const at = { seconds: String(START / 1000), nanos: '0' }

/** An email user signed up with `wallet` and logged in with a fresh session key. */
async function userWithWallet(proxy: MockAuthProxy, wallet: object) {
  const verified = await verifyEmail(proxy, 'ada@example.com')
  const { organizationId, userId } = await ok<{ organizationId: string; userId: string }>(
    call(proxy, 'signup', { ...(await signedSignup('ada@example.com', verified)), wallet }),
  )
  const sessionKey = await createTestClientKey()
  await ok(
    call(proxy, 'otp_login', await signedLogin(await verifyEmail(proxy, 'ada@example.com'), sessionKey.publicKey)),
  )
  return { organizationId, userId, sessionKey }
}

const ethereum = (index: number) => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${index}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
})

describe('list_wallets', () => {
  it("answers the organization's wallets as production's v1Wallet", async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = JSON.stringify({ organizationId: ada.organizationId })
    const wallet = proxy.state.organizations[ada.organizationId]?.wallets[0]
    expect(await ok(stampedCall(proxy, 'query/list_wallets', body, ada.sessionKey))).toEqual({
      wallets: [
        {
          walletId: wallet?.walletId,
          walletName: 'Default wallet',
          createdAt: at,
          updatedAt: at,
          exported: false,
          imported: false,
        },
      ],
    })
  })

  it('answers no wallets for a user of a tenant without a default wallet', async () => {
    const { proxy } = setup({ tenants: [{ configId: 'demo', organizationId: 'org-1' }] })
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = JSON.stringify({ organizationId: ada.organizationId })
    expect(await ok(stampedCall(proxy, 'query/list_wallets', body, ada.sessionKey))).toEqual({ wallets: [] })
  })
})

describe('list_wallet_accounts', () => {
  it("answers every account as production's v1WalletAccount, with its public key", async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const wallet = proxy.state.organizations[ada.organizationId]?.wallets[0]
    const body = JSON.stringify({ organizationId: ada.organizationId })
    const { accounts } = await ok<{ accounts: unknown[] }>(
      stampedCall(proxy, 'query/list_wallet_accounts', body, ada.sessionKey),
    )
    expect(accounts).toEqual(
      wallet?.accounts.map((account) => ({
        walletAccountId: account.walletAccountId,
        organizationId: ada.organizationId,
        walletId: wallet.walletId,
        curve: account.curve,
        pathFormat: 'PATH_FORMAT_BIP32',
        path: account.path,
        addressFormat: account.addressFormat,
        address: account.address,
        createdAt: at,
        updatedAt: at,
        publicKey: account.publicKey,
      })),
    )
    expect(accounts).toMatchObject([
      { addressFormat: 'ADDRESS_FORMAT_ETHEREUM', publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/) },
      { addressFormat: 'ADDRESS_FORMAT_SOLANA', publicKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ])
  })

  it('answers one wallet’s accounts, with the wallet when asked; an unknown walletId is 5', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const walletId = proxy.state.organizations[ada.organizationId]?.wallets[0]?.walletId
    const body = JSON.stringify({ organizationId: ada.organizationId, walletId, includeWalletDetails: true })
    const { accounts } = await ok<{ accounts: { walletId: string; walletDetails: unknown }[] }>(
      stampedCall(proxy, 'query/list_wallet_accounts', body, ada.sessionKey),
    )
    expect(accounts).toHaveLength(2)
    expect(accounts[0]?.walletDetails).toMatchObject({ walletId, walletName: 'Default wallet' })
    const unknown = JSON.stringify({ organizationId: ada.organizationId, walletId: 'no-such-wallet' })
    const answer = await stampedCall(proxy, 'query/list_wallet_accounts', unknown, ada.sessionKey)
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({
      code: 5,
      message: `walletId: no wallet "no-such-wallet" in organization "${ada.organizationId}"`,
      details: [],
    })
  })

  it("answers the first 10 accounts unless paginationOptions.limit asks for up to 100, as production's pages", async () => {
    const { proxy } = setup()
    const ada = await userWithWallet(proxy, {
      walletName: 'Many',
      accounts: Array.from({ length: 12 }, (_, index) => ethereum(index)),
    })
    const list = async (extra: object) =>
      ok<{ accounts: { path: string }[] }>(
        stampedCall(
          proxy,
          'query/list_wallet_accounts',
          JSON.stringify({ organizationId: ada.organizationId, ...extra }),
          ada.sessionKey,
        ),
      )
    expect((await list({})).accounts.map((account) => account.path)).toEqual(
      Array.from({ length: 10 }, (_, index) => `m/44'/60'/0'/0/${index}`),
    )
    expect((await list({ paginationOptions: { limit: '12' } })).accounts).toHaveLength(12)
    const refused = await stampedCall(
      proxy,
      'query/list_wallet_accounts',
      JSON.stringify({ organizationId: ada.organizationId, paginationOptions: { limit: '0' } }),
      ada.sessionKey,
    )
    expect(refused.body).toMatchObject({
      code: 3,
      message: 'paginationOptions.limit: expected a number from 1 to 100 as a string, got "0"',
    })
    const cursor = await stampedCall(
      proxy,
      'query/list_wallet_accounts',
      JSON.stringify({ organizationId: ada.organizationId, paginationOptions: { after: 'x' } }),
      ada.sessionKey,
    )
    expect(cursor.body).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^paginationOptions\.after: cursors are not served/),
    })
  })
})
