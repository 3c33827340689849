import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { CreateWalletResult, PublicWallet, PublicWalletAccount } from '../../core/publicApiTypes'
import { MAX_WALLET_ACCOUNTS } from '../endpoints/signup'
import { itRefusesLikeEveryStampedActivity } from '../testing/activityRefusals'
import { ok, setup, snapshot, type TestClock } from '../testing/harness'
import {
  createWalletBody,
  passkeySignUp,
  signedInEmailUser,
  stampedCall,
  type SignedInUser,
} from '../testing/publicApi'
import type { MockAuthProxy } from '../types'

interface CreateAnswer {
  activity: {
    status: string
    type: string
    intent: { createWalletIntent: object }
    result: { createWalletResult: CreateWalletResult }
  }
}

const ethereum = (index: number) => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${index}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
})
const solana = {
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/501'/1'/0'",
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
}
const savings = { walletName: 'Savings', accounts: [ethereum(1)] }

async function create(proxy: MockAuthProxy, clock: TestClock, user: SignedInUser, parameters: object) {
  return stampedCall(
    proxy,
    'submit/create_wallet',
    createWalletBody(user.organizationId, parameters, clock),
    user.sessionKey,
  )
}

describe('create_wallet', () => {
  it('creates a wallet whose accounts list_wallets and list_wallet_accounts then answer', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const { activity } = await ok<CreateAnswer>(
      create(proxy, clock, ada, { walletName: 'Savings', accounts: [ethereum(1), { ...solana, name: 'Sol savings' }] }),
    )
    expect(activity).toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED', type: 'ACTIVITY_TYPE_CREATE_WALLET' })
    const { walletId, addresses } = activity.result.createWalletResult
    expect(addresses).toEqual([
      expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    ])

    const organization = { organizationId: ada.organizationId }
    const { wallets } = await ok<{ wallets: PublicWallet[] }>(
      stampedCall(proxy, 'query/list_wallets', JSON.stringify(organization), ada.sessionKey),
    )
    expect(wallets.map((wallet) => wallet.walletName)).toEqual(['Default wallet', 'Savings'])
    expect(wallets[1]?.walletId).toBe(walletId)

    const { accounts } = await ok<{ accounts: PublicWalletAccount[] }>(
      stampedCall(proxy, 'query/list_wallet_accounts', JSON.stringify({ ...organization, walletId }), ada.sessionKey),
    )
    expect(
      accounts.map(({ walletId: id, path, address, addressFormat }) => ({ id, path, address, addressFormat })),
    ).toEqual([
      { id: walletId, path: "m/44'/60'/0'/0/1", address: addresses[0], addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
      { id: walletId, path: "m/44'/501'/1'/0'", address: addresses[1], addressFormat: 'ADDRESS_FORMAT_SOLANA' },
    ])
    // A new seed, not the default wallet's: viem derives the same address from the new wallet's mnemonic.
    const stored = proxy.state.organizations[ada.organizationId]?.wallets.find((wallet) => wallet.walletId === walletId)
    const other = proxy.state.organizations[ada.organizationId]?.wallets[0]
    expect(stored?.mnemonic).not.toBe(other?.mnemonic)
    expect(mnemonicToAccount(stored?.mnemonic ?? '', { path: "m/44'/60'/0'/0/1" }).address).toBe(addresses[0])
  })

  it('echoes the intent and makes a mnemonic of mnemonicLength words; no accounts is a wallet without accounts yet', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const { activity } = await ok<CreateAnswer>(
      create(proxy, clock, ada, { walletName: 'Empty', accounts: [], mnemonicLength: 24 }),
    )
    expect(activity.intent).toEqual({ createWalletIntent: { walletName: 'Empty', accounts: [], mnemonicLength: 24 } })
    expect(activity.result.createWalletResult.addresses).toEqual([])
    const stored = proxy.state.organizations[ada.organizationId]?.wallets.at(-1)
    expect(stored?.mnemonic.split(' ')).toHaveLength(24)
    expect(stored?.accounts).toEqual([])
  })

  it('accepts an API key of the organization (a passkey sign-up key)', async () => {
    const { proxy, clock } = setup()
    const passkeyUser = await passkeySignUp(proxy)
    const body = createWalletBody(passkeyUser.organizationId, savings, clock)
    const answer = await ok<CreateAnswer>(stampedCall(proxy, 'submit/create_wallet', body, passkeyUser.clientKey))
    expect(answer.activity.result.createWalletResult.addresses).toHaveLength(1)
  })

  it.each<[string, object, string]>([
    ['no walletName', { accounts: [ethereum(0)] }, 'parameters.walletName: expected a string, got nothing'],
    ['no accounts', { walletName: 'Savings' }, 'parameters.accounts: required; send [] when there is none'],
    [
      'an ed25519 path with a soft level',
      { walletName: 'Savings', accounts: [{ ...solana, path: "m/44'/501'/0'/0" }] },
      /^parameters\.accounts\[0\]\.path: "m\/44'\/501'\/0'\/0" has a non-hardened level/.source,
    ],
    [
      'an address format of another curve',
      { walletName: 'Savings', accounts: [{ ...ethereum(0), addressFormat: 'ADDRESS_FORMAT_SOLANA' }] },
      'parameters.accounts[0].addressFormat: ADDRESS_FORMAT_SOLANA is made from CURVE_ED25519 keys, not CURVE_SECP256K1',
    ],
    [
      'too many accounts',
      {
        walletName: 'Savings',
        accounts: Array.from({ length: MAX_WALLET_ACCOUNTS + 1 }, (_, index) => ethereum(index)),
      },
      `parameters.accounts: ${MAX_WALLET_ACCOUNTS + 1} accounts; at most ${MAX_WALLET_ACCOUNTS}`,
    ],
    [
      'a mnemonic length production does not generate',
      { ...savings, mnemonicLength: 13 },
      'parameters.mnemonicLength: expected one of 12, 15, 18, 21, 24 (words), got 13',
    ],
  ])('refuses %s with 3, changing nothing', async (_name, parameters, message) => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const answer = await create(proxy, clock, ada, parameters)
    expect(answer.body).toEqual({
      code: 3,
      message: expect.stringMatching(message.startsWith('^') ? message : `^${escape(message)}$`),
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('create_wallet refusals by stamp', () => {
  itRefusesLikeEveryStampedActivity({
    route: 'submit/create_wallet',
    body: ({ clock }, organizationId) => createWalletBody(organizationId, savings, clock),
    acceptedOnce: ({ proxy, user }) => {
      expect(proxy.state.organizations[user.organizationId]?.wallets.map((wallet) => wallet.walletName)).toEqual([
        'Default wallet',
        'Savings',
      ])
    },
  })
})
