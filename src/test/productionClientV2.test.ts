// Production's current client (@turnkey/core 2.8.1, npm's latest) signs up and logs in again by email,
// by SMS and with Google against the mock, then reads its user and wallets and signs with its wallet:
// every call it makes, in the current generation's form (otp_init_v2, otp_verify_v2 with the code sealed
// to the enclave's target, signup_v2, stamp_login on the public API with X-Stamp-Attested), is one the
// strict mock accepts, and every answer is one it reads. The code comes from the mock's outbox, as the
// user would read it from the message. The client's only change is the enclave key it trusts, aliased at
// bundle time to the test enclave's (vitest.config.ts, project 'node-signer-aliased').
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY as TRUSTED_BY_THE_CLIENT } from '@turnkey/crypto'
import type { TurnkeyClient, WalletAccount } from '@turnkey/core-v2'
import { verifyMessage, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { mockOAuthEndpoints } from '../mock/oauthProviders'
import { authorizeQuery, createPkce, nonceFor, pressOnConsentPage } from '../mock/testing/oauth'
import {
  PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY,
  TEST_ENCLAVE_SECRET_KEY,
  aliasSignerIn,
  enclavePublicKeyOf,
} from '../mock/testing/productionSignerAlias'
import type { MockAuthProxy } from '../mock/types'
import {
  API_URL,
  CONFIG_ID,
  PARENT_ORGANIZATION_ID,
  PROXY_URL,
  createProductionMockV2,
  installProductionClientV2,
  openProductionClientV2,
  productionV2,
  recordCalls,
  recordRequests,
  sentCode,
  verifySession,
} from './productionClientV2Harness'

let proxy: MockAuthProxy = createProductionMockV2()
installProductionClientV2(() => proxy)

/** The X-Stamp-Attested header of a recorded request, decoded as the mock and production read it. */
function attestedStamp(request: Request): { scheme: string; publicKey: string; publicKeyAttestation: string } {
  const header = request.headers.get('X-Stamp-Attested')
  if (header === null) throw new Error(`${request.url} carries no X-Stamp-Attested`)
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
    scheme: string
    publicKey: string
    publicKeyAttestation: string
  }
}

describe("the test build's enclave key", () => {
  it("is what the client's @turnkey/crypto trusts in place of production's, and what the mock signs with", () => {
    const testKey = enclavePublicKeyOf(TEST_ENCLAVE_SECRET_KEY)
    expect(TRUSTED_BY_THE_CLIENT).toBe(testKey)
    expect(createProductionMockV2().enclaveSignerPublicKey).toBe(testKey)
    // The published file still names production's key: the build, not the package, changed it.
    const cryptoEntry = createRequire(import.meta.url).resolve('@turnkey/crypto')
    const published = readFileSync(join(dirname(cryptoEntry), 'constants.mjs'), 'utf8')
    expect(published).toContain(PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY)
    expect(published).not.toContain(testKey)
  })

  it('is aliased in every occurrence, in @turnkey files only', () => {
    const testKey = enclavePublicKeyOf()
    const code = `a = "${PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY}"; b = "${PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY}"`
    expect(aliasSignerIn(code, '/app/node_modules/@turnkey/crypto/dist/constants.mjs', testKey)).toBe(
      `a = "${testKey}"; b = "${testKey}"`,
    )
    expect(aliasSignerIn(code, 'C:\\app\\node_modules\\@turnkey\\crypto\\dist\\constants.js', testKey)).toContain(
      testKey,
    )
    expect(aliasSignerIn(code, '/app/src/mock/enclave.ts', testKey)).toBeNull()
    expect(aliasSignerIn('no key here', '/app/node_modules/@turnkey/crypto/dist/index.mjs', testKey)).toBeNull()
  })

  // The client's own copy of @turnkey/crypto names the key it expects in its refusal: the test key, so the
  // alias reached the module the client loads (not only this file's import of it).
  it('is the one key the client accepts: a mock whose enclave signs with another is refused before any code is sent', async () => {
    proxy = createProductionMockV2({ enclaveSecretKey: '22'.repeat(32) })
    const { OtpType } = productionV2()
    const email = 'mallory@example.com'
    const device = await openProductionClientV2()
    const { otpId, otpEncryptionTargetBundle } = await device.initOtp({ otpType: OtpType.Email, contact: email })
    const calls = recordCalls()
    const refused: unknown = await device
      .verifyOtp({ otpId, otpCode: sentCode(proxy, email), otpEncryptionTargetBundle })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'VERIFY_OTP_ERROR' })
    expect(String((refused as Error).cause)).toContain(`expected signer key ${enclavePublicKeyOf()} does not match`)
    expect(calls).toEqual([])
  })
})

describe('production client 2.8.1, at start', () => {
  it("answers what react-wallet-kit 2.4 asks for at mount, in parallel, with the client's own helpers", async () => {
    proxy = createProductionMockV2()
    const { getAuthProxyConfig, getClientParams } = productionV2()
    const calls = recordCalls()
    // Both must answer: the kit waits on them together, and one refused leaves it in its error state.
    const [config, clientParams] = await Promise.all([
      getAuthProxyConfig(CONFIG_ID, PROXY_URL),
      getClientParams(CONFIG_ID, PROXY_URL),
    ])
    expect(config.enabledProviders).toEqual(expect.arrayContaining(['email', 'sms', 'google']))
    // No Turnstile site key: the mock asks for no captcha.
    expect(clientParams).toEqual({})
    expect(calls.sort()).toEqual(['wallet_kit_client_params', 'wallet_kit_config'])
  })
})

describe('production client 2.8.1, email OTP', () => {
  it("signs up with completeOtp in the current generation's order, then logs in again with completeOtp into the same organization", async () => {
    proxy = createProductionMockV2()
    const { OtpType } = productionV2()
    const email = 'ada@example.com'

    const device = await openProductionClientV2()
    const calls = recordCalls()
    const requests = recordRequests()
    const { otpId, otpEncryptionTargetBundle } = await device.initOtp({ otpType: OtpType.Email, contact: email })
    expect(otpId).toBe(proxy.outbox(email)[0]?.otpId)
    const signedUp = await device.completeOtp({
      otpId,
      otpCode: sentCode(proxy, email),
      otpEncryptionTargetBundle,
      contact: email,
      otpType: OtpType.Email,
    })
    expect(signedUp.action).toBe('SIGNUP')
    expect(calls).toEqual(['otp_init_v2', 'otp_verify_v2', 'account', 'signup_v2', 'submit/stamp_login'])
    const first = await verifySession(proxy, signedUp.sessionToken)
    expect(first.public_key).toBe((await device.getSession())?.publicKey)
    expect(first.session_type).toBe('SESSION_TYPE_READ_WRITE')
    expect(first.organization_id).not.toBe(PARENT_ORGANIZATION_ID)
    expect(proxy.state.organizations[first.organization_id]?.parentOrganizationId).toBe(PARENT_ORGANIZATION_ID)
    expect(proxy.state.users[first.user_id]?.email).toBe(email)

    // stamp_login went to the public API, stamped by the verification token's key and attested by the
    // token, in the sub-organization (2.8.1 names it; 2.7 named the parent).
    const login = requests.find(({ route }) => route === 'submit/stamp_login')?.request
    if (login === undefined) throw new Error('no stamp_login recorded')
    expect(new URL(login.url).origin).toBe(API_URL)
    expect(login.headers.get('X-Client-Version')).toBe('@turnkey/core@2.8.1')
    const stamp = attestedStamp(login)
    expect(stamp).toMatchObject({
      scheme: 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN',
      publicKey: first.public_key,
      publicKeyAttestation: signedUp.verificationToken,
    })
    expect(await login.json()).toMatchObject({
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      organizationId: first.organization_id,
      parameters: { publicKey: first.public_key, expirationSeconds: '900', invalidateExisting: false },
    })
    expect(
      requests.filter(({ request }) => new URL(request.url).origin === PROXY_URL).map(({ route }) => route),
    ).toEqual(['otp_init_v2', 'otp_verify_v2', 'account', 'signup_v2'])

    // Log in again on another device: completeOtp finds the account and logs in.
    const other = await openProductionClientV2()
    const again = recordCalls()
    const initAgain = await other.initOtp({ otpType: OtpType.Email, contact: email })
    const loggedIn = await other.completeOtp({
      ...initAgain,
      otpCode: sentCode(proxy, email),
      contact: email,
      otpType: OtpType.Email,
    })
    expect(loggedIn.action).toBe('LOGIN')
    expect(again).toEqual(['otp_init_v2', 'otp_verify_v2', 'account', 'submit/stamp_login'])
    const second = await verifySession(proxy, loggedIn.sessionToken)
    expect(second.public_key).toBe((await other.getSession())?.publicKey)
    expect(second.public_key).not.toBe(first.public_key)
    expect(second.organization_id).toBe(first.organization_id)
    expect(second.user_id).toBe(first.user_id)
  })

  it('signs up step by step (initOtp, verifyOtp, signUpWithOtp), then logs in again step by step (loginWithOtp)', async () => {
    proxy = createProductionMockV2()
    const { OtpType } = productionV2()
    const email = 'grace@example.com'

    const device = await openProductionClientV2()
    const calls = recordCalls()
    const init = await device.initOtp({ otpType: OtpType.Email, contact: email })
    const publicKey = await device.createApiKeyPair()
    const verified = await device.verifyOtp({ ...init, otpCode: sentCode(proxy, email), publicKey })
    expect(verified.publicKey).toBe(publicKey)
    const signedUp = await device.signUpWithOtp({
      verificationToken: verified.verificationToken,
      contact: email,
      otpType: OtpType.Email,
    })
    expect(calls).toEqual(['otp_init_v2', 'otp_verify_v2', 'signup_v2', 'submit/stamp_login'])
    const first = await verifySession(proxy, signedUp.sessionToken)
    expect(first.public_key).toBe(publicKey)
    expect((await device.getSession())?.publicKey).toBe(publicKey)
    expect(proxy.state.users[first.user_id]?.email).toBe(email)

    // The session key stamps: whoami, stamped by it, names the new user.
    const whoami = await device.httpClient.getWhoami({ organizationId: first.organization_id })
    expect(whoami).toMatchObject({ organizationId: first.organization_id, userId: first.user_id })

    const other = await openProductionClientV2()
    const again = recordCalls()
    const initAgain = await other.initOtp({ otpType: OtpType.Email, contact: email })
    const { verificationToken } = await other.verifyOtp({ ...initAgain, otpCode: sentCode(proxy, email) })
    const loggedIn = await other.loginWithOtp({ verificationToken, organizationId: first.organization_id })
    expect(again).toEqual(['otp_init_v2', 'otp_verify_v2', 'submit/stamp_login'])
    const second = await verifySession(proxy, loggedIn.sessionToken)
    expect(second.public_key).toBe((await other.getSession())?.publicKey)
    expect(second.organization_id).toBe(first.organization_id)
    expect(second.user_id).toBe(first.user_id)
  })

  it('hears a wrong code as production recognises it (INVALID_OTP_CODE)', async () => {
    proxy = createProductionMockV2()
    const { OtpType } = productionV2()
    const email = 'typo@example.com'
    const device = await openProductionClientV2()
    const init = await device.initOtp({ otpType: OtpType.Email, contact: email })
    const code = sentCode(proxy, email)
    const wrong = (code[0] === '2' ? '3' : '2') + code.slice(1)
    await expect(device.verifyOtp({ ...init, otpCode: wrong })).rejects.toMatchObject({ code: 'INVALID_OTP_CODE' })
  })
})

describe('production client 2.8.1, SMS OTP', () => {
  it('signs up with completeOtp, then logs in again step by step (initOtp, verifyOtp, loginWithOtp) into the same organization', async () => {
    proxy = createProductionMockV2()
    const { OtpType } = productionV2()
    const phone = '+14155550123'

    const device = await openProductionClientV2()
    const calls = recordCalls()
    const init = await device.initOtp({ otpType: OtpType.Sms, contact: phone })
    expect(proxy.outbox(phone)[0]).toMatchObject({ otpId: init.otpId, otpType: 'OTP_TYPE_SMS' })
    const signedUp = await device.completeOtp({
      ...init,
      otpCode: sentCode(proxy, phone),
      contact: phone,
      otpType: OtpType.Sms,
    })
    expect(signedUp.action).toBe('SIGNUP')
    expect(calls).toEqual(['otp_init_v2', 'otp_verify_v2', 'account', 'signup_v2', 'submit/stamp_login'])
    const first = await verifySession(proxy, signedUp.sessionToken)
    expect(first.public_key).toBe((await device.getSession())?.publicKey)
    expect(proxy.state.users[first.user_id]?.phoneNumber).toBe(phone)

    const other = await openProductionClientV2()
    const initAgain = await other.initOtp({ otpType: OtpType.Sms, contact: phone })
    const publicKey = await other.createApiKeyPair()
    const { verificationToken } = await other.verifyOtp({ ...initAgain, otpCode: sentCode(proxy, phone), publicKey })
    // No organizationId: the envelope names the client's parent organization (as 2.7 always did), and
    // the token's contact finds the account in its sub-organization.
    const requests = recordRequests()
    const loggedIn = await other.loginWithOtp({ verificationToken })
    expect(await requests[0]?.request.json()).toMatchObject({ organizationId: PARENT_ORGANIZATION_ID })
    const second = await verifySession(proxy, loggedIn.sessionToken)
    expect(second.public_key).toBe(publicKey)
    expect((await other.getSession())?.publicKey).toBe(publicKey)
    expect(second.organization_id).toBe(first.organization_id)
    expect(second.user_id).toBe(first.user_id)
  })
})

describe("production client 2.8.1, signed in: its user, its wallets, signing with its sign-up's wallet", () => {
  it('fetchUser and fetchWallets read the sign-up; signMessage signs an Ethereum message viem verifies', async () => {
    proxy = createProductionMockV2()
    const { OtpType, generateWalletAccountsFromAddressFormat } = productionV2()
    const email = 'linus@example.com'
    const device = await openProductionClientV2()
    const init = await device.initOtp({ otpType: OtpType.Email, contact: email })
    const { sessionToken } = await device.completeOtp({
      ...init,
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
    const session = await verifySession(proxy, sessionToken)

    const calls = recordCalls()
    const user = await device.fetchUser()
    expect(user).toMatchObject({ userId: session.user_id, userEmail: email })
    const wallets = await device.fetchWallets()
    expect(wallets.map((wallet) => wallet.walletName)).toEqual(['Main'])
    const accounts = wallets.flatMap((wallet) => wallet.accounts)
    expect(accounts.map((account) => account.addressFormat).sort()).toEqual([
      'ADDRESS_FORMAT_ETHEREUM',
      'ADDRESS_FORMAT_SOLANA',
    ])
    expect(calls).toEqual(expect.arrayContaining(['query/get_user', 'query/list_wallets']))

    const ethereum = accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
    if (ethereum === undefined) throw new Error("the sign-up's wallet has no Ethereum account")
    await expectSignedMessage(device, ethereum)
  })
})

async function expectSignedMessage(device: TurnkeyClient, ethereum: WalletAccount): Promise<void> {
  const calls = recordCalls()
  const message = 'Sign in to Example at 2030-01-01'
  const { r, s, v } = await device.signMessage({ message, walletAccount: ethereum, addEthereumPrefix: true })
  expect(calls).toEqual(['submit/sign_raw_payload'])
  const signature = `0x${r}${s}${v === '00' ? '1b' : '1c'}` as const
  expect(await verifyMessage({ address: ethereum.address as Address, message, signature })).toBe(true)
  expect(await verifyMessage({ address: ethereum.address as Address, message: `${message}!`, signature })).toBe(false)
}

/**
 * A Google id_token bound to `publicKey` (nonce = hex(sha256(publicKey))), as production's React kit
 * obtains it: the client id from wallet_kit_config through the client, the consent page pressed as a
 * browser would, the token read from the fragment.
 */
async function googleIdToken(device: TurnkeyClient, name: string, publicKey: string): Promise<string> {
  const { oauthClientIds } = await device.getProxyAuthConfig()
  const clientId: unknown = oauthClientIds?.['google']
  if (typeof clientId !== 'string') throw new Error('wallet_kit_config has no google client id')
  const authorizeUrl = new URL(mockOAuthEndpoints(PROXY_URL).oauthAuthorizeUrls.google)
  for (const [key, value] of Object.entries(
    authorizeQuery('google', createPkce(), nonceFor(publicKey), { client_id: clientId }),
  )) {
    authorizeUrl.searchParams.set(key, value)
  }
  const answer = new URL(await pressOnConsentPage(proxy, authorizeUrl.href, `Continue as ${name}`))
  const idToken = new URLSearchParams(answer.hash.slice(1)).get('id_token')
  if (idToken === null) throw new Error(`Google answered no id_token: ${answer.href}`)
  return idToken
}

describe('production client 2.8.1, Google', () => {
  it('signs up with completeOauth (signup_v2, then stamp_login attested by the OIDC token), then logs in again into the same organization', async () => {
    proxy = createProductionMockV2()
    const device = await openProductionClientV2()
    const publicKey = await device.createApiKeyPair()
    const oidcToken = await googleIdToken(device, 'Ada Lovelace', publicKey)
    const calls = recordCalls()
    const requests = recordRequests()
    const signedUp = await device.completeOauth({ oidcToken, publicKey, providerName: 'google' })
    expect(signedUp.action).toBe('SIGNUP')
    expect(calls).toEqual(['account', 'signup_v2', 'submit/stamp_login'])
    const first = await verifySession(proxy, signedUp.sessionToken)
    expect(first.public_key).toBe(publicKey)
    expect(first.organization_id).not.toBe(PARENT_ORGANIZATION_ID)
    expect(proxy.state.users[first.user_id]?.oauthProviders).toEqual([
      expect.objectContaining({ providerName: 'google' }),
    ])
    const login = requests.find(({ route }) => route === 'submit/stamp_login')?.request
    if (login === undefined) throw new Error('no stamp_login recorded')
    expect(attestedStamp(login)).toMatchObject({
      scheme: 'STAMP_ATTESTED_SCHEME_P256_OIDC',
      publicKey,
      publicKeyAttestation: oidcToken,
    })

    const other = await openProductionClientV2()
    const otherKey = await other.createApiKeyPair()
    const otherToken = await googleIdToken(other, 'Ada Lovelace', otherKey)
    const again = recordCalls()
    const loggedIn = await other.completeOauth({ oidcToken: otherToken, publicKey: otherKey, providerName: 'google' })
    expect(loggedIn.action).toBe('LOGIN')
    expect(again).toEqual(['account', 'submit/stamp_login'])
    const second = await verifySession(proxy, loggedIn.sessionToken)
    expect(second.public_key).toBe(otherKey)
    expect(second.organization_id).toBe(first.organization_id)
    expect(second.user_id).toBe(first.user_id)
  })
})
