import { describe, expect, it } from 'vitest'
import { json } from '../test/fakeFetch'
import { signedInWallet, WALLET, WALLET_ORG, xStampVerifies, type WalletKeys } from '../test/walletApi'
import { getWallets } from './getWallets'

describe('getWallets', () => {
  it('asks list_wallets and list_wallet_accounts (100 a page), both X-Stamped by the session key, and groups the accounts', async () => {
    const { keys, fake, kit, sessionKey } = await signedInWallet()

    expect(await getWallets(kit)).toEqual([{ ...WALLET, accounts: [keys.ethereum, keys.solana] }])
    expect(fake.endpoints().sort()).toEqual(['query/list_wallet_accounts', 'query/list_wallets'])
    const text = (endpoint: string) => fake.texts[fake.endpoints().indexOf(endpoint)]
    expect(text('query/list_wallets')).toBe(`{"organizationId":"${WALLET_ORG}"}`)
    expect(text('query/list_wallet_accounts')).toBe(
      `{"organizationId":"${WALLET_ORG}","paginationOptions":{"limit":"100"}}`,
    )
    for (const [index, call] of fake.calls.entries())
      expect(xStampVerifies(call.headers['x-stamp'], fake.texts[index], sessionKey)).toBe(true)
  })

  it('keeps wallets without accounts, and the order of both lists; leaves out an account of no listed wallet', async () => {
    const second = { ...WALLET, walletId: 'wallet-2', walletName: 'Savings' }
    const { keys, kit } = await signedInWallet({
      overrides: (keys) => ({
        'query/list_wallets': json({ wallets: [second, WALLET] }),
        'query/list_wallet_accounts': json({ accounts: [keys.solana, { ...keys.ethereum, walletId: 'wallet-gone' }] }),
      }),
    })
    expect(await getWallets(kit)).toEqual([
      { ...second, accounts: [] },
      { ...WALLET, accounts: [keys.solana] },
    ])
  })

  it('refuses answers without the fields the kit shows', async () => {
    const cases = [
      [() => ({ 'query/list_wallets': json({}) }), /^list_wallets: no wallets array/],
      [
        () => ({ 'query/list_wallets': json({ wallets: [{ walletName: 'x' }] }) }),
        /^list_wallets: no wallets\[0\]\.walletId/,
      ],
      [
        (keys: WalletKeys) => ({
          'query/list_wallet_accounts': json({ accounts: [{ ...keys.ethereum, address: '' }] }),
        }),
        /^list_wallet_accounts: no accounts\[0\]\.address/,
      ],
    ] as const
    for (const [overrides, message] of cases) {
      const { kit } = await signedInWallet({ overrides })
      await expect(getWallets(kit)).rejects.toMatchObject({
        code: 'PROXY_BAD_RESPONSE',
        message: expect.stringMatching(message),
      })
    }
  })

  it('is NOT_SIGNED_IN without a session', async () => {
    const { fake, kit } = await signedInWallet()
    await kit.session.logout()
    await expect(getWallets(kit)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    expect(fake.calls).toHaveLength(0)
  })
})
