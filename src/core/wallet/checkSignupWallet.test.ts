import { describe, expect, it } from 'vitest'
import { createKit } from '../createKit'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeStorage } from '../test/fakes'
import { startEmailOtp } from '../otp/emailOtp'
import { startOAuth } from '../oauth/oauthActions'
import { fakeFetch } from '../test/fakeFetch'
import { checkSignupWallet, signupWallet } from './checkSignupWallet'

const ETHEREUM = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const
const SOLANA = {
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/501'/0'/0'",
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
} as const

describe('checkSignupWallet', () => {
  it("takes production's {walletName, accounts} and returns a frozen copy of only those fields", () => {
    const given = { walletName: 'Main', accounts: [{ ...ETHEREUM, extra: 1 }, SOLANA], other: true }
    const checked = checkSignupWallet(given, 'w')
    expect(checked).toEqual({ walletName: 'Main', accounts: [ETHEREUM, SOLANA] })
    expect(Object.isFrozen(checked) && Object.isFrozen(checked.accounts) && Object.isFrozen(checked.accounts[0])).toBe(
      true,
    )
  })

  it('names the field that is wrong and what was expected', () => {
    const cases: [unknown, RegExp][] = [
      [null, /^w: expected \{ walletName, accounts/],
      [{ walletName: ' ', accounts: [ETHEREUM] }, /^w\.walletName: expected a non-empty string/],
      [{ walletName: 'x', accounts: [] }, /^w\.accounts: expected a non-empty array/],
      [
        { walletName: 'x', accounts: [{ ...ETHEREUM, addressFormat: 'ADDRESS_FORMAT_BITCOIN' }] },
        /^w\.accounts\[0\]\.addressFormat: expected ADDRESS_FORMAT_ETHEREUM or ADDRESS_FORMAT_SOLANA/,
      ],
      [
        { walletName: 'x', accounts: [ETHEREUM, { ...SOLANA, curve: 'CURVE_SECP256K1' }] },
        /^w\.accounts\[1\]\.curve: expected CURVE_ED25519 for ADDRESS_FORMAT_SOLANA/,
      ],
      [
        { walletName: 'x', accounts: [{ ...ETHEREUM, pathFormat: 'PATH_FORMAT_SLIP10' }] },
        /^w\.accounts\[0\]\.pathFormat: expected PATH_FORMAT_BIP32/,
      ],
      [
        { walletName: 'x', accounts: [{ ...ETHEREUM, path: "44'/60'" }] },
        /^w\.accounts\[0\]\.path: expected a BIP-32 path/,
      ],
    ]
    for (const [wallet, message] of cases) {
      expect(() => checkSignupWallet(wallet, 'w')).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringMatching(message) }),
      )
    }
  })

  it('is what the sign-in starts check of createKit({ wallet }), before any request (undefined: the tenant default)', async () => {
    const fake = fakeFetch({})
    const options = {
      proxyUrl: 'https://auth.example.com',
      configId: 'demo',
      fetch: fake.fetch,
      keyStore: memoryKeyStore(),
      storage: fakeStorage(),
    }
    const kit = createKit({ ...options, wallet: { walletName: 'Main', accounts: [SOLANA] } })
    expect(signupWallet(kit)).toEqual({ wallet: { walletName: 'Main', accounts: [SOLANA] } })
    kit.destroy()
    const plain = createKit(options)
    expect(signupWallet(plain)).toEqual({})
    plain.destroy()

    const bad = createKit({ ...options, wallet: { walletName: '', accounts: [] } })
    const wrong = expect.objectContaining({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/^createKit\(\{ wallet \}\)\.walletName/),
    })
    await expect(startEmailOtp(bad, { email: 'ada@example.com' })).rejects.toEqual(wrong)
    await expect(
      startOAuth(bad, { provider: 'google', mode: 'popup', redirectUri: 'https://app.example.com/' }),
    ).rejects.toEqual(wrong)
    expect(fake.calls).toHaveLength(0)
    expect(await bad.keyStore.list()).toEqual([])
    bad.destroy()
  })
})
