import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import type { SignupRequest, SignupResponse } from '../../core/types'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { deriveAccount } from '../wallets/deriveAccount'
import { createTestClientKey, signupMessage } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { oauthSignUp, oidcTokenFor, subOf } from '../testing/oauth'
import { ORIGIN } from '../testing/publicApi'
import { createSoftAuthenticator } from '../testing/softAuthenticator'
import {
  call,
  emptySignup,
  ok,
  setup as setupMock,
  signUp,
  signedSignup,
  verifyEmail,
  type Setup,
  type Verified,
} from '../testing/harness'
import type { MockAuthProxy, MockAuthProxyOptions } from '../types'

/** These tests are about production's behaviour: strict, so that a member production drops fails here too. */
function setup(options: MockAuthProxyOptions = {}): Setup {
  return setupMock({ strictFields: true, ...options })
}

/** Signs `request` (as given) with the verified key, as the kit does. */
async function sign(request: SignupRequest, verified: Verified): Promise<SignupRequest> {
  return { ...request, clientSignature: await verified.key.clientSignature(signupMessage(request, verified.tokenId)) }
}

/** The address a wallet app derives from the wallet's mnemonic (which the mock keeps in its state, for tests). */
function addressAt(
  proxy: MockAuthProxy,
  organizationId: string,
  path: string,
  curve: 'CURVE_SECP256K1' | 'CURVE_ED25519' = 'CURVE_SECP256K1',
): string {
  const wallet = proxy.state.organizations[organizationId]?.wallets[0]
  if (wallet === undefined) throw new Error('no wallet')
  const spec =
    curve === 'CURVE_SECP256K1'
      ? ({ curve, pathFormat: 'PATH_FORMAT_BIP32', path, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const)
      : ({ curve, pathFormat: 'PATH_FORMAT_BIP32', path, addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const)
  return deriveAccount(mnemonicToSeedSync(wallet.mnemonic), spec).address
}

describe('signup', () => {
  it('creates a sub-organization and its root user for a proven email', async () => {
    const { proxy, clock } = setup()
    const verified = await verifyEmail(proxy, 'Ada@Example.com')
    const request = await signedSignup('Ada@Example.com', verified)
    const response = await ok<SignupResponse>(
      call(proxy, 'signup', { ...request, userName: 'Ada', organizationName: "Ada's org", userTag: 'beta' }),
    )
    // The demo tenant gives every sign-up naming no wallet its default one.
    expect(Object.keys(response).sort()).toEqual(['organizationId', 'userId', 'wallet'])
    const { organizations, users, verificationTokens } = proxy.state
    expect(organizations[response.organizationId]).toEqual({
      organizationId: response.organizationId,
      organizationName: "Ada's org",
      parentOrganizationId: DEMO_ORGANIZATION_ID,
      configId: 'demo',
      rootUserIds: [response.userId],
      wallets: [expect.objectContaining({ walletId: response.wallet?.walletId, walletName: 'Default wallet' })],
      createdAt: new Date(clock.now()).toISOString(),
    })
    expect(users[response.userId]).toMatchObject({
      userId: response.userId,
      organizationId: response.organizationId,
      userName: 'Ada',
      email: 'ada@example.com',
      userTag: 'beta',
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
    })
    expect(verificationTokens[verified.tokenId]?.usedFor).toEqual(['USAGE_TYPE_SIGNUP'])
  })

  it('stores API keys (with their expiry), verified passkeys, and OAuth providers as verified links', async () => {
    const { proxy, clock } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const apiKey = await createTestClientKey()
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register({ authenticatorName: 'laptop' })
    const { oidcToken } = await oidcTokenFor(proxy, 'google', 'Grace Hopper')
    const request = await sign(
      {
        ...emptySignup('ada@example.com', verified.verificationToken),
        apiKeys: [
          {
            apiKeyName: 'session',
            publicKey: apiKey.publicKey,
            curveType: 'API_KEY_CURVE_P256',
            expirationSeconds: '3600',
          },
          {
            apiKeyName: 'k1',
            publicKey: `02${'79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'}`,
            curveType: 'API_KEY_CURVE_SECP256K1',
          },
          { apiKeyName: 'ed', publicKey: 'ab'.repeat(32), curveType: 'API_KEY_CURVE_ED25519' },
        ],
        authenticators: [passkey],
        oauthProviders: [{ providerName: 'Google', oidcToken }],
      },
      verified,
    )
    const { userId } = await ok<SignupResponse>(call(proxy, 'signup', request, { origin: ORIGIN }))
    const user = proxy.state.users[userId]
    expect(user?.apiKeys).toEqual([
      {
        apiKeyName: 'session',
        publicKey: apiKey.publicKey,
        curveType: 'API_KEY_CURVE_P256',
        expiresAt: new Date(clock.now() + 3_600_000).toISOString(),
      },
      expect.objectContaining({ apiKeyName: 'k1', curveType: 'API_KEY_CURVE_SECP256K1' }),
      expect.objectContaining({ apiKeyName: 'ed', curveType: 'API_KEY_CURVE_ED25519' }),
    ])
    expect(user?.apiKeys[1]?.expiresAt).toBeUndefined()
    expect(user?.authenticators).toEqual([
      {
        authenticatorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        authenticatorName: 'laptop',
        credentialId: passkey.attestation.credentialId,
        publicKey: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        counter: 0,
        transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID'],
        fmt: 'none',
        aaguid: '00000000-0000-0000-0000-000000000000',
        rpId: 'localhost',
        origin: ORIGIN,
        createdAt: new Date(clock.now()).toISOString(),
      },
    ])
    // The email claim stays on the link: the account's email is the one the OTP proved.
    expect(user?.oauthProviders).toEqual([
      {
        providerName: 'Google',
        provider: 'google',
        issuer: 'https://accounts.google.com',
        subject: subOf(proxy, 'google', 'Grace Hopper'),
        audience: 'demo-google-client',
        email: 'grace@example.com',
        linkedAt: new Date(clock.now()).toISOString(),
      },
    ])
    expect(user?.email).toBe('ada@example.com')
  })

  it("creates a wallet in the seed's {path, curve} form, the address format following from the curve, when not strict", async () => {
    const { proxy } = setup({ strictFields: false })
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: { path: 'm/0' } }),
      3,
      'wallet.curve: expected a string, got nothing',
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: { path: "m/44'/501'/0'/0", curve: 'CURVE_ED25519' } }),
      3,
      `wallet.path: "m/44'/501'/0'/0" has a non-hardened level (0); ed25519 derives hardened levels only (SLIP-10), e.g. m/44'/501'/0'/0'`,
    )
    const response = await ok<SignupResponse>(
      call(proxy, 'signup', { ...request, wallet: { path: "m/44'/60'/0'/0/0", curve: 'CURVE_SECP256K1' } }),
    )
    expect(response.wallet).toEqual({
      walletId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      addresses: [addressAt(proxy, response.organizationId, "m/44'/60'/0'/0/0")],
    })
    expect(response.wallet?.addresses[0]).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(proxy.state.organizations[response.organizationId]?.wallets[0]?.walletId).toBe(response.wallet?.walletId)
  })

  it("refuses the seed's wallet form {path, curve} in strict mode: it is not production's", async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: { path: "m/44'/60'/0'/0/0", curve: 'CURVE_SECP256K1' } }),
      3,
      "signup: wallet.path is not a field of production's wallet (v1WalletParams: walletName, accounts, mnemonicLength)",
    )
  })

  it('creates a wallet in the production {walletName, accounts} form, one address per account', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    const account = (path: string) => ({
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path,
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    })
    const response = await ok<SignupResponse>(
      call(proxy, 'signup', {
        ...request,
        wallet: { walletName: 'Main', accounts: [account("m/44'/60'/0'/0/0"), account("m/44'/60'/0'/0/1")] },
      }),
    )
    expect(response.wallet?.addresses).toEqual([
      addressAt(proxy, response.organizationId, "m/44'/60'/0'/0/0"),
      addressAt(proxy, response.organizationId, "m/44'/60'/0'/0/1"),
    ])
    const wallet = proxy.state.organizations[response.organizationId]?.wallets[0]
    expect(wallet?.walletName).toBe('Main')
    // A fresh 12-word mnemonic per wallet; each account has its id, key and creation time.
    expect(wallet?.mnemonic.split(' ')).toHaveLength(12)
    expect(wallet?.accounts[0]).toEqual({
      walletAccountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationId: response.organizationId,
      walletId: response.wallet?.walletId,
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/0",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
      address: response.wallet?.addresses[0],
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      createdAt: wallet?.createdAt,
    })
  })

  it("gives a sign-up naming no wallet the tenant's default one (the demo's: Ethereum and Solana), and none with defaultWallet null", async () => {
    const { proxy } = setup()
    const { organizationId, wallet } = await signUp(proxy, 'ada@example.com')
    expect(wallet?.addresses).toEqual([
      addressAt(proxy, organizationId, "m/44'/60'/0'/0/0"),
      addressAt(proxy, organizationId, "m/44'/501'/0'/0'", 'CURVE_ED25519'),
    ])
    expect(wallet?.addresses[1]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(proxy.state.organizations[organizationId]?.wallets.map((item) => item.walletName)).toEqual([
      'Default wallet',
    ])
    // Two sign-ups, two mnemonics: no two users share keys.
    const bob = await signUp(proxy, 'bob@example.com')
    expect(bob.wallet?.addresses[0]).not.toBe(wallet?.addresses[0])

    const bare = setup({ tenants: [{ configId: 'demo', organizationId: 'org-1', defaultWallet: null }] }).proxy
    const response = await signUp(bare, 'ada@example.com')
    expect(response.wallet).toBeUndefined()
    expect(bare.state.organizations[response.organizationId]?.wallets).toEqual([])
  })

  it('refuses wallet accounts it cannot derive, naming the account', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    const wallet = (account: object) => ({
      walletName: 'Main',
      accounts: [
        {
          curve: 'CURVE_SECP256K1',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
          ...account,
        },
      ],
    })
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: wallet({ addressFormat: 'ADDRESS_FORMAT_SOLANA' }) }),
      3,
      'wallet.accounts[0].addressFormat: ADDRESS_FORMAT_SOLANA is made from CURVE_ED25519 keys, not CURVE_SECP256K1',
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: wallet({ addressFormat: 'ADDRESS_FORMAT_UNCOMPRESSED' }) }),
      3,
      'wallet.accounts[0].addressFormat: expected one of ADDRESS_FORMAT_ETHEREUM, ADDRESS_FORMAT_SOLANA (the formats this mock derives), got "ADDRESS_FORMAT_UNCOMPRESSED"',
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: wallet({ path: 'm/44/x' }) }),
      3,
      'wallet.accounts[0].path: "x" in "m/44/x" is not a level index (0..2147483647, \' for hardened)',
    )
    const many = { walletName: 'Main', accounts: Array.from({ length: 33 }, () => wallet({}).accounts[0]) }
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...request, wallet: many }),
      3,
      'wallet.accounts: 33 accounts; at most 32',
    )
  })

  it('accepts snake_case throughout, the signed message staying camelCase', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const apiKey = await createTestClientKey()
    const camel: SignupRequest = {
      ...emptySignup('ada@example.com', verified.verificationToken),
      apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
    }
    const signature = await verified.key.clientSignature(signupMessage(camel, verified.tokenId))
    await ok(
      call(proxy, 'signup', {
        user_email: 'ada@example.com',
        verification_token: verified.verificationToken,
        api_keys: [{ api_key_name: 'k', public_key: apiKey.publicKey, curve_type: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauth_providers: [],
        client_signature: {
          public_key: signature.publicKey,
          scheme: signature.scheme,
          message: signature.message,
          signature: signature.signature,
        },
      }),
    )
  })

  it.each(['raw', 'DER'])(
    "refuses the seed-form client_signature (%s hex over the token) with 16, even by the token's own key",
    async (form) => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      const signature =
        form === 'raw'
          ? await verified.key.sign(verified.verificationToken)
          : await verified.key.signDer(verified.verificationToken)
      await expectRefused(
        proxy,
        () =>
          call(proxy, 'signup', {
            ...emptySignup('ada@example.com', verified.verificationToken),
            client_signature: signature,
          }),
        16,
        /^clientSignature: the seed's form .* is refused because the token names a public key.*USAGE_TYPE_SIGNUP/,
      )
    },
  )

  it("refuses a replayed seed-form signature that would sign up the victim's email with the thief's API key", async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const seen = await verified.key.sign(verified.verificationToken)
    const thief = await createTestClientKey()
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup', {
          ...emptySignup('ada@example.com', verified.verificationToken),
          apiKeys: [{ apiKeyName: 'mine now', publicKey: thief.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          clientSignature: seen,
        }),
      16,
      /^clientSignature: the seed's form/,
    )
    expect(Object.keys(proxy.state.users)).toEqual([])
  })

  it('allows a sign-up without a verification token when it names no email or phone', async () => {
    const { proxy } = setup()
    const apiKey = await createTestClientKey()
    const { userId } = await ok<SignupResponse>(
      call(proxy, 'signup', {
        apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
      }),
    )
    expect(proxy.state.users[userId]?.email).toBeUndefined()
  })

  it('refuses an email already registered with 6, whatever its case', async () => {
    const { proxy } = setup()
    await signUp(proxy, 'ada@example.com')
    const again = await verifyEmail(proxy, 'ADA@example.com')
    await expectRefused(
      proxy,
      async () => call(proxy, 'signup', await signedSignup('ADA@example.com', again)),
      6,
      'userEmail: an account for ADA@example.com already exists; log in instead',
    )
  })

  it('lets each tenant have its own account for an email', async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'demo', organizationId: 'org-a' },
        { configId: 'other', organizationId: 'org-b' },
      ],
    })
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com', 'other')
    const response = await ok<SignupResponse>(
      call(proxy, 'signup', await signedSignup('ada@example.com', verified), { configId: 'other' }),
    )
    expect(proxy.state.organizations[response.organizationId]?.parentOrganizationId).toBe('org-b')
  })

  it('refuses the same token twice with 16', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    await ok(call(proxy, 'signup', request))
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', request),
      16,
      /^verificationToken: verification token already used \(USAGE_TYPE_SIGNUP\)/,
    )
  })

  it('refuses an expired token with 16', async () => {
    const { proxy, clock } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    clock.advance(601_000)
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', request),
      16,
      'verificationToken: expired; verify a new code',
    )
  })

  describe('with a verification token', () => {
    it("refuses a userEmail other than the token's contact with 16", async () => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      await expectRefused(
        proxy,
        async () => call(proxy, 'signup', await signedSignup('eve@example.com', verified)),
        16,
        'userEmail: eve@example.com is not the email the verification token proves',
      )
    })

    it('requires userEmail with an email token (3)', async () => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      const request: SignupRequest = {
        verificationToken: verified.verificationToken,
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
      }
      await expectRefused(
        proxy,
        async () => call(proxy, 'signup', await sign(request, verified)),
        3,
        'userEmail: required with an email verification token; expected ada@example.com',
      )
    })

    it('refuses a phone number the email token does not prove', async () => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      const request = { ...emptySignup('ada@example.com', verified.verificationToken), userPhoneNumber: '+14155550123' }
      await expectRefused(
        proxy,
        async () => call(proxy, 'signup', await sign(request, verified)),
        16,
        'userPhoneNumber: not proven (the verification token proves an email)',
      )
    })

    it('requires the client signature', async () => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      await expectRefused(
        proxy,
        () => call(proxy, 'signup', emptySignup('ada@example.com', verified.verificationToken)),
        16,
        /^clientSignature: required/,
      )
    })

    it('refuses a signature whose usage differs from the request, member by member', async () => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      const apiKey = await createTestClientKey()
      const request: SignupRequest = {
        ...emptySignup('ada@example.com', verified.verificationToken),
        apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      }
      // Signed without the API key the request then adds: a key slipped into a signed sign-up.
      const signedWithout = await sign({ ...request, apiKeys: [] }, verified)
      await expectRefused(
        proxy,
        () => call(proxy, 'signup', { ...signedWithout, apiKeys: request.apiKeys }),
        16,
        'clientSignature.message: signup.apiKeys does not match the request',
      )
      // Signed with a phone number the request does not carry.
      const withPhone = signupMessage({ ...request, userPhoneNumber: '+14155550123' }, verified.tokenId)
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'signup', { ...request, clientSignature: await verified.key.clientSignature(withPhone) }),
        16,
        'clientSignature.message: signup.phoneNumber is signed but not in the request',
      )
      // Signed without the email the request carries.
      const { userEmail: _email, ...withoutEmail } = request
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'signup', {
            ...request,
            clientSignature: await verified.key.clientSignature(signupMessage(withoutEmail, verified.tokenId)),
          }),
        16,
        'clientSignature.message: signup.email is missing from the signed message',
      )
    })

    it('refuses a login signature, another token id, or another key', async () => {
      const { proxy } = setup()
      const verified = await verifyEmail(proxy, 'ada@example.com')
      const request = emptySignup('ada@example.com', verified.verificationToken)
      const login = JSON.stringify({
        login: { publicKey: verified.key.publicKey },
        tokenId: verified.tokenId,
        type: 'USAGE_TYPE_LOGIN',
      })
      await expectRefused(
        proxy,
        async () => call(proxy, 'signup', { ...request, clientSignature: await verified.key.clientSignature(login) }),
        16,
        /^clientSignature.message: expected members signup, tokenId, type/,
      )
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'signup', {
            ...request,
            clientSignature: await verified.key.clientSignature(signupMessage(request, 'other-id')),
          }),
        16,
        "clientSignature.message: tokenId is not this verification token's id",
      )
      const thief = await createTestClientKey()
      const stolen = {
        ...(await thief.clientSignature(signupMessage(request, verified.tokenId))),
        publicKey: verified.key.publicKey,
      }
      await expectRefused(
        proxy,
        () => call(proxy, 'signup', { ...request, clientSignature: stolen }),
        16,
        /^clientSignature.signature: does not verify/,
      )
    })
  })

  it('requires a verification token to put an email or phone number on an account (3)', async () => {
    const { proxy } = setup()
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup', { userEmail: 'ada@example.com', apiKeys: [], authenticators: [], oauthProviders: [] }),
      3,
      'verificationToken: required when userEmail is given; prove it first with otp_init and otp_verify',
    )
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup', { userPhoneNumber: '+14155550123', apiKeys: [], authenticators: [], oauthProviders: [] }),
      3,
      'verificationToken: required when userPhoneNumber is given; prove it first with otp_init and otp_verify',
    )
  })

  const validKey = `02${'79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'}`
  const authenticator = {
    authenticatorName: 'a',
    challenge: 'c',
    attestation: { credentialId: 'id', clientDataJson: 'd', attestationObject: 'o', transports: [] },
  }
  it.each([
    [{ apiKeys: undefined }, 'apiKeys: required; send [] when there is none'],
    [{ authenticators: undefined }, 'authenticators: required; send [] when there is none'],
    [{ oauthProviders: undefined }, 'oauthProviders: required; send [] when there is none'],
    [{ apiKeys: {} }, 'apiKeys: expected an array, got an object'],
    [{ apiKeys: ['k'] }, 'apiKeys[0]: expected an object, got a string'],
    [
      { apiKeys: [{ apiKeyName: 'k', publicKey: validKey, curveType: 'P256' }] },
      'apiKeys[0].curveType: expected one of API_KEY_CURVE_P256, API_KEY_CURVE_SECP256K1, API_KEY_CURVE_ED25519, got "P256"',
    ],
    [
      { apiKeys: [{ apiKeyName: 'k', publicKey: 'abcd', curveType: 'API_KEY_CURVE_P256' }] },
      'apiKeys[0].publicKey: expected a P-256 public key as hex (66 characters compressed or 130 uncompressed) on the curve',
    ],
    [
      { apiKeys: [{ apiKeyName: 'k', publicKey: 'ab', curveType: 'API_KEY_CURVE_ED25519' }] },
      'apiKeys[0].publicKey: expected an Ed25519 public key as 64 hex characters',
    ],
    [
      { apiKeys: [{ publicKey: validKey, curveType: 'API_KEY_CURVE_SECP256K1' }] },
      'apiKeys[0].apiKeyName: expected a string, got nothing',
    ],
    [
      {
        apiKeys: [
          { apiKeyName: 'k', publicKey: validKey, curveType: 'API_KEY_CURVE_SECP256K1', expirationSeconds: '-5' },
        ],
      },
      'apiKeys[0].expirationSeconds: expected a positive number of seconds, got -5',
    ],
    [
      { authenticators: [{ ...authenticator, attestation: undefined }] },
      'authenticators[0].attestation: expected an object, got nothing',
    ],
    [
      { authenticators: [{ ...authenticator, attestation: { ...authenticator.attestation, transports: ['USB'] } }] },
      'authenticators[0].attestation.transports[0]: expected one of AUTHENTICATOR_TRANSPORT_BLE, AUTHENTICATOR_TRANSPORT_INTERNAL, AUTHENTICATOR_TRANSPORT_NFC, AUTHENTICATOR_TRANSPORT_USB, AUTHENTICATOR_TRANSPORT_HYBRID, got "USB"',
    ],
    [{ oauthProviders: [{ providerName: 'google' }] }, 'oauthProviders[0].oidcToken: expected a string, got nothing'],
    [{ userEmail: 'nope' }, 'userEmail: expected an email address like name@example.com, got "nope"'],
    [{ userPhoneNumber: '555' }, 'userPhoneNumber: expected an E.164 phone number like +14155550123, got "555"'],
    [{ userName: 5 }, 'userName: expected a string, got a number'],
    [{ verificationToken: true }, 'verificationToken: expected a string, got a boolean'],
    [{ wallet: 'main' }, 'wallet: expected an object, got a string'],
    [{ wallet: {} }, 'wallet: expected {path, curve} or {walletName, accounts}'],
    [{ wallet: { walletName: 'w', accounts: [] } }, 'wallet.accounts: expected at least one account'],
    [
      { wallet: { walletName: 'w', accounts: [{ curve: 'c', path: 'p' }] } },
      'wallet.accounts[0].pathFormat: expected a string, got nothing',
    ],
  ])('refuses %j with 3 naming the field, changing nothing', async (override, message) => {
    const { proxy } = setup()
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { apiKeys: [], authenticators: [], oauthProviders: [], ...override }),
      3,
      message,
    )
  })
})

describe('signup with OAuth providers', () => {
  const withProvider = (oidcToken: string, providerName = 'google') => ({
    apiKeys: [],
    authenticators: [],
    oauthProviders: [{ providerName, oidcToken }],
  })

  it("links the token's identity without a verification token; its email stays off the account's email", async () => {
    const { proxy, clock } = setup()
    const { oidcToken } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace')
    const { organizationId, userId } = await ok<SignupResponse>(call(proxy, 'signup', withProvider(oidcToken)))
    const user = proxy.state.users[userId]
    expect(user?.organizationId).toBe(organizationId)
    expect(user?.oauthProviders).toEqual([
      {
        providerName: 'google',
        provider: 'google',
        issuer: 'https://accounts.google.com',
        subject: subOf(proxy, 'google', 'Ada Lovelace'),
        audience: 'demo-google-client',
        email: 'ada@example.com',
        linkedAt: new Date(clock.now()).toISOString(),
      },
    ])
    expect(user).not.toHaveProperty('email')
    // Only an OTP proves an email: the OAuth account is not the email account.
    expect(await ok(call(proxy, 'account', { filterType: 'EMAIL', filterValue: 'ada@example.com' }))).toEqual({})
  })

  it('refuses an identity already linked in this tenant (6), changing nothing', async () => {
    const { proxy } = setup()
    await oauthSignUp(proxy, 'google', 'Ada Lovelace')
    const { oidcToken } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace')
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', withProvider(oidcToken)),
      6,
      'oauthProviders[0].oidcToken: this google identity already has an account; log in instead',
    )
  })

  it('refuses the same identity twice in one request (3)', async () => {
    const { proxy } = setup()
    const first = await oidcTokenFor(proxy)
    const second = await oidcTokenFor(proxy)
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [
            { providerName: 'google', oidcToken: first.oidcToken },
            { providerName: 'google', oidcToken: second.oidcToken },
          ],
        }),
      3,
      'oauthProviders[1].oidcToken: the same google identity as oauthProviders[0]; link it once',
    )
  })

  it('links identities of two providers to one user', async () => {
    const { proxy } = setup()
    const google = await oidcTokenFor(proxy, 'google')
    const apple = await oidcTokenFor(proxy, 'apple')
    const { userId } = await ok<SignupResponse>(
      call(proxy, 'signup', {
        apiKeys: [],
        authenticators: [],
        oauthProviders: [
          { providerName: 'google', oidcToken: google.oidcToken },
          { providerName: 'apple', oidcToken: apple.oidcToken },
        ],
      }),
    )
    expect(proxy.state.users[userId]?.oauthProviders.map((link) => link.provider)).toEqual(['google', 'apple'])
  })

  it('verifies each token: garbled or expired → 16, changing nothing', async () => {
    const { proxy, clock } = setup()
    const { oidcToken } = await oidcTokenFor(proxy)
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', withProvider('a.b.c')),
      16,
      /^oauthProviders\[0\]\.oidcToken: not a valid JWT/,
    )
    clock.advance(600_000)
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', withProvider(oidcToken)),
      16,
      'oauthProviders[0].oidcToken: expired; sign in with the provider again',
    )
  })

  it('still needs a verification token for userEmail, even when the OIDC token carries that email (3)', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oidcTokenFor(proxy)
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', { ...withProvider(oidcToken), userEmail: 'ada@example.com' }),
      3,
      'verificationToken: required when userEmail is given; prove it first with otp_init and otp_verify',
    )
  })
})
