// Production's own React kit (@turnkey/react-wallet-kit 2.4.3, on @turnkey/core 2.8.1) runs every flow
// against the mock in Chromium, from a page on another origin than the mock: a person signs up and logs
// in again through the kit's own modal (email and SMS codes, passkeys, the five OAuth providers in the
// kit's popup), checking the tenant's test captcha as they would Cloudflare's; the signed-in page shows
// what the kit's queries read (user, wallets), and the kit's signing modal signs a message viem
// verifies. The kit is bundled as published but for the enclave key it trusts (the test enclave's,
// production/aliasSignerPlugin.ts), and its hard-coded third parties are routed to the mock's stand-ins
// (production/thirdPartyRoutes.ts).
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { verifyMessage, type Address } from 'viem'
import { startMockAuthProxy, type RunningMockAuthProxy } from '../src/mock/node'
import { DEMO_OAUTH_CLIENT_IDS, type MockOAuthProvider } from '../src/mock/oauthProviders'
import { DEMO_DEFAULT_WALLET } from '../src/mock/tenants'
import { TEST_ENCLAVE_SECRET_KEY } from '../src/mock/testing/productionSignerAlias'
import { servePage, type ServedPage } from './production/bundleAndServe'
import { bundleReactKitHarness } from './production/bundleReactKit'
import {
  consentInPopup,
  kitModal,
  logOut,
  openModal,
  press,
  signedInSession,
  takeCalls,
  typeCode,
  watchCalls,
  type SeenCall,
  type ShownSession,
} from './production/reactKitDriver'
import type { ProductionReactKit } from './production/reactKitHarness'
import {
  MESSAGE_TO_SIGN,
  OAUTH_CALLBACK_PATH,
  ethereumSignature,
  pageUrlFor,
  type AuthEvent,
} from './production/reactKitPage'
import { routeThirdPartiesToMock, type ThirdPartyRoutes } from './production/thirdPartyRoutes'
import { addVirtualAuthenticator, type VirtualAuthenticator } from './virtualAuthenticator'

const CONFIG_ID = 'production-react-kit'
const PARENT_ORGANIZATION_ID = '3e8a1c2b-5d4f-4a6e-9b7c-1d2e3f4a5b6c'
const TURNSTILE_SITE_KEY = 'production-react-kit-site-key'

let mock: RunningMockAuthProxy
let served: ServedPage
let mockUrl: string
// One browser for the whole file, as one person's: each flow ends logged out, where the next begins.
let context: BrowserContext
let page: Page
let calls: SeenCall[]
let thirdParties: ThirdPartyRoutes
let authenticator: VirtualAuthenticator

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  served = await servePage(await bundleReactKitHarness())
  mock = await startMockAuthProxy({
    // A member production's kit sends that production's types lack would be refused, naming it.
    strictFields: true,
    // What the bundle's @turnkey/crypto trusts in place of production's enclave key.
    enclaveSecretKey: TEST_ENCLAVE_SECRET_KEY,
    tenants: [
      {
        configId: CONFIG_ID,
        organizationId: PARENT_ORGANIZATION_ID,
        enabledProviders: ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord'],
        oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
        // The kit reads its redirect URI from wallet_kit_config; the mock holds every sign-in to it.
        oauthRedirectUrl: new URL(OAUTH_CALLBACK_PATH, served.url).href,
        defaultWallet: DEMO_DEFAULT_WALLET,
        // With a site key the kit takes a captcha token before each sign-in; without one it waits 5 s
        // for a token that cannot come, on every sign-in through its modal.
        turnstileSiteKey: TURNSTILE_SITE_KEY,
      },
    ],
  })
  // localhost on both sides: one site, two origins (the ports differ), so every call is cross-origin.
  mockUrl = mock.url.replace('127.0.0.1', 'localhost')
  expect(new URL(mockUrl).origin).not.toBe(new URL(served.url).origin)
  context = await browser.newContext()
  thirdParties = await routeThirdPartiesToMock(context, mockUrl, served.url)
  page = await context.newPage()
  calls = watchCalls(page, mockUrl)
  authenticator = await addVirtualAuthenticator(page)
})

// The page is the file's, not the test's: Playwright's own screenshot on failure would not show it.
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern: none
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || page === undefined) return
  await testInfo.attach('page', { body: await page.screenshot(), contentType: 'image/png' })
  const errors = await page.evaluate(() => window.productionReactKitErrors)
  await testInfo.attach('errors the kit reported', {
    body: JSON.stringify(errors, null, 2),
    contentType: 'application/json',
  })
})

test.afterAll(async () => {
  await context?.close()
  await Promise.all([mock?.close(), served?.close()])
})

/** The paths of `seen`, the queries left out: the kit runs them in parallel once signed in. */
function signInPaths(seen: SeenCall[]): string[] {
  return seen.map((call) => call.path).filter((path) => !path.startsWith('/public/v1/query/'))
}

/** The one call to `path` in `seen`. */
function callTo(seen: SeenCall[], path: string): SeenCall {
  const matching = seen.filter((call) => call.path === path)
  if (matching.length !== 1) throw new Error(`${matching.length} calls to ${path}: ${JSON.stringify(seen)}`)
  return matching[0] as SeenCall
}

/** The queries the kit makes once signed in, to show the user and their wallets. */
const SIGNED_IN_QUERIES = [
  '/public/v1/query/get_user',
  '/public/v1/query/list_wallet_accounts',
  '/public/v1/query/list_wallets',
]

function queryPaths(seen: SeenCall[]): string[] {
  return [...new Set(seen.map((call) => call.path).filter((path) => path.startsWith('/public/v1/query/')))].sort()
}

/**
 * The session the page shows once the kit reports the sign-in as `action` by `method`, as the mock holds
 * it: a user of a sub-organization of the tenant's.
 */
async function signedIn(action: 'SIGNUP' | 'LOGIN', method: AuthEvent['method']): Promise<ShownSession> {
  const session = await signedInSession(page, { action, method })
  expect(mock.proxy.state.organizations[session.organizationId]?.parentOrganizationId).toBe(PARENT_ORGANIZATION_ID)
  expect(mock.proxy.state.users[session.userId]).toBeDefined()
  return session
}

/** The code the mock "sent" to `contact`, newest first, as the person reads it from the message. */
function sentCode(contact: string): string {
  const code = mock.proxy.outbox(contact)[0]?.code
  if (code === undefined) throw new Error(`the mock sent no code to ${contact}`)
  return code
}

test('at mount: the kit reads the tenant from the mock (its config and client parameters)', async () => {
  await page.goto(pageUrlFor(served.url, { mockUrl, configId: CONFIG_ID, organizationId: PARENT_ORGANIZATION_ID }))
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible()
  expect(
    takeCalls(calls)
      .map((call) => call.path)
      .sort(),
  ).toEqual(['/v1/wallet_kit_client_params', '/v1/wallet_kit_config'])
})

const EMAIL = 'otp-email@example.com'
/** The email sign-up's session, which the tests after it sign in to again. */
let emailAccount: ShownSession
/** Its wallet's Ethereum account, as the kit's fetchWallets reads it. */
let ethereumAddress: Address

/** Enters EMAIL in the kit's open modal, then the code the mock sent to it. */
async function signInByEmail(): Promise<void> {
  const emailBox = page.getByRole('textbox', { name: 'Enter your email' })
  await emailBox.fill(EMAIL)
  await emailBox.press('Enter')
  await typeCode(page, EMAIL, () => sentCode(EMAIL))
}

test('email: signs up through the modal, which offers every method the tenant enables', async () => {
  await openModal(page)
  // As wallet_kit_config names them (the email box, which openModal waits for, aside).
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in with passkey' })).toBeVisible()
  for (const provider of Object.keys(OAUTH_HANDLERS)) await expect(page.getByTestId(`oauth-${provider}`)).toBeVisible()
  await signInByEmail()
  emailAccount = await signedIn('SIGNUP', 'otp')
  expect(mock.proxy.state.users[emailAccount.userId]?.email).toBe(EMAIL)
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`Email ${EMAIL}`)
  const signUp = takeCalls(calls)
  expect(signInPaths(signUp)).toEqual([
    '/v1/otp_init_v2',
    '/v1/otp_verify_v2',
    '/v1/account',
    '/v1/signup_v2',
    '/public/v1/submit/stamp_login',
  ])
  expect(callTo(signUp, '/v1/otp_init_v2').captchaToken).toBeDefined()
  expect(callTo(signUp, '/public/v1/submit/stamp_login').stamp).toBe('attested')
  expect(queryPaths(signUp)).toEqual(SIGNED_IN_QUERIES)
})

test("signed in: the hook's fetchUser and fetchWallets read the user and the tenant's default wallet, which the page shows", async () => {
  const queried = await page.evaluate(async () => {
    const kit = window.productionReactKit
    if (kit === undefined) throw new Error('no kit on the page')
    const [user, wallets] = await Promise.all([kit.fetchUser(), kit.fetchWallets()])
    return {
      userId: user.userId,
      userEmail: user.userEmail,
      wallets: wallets.map((wallet) => ({
        walletName: wallet.walletName,
        accounts: wallet.accounts.map(({ address, addressFormat }) => ({ address, addressFormat })),
      })),
    }
  })
  expect(queryPaths(takeCalls(calls))).toEqual(SIGNED_IN_QUERIES)
  expect(queried).toMatchObject({ userId: emailAccount.userId, userEmail: EMAIL })
  expect(queried.wallets.map((wallet) => wallet.walletName)).toEqual([DEMO_DEFAULT_WALLET.walletName])
  const accounts = queried.wallets.flatMap((wallet) => wallet.accounts)
  expect(accounts.map((account) => account.addressFormat).sort()).toEqual([
    'ADDRESS_FORMAT_ETHEREUM',
    'ADDRESS_FORMAT_SOLANA',
  ])
  const walletAccounts = page.getByRole('region', { name: 'Wallet accounts' })
  for (const account of accounts) await expect(walletAccounts).toContainText(account.address)
  const ethereum = accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
  if (ethereum === undefined) throw new Error('the sign-up has no Ethereum account')
  ethereumAddress = ethereum.address as Address
})

test("signed in: the kit's signing modal and the hook's signMessage sign with the wallet, as viem verifies", async () => {
  // The modal: the message shown, then Sign.
  await press(page.getByRole('button', { name: 'Sign a message' }))
  await expect(page.getByText(MESSAGE_TO_SIGN)).toBeVisible()
  await press(page.getByRole('button', { name: 'Sign', exact: true }))
  const signature = page.getByRole('status', { name: 'Signature' })
  await expect(signature).toHaveText(/^0x[0-9a-f]{130}$/)
  const signed = (await signature.textContent()) as `0x${string}`
  const address = ethereumAddress
  expect(await verifyMessage({ address, message: MESSAGE_TO_SIGN, signature: signed })).toBe(true)
  expect(await verifyMessage({ address, message: `${MESSAGE_TO_SIGN}!`, signature: signed })).toBe(false)
  expect(signInPaths(takeCalls(calls))).toEqual(['/public/v1/submit/sign_raw_payload'])
  await expect(kitModal(page)).toBeHidden()

  // The hook's signMessage, as a customer's own code calls it, without the modal.
  const message = 'Signed by the hook itself'
  const bySignMessage = await page.evaluate(async (text) => {
    const kit = window.productionReactKit
    if (kit === undefined) throw new Error('no kit on the page')
    const account = kit.wallets
      .flatMap((wallet) => wallet.accounts)
      .find((candidate) => candidate.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
    if (account === undefined) throw new Error('no Ethereum account')
    const { r, s, v } = await kit.signMessage({ message: text, walletAccount: account, addEthereumPrefix: true })
    return { r, s, v }
  }, message)
  expect(await verifyMessage({ address, message, signature: ethereumSignature(bySignMessage) })).toBe(true)
  expect(signInPaths(takeCalls(calls))).toEqual(['/public/v1/submit/sign_raw_payload'])
  await logOut(page)
})

test('email: logs in again through the modal, into the same account', async () => {
  await openModal(page)
  await signInByEmail()
  expect(await signedIn('LOGIN', 'otp')).toEqual(emailAccount)
  expect(signInPaths(takeCalls(calls))).toEqual([
    '/v1/otp_init_v2',
    '/v1/otp_verify_v2',
    '/v1/account',
    '/public/v1/submit/stamp_login',
  ])
  await logOut(page)
})

test('SMS: signs up through the modal with a phone number, then logs in again', async () => {
  const phone = '+14155550123'
  let first: ShownSession | undefined
  for (const action of ['SIGNUP', 'LOGIN'] as const) {
    await openModal(page)
    // The kit's phone box starts on the United States: the number is typed as a person there writes it.
    const phoneBox = page.getByRole('textbox', { name: 'Phone number' })
    await phoneBox.fill('4155550123')
    await phoneBox.press('Enter')
    await typeCode(page, '+1 (415) 555-0123', () => sentCode(phone))
    const session = await signedIn(action, 'otp')
    first ??= session
    expect(session).toEqual(first)
    expect(mock.proxy.state.users[session.userId]?.phoneNumber).toBe(phone)
    await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`Phone ${phone}`)
    const seen = takeCalls(calls)
    expect(signInPaths(seen)).toEqual([
      '/v1/otp_init_v2',
      '/v1/otp_verify_v2',
      '/v1/account',
      ...(action === 'SIGNUP' ? ['/v1/signup_v2'] : []),
      '/public/v1/submit/stamp_login',
    ])
    await logOut(page)
  }
})

test('passkey: signs up through the modal with a new passkey, then logs in with it', async () => {
  await openModal(page)
  await press(page.getByRole('button', { name: 'Sign up with passkey' }))
  const first = await signedIn('SIGNUP', 'passkey')
  const credentials = await authenticator.credentials()
  expect(credentials).toHaveLength(1)
  expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true })
  expect(mock.proxy.state.users[first.userId]?.authenticators).toHaveLength(1)
  const signUp = takeCalls(calls)
  expect(signInPaths(signUp)).toEqual(['/v1/signup_v2', '/public/v1/submit/stamp_login'])
  expect(callTo(signUp, '/v1/signup_v2').captchaToken).toBeDefined()
  // signup_v2 registered a short-lived API key beside the passkey: it stamps the first stamp_login.
  expect(callTo(signUp, '/public/v1/submit/stamp_login').stamp).toBe('api-key')
  await logOut(page)

  await openModal(page)
  await press(page.getByRole('button', { name: 'Log in with passkey' }))
  expect(await signedIn('LOGIN', 'passkey')).toEqual(first)
  const login = takeCalls(calls)
  expect(signInPaths(login)).toEqual(['/public/v1/submit/stamp_login'])
  expect(callTo(login, '/public/v1/submit/stamp_login').stamp).toBe('webauthn')
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0)
  await logOut(page)
})

/** The hook's function for each provider, as a customer's own sign-in button would call it. */
const OAUTH_HANDLERS = {
  google: 'handleGoogleOauth',
  apple: 'handleAppleOauth',
  facebook: 'handleFacebookOauth',
  x: 'handleXOauth',
  discord: 'handleDiscordOauth',
} as const satisfies Record<MockOAuthProvider, keyof ProductionReactKit>

/** X and Discord give a code the proxy redeems; the others give their own id_token. */
function providerCalls(provider: MockOAuthProvider): string[] {
  return provider === 'x' || provider === 'discord' ? ['/v1/oauth2_authenticate'] : []
}

for (const provider of Object.keys(OAUTH_HANDLERS) as MockOAuthProvider[]) {
  test(`${provider}: signs up through the modal in the kit's popup, then logs in again through the hook's ${OAUTH_HANDLERS[provider]}`, async () => {
    const identity = 'Grace Hopper'
    // Sign-up: the provider's button in the modal (named only by its icon: the kit's test id finds it).
    await openModal(page)
    await consentInPopup(page, () => press(page.getByTestId(`oauth-${provider}`)), identity)
    const first = await signedIn('SIGNUP', 'oauth')
    expect(mock.proxy.state.users[first.userId]?.oauthProviders).toEqual([
      expect.objectContaining({ providerName: provider }),
    ])
    const signUp = takeCalls(calls)
    expect(signInPaths(signUp)).toEqual([
      ...providerCalls(provider),
      '/v1/account',
      '/v1/signup_v2',
      '/public/v1/submit/stamp_login',
    ])
    expect(callTo(signUp, '/v1/signup_v2').captchaToken).toBeDefined()
    expect(callTo(signUp, '/public/v1/submit/stamp_login').stamp).toBe('attested')
    await logOut(page)

    // Log-in: the hook's own function, as a customer's button calls it; the same popup.
    let done: Promise<void> | undefined
    await consentInPopup(
      page,
      async () => {
        done = page.evaluate((handler) => window.productionReactKit?.[handler](), OAUTH_HANDLERS[provider])
      },
      identity,
    )
    await done
    expect(await signedIn('LOGIN', 'oauth')).toEqual(first)
    expect(signInPaths(takeCalls(calls))).toEqual([
      ...providerCalls(provider),
      '/v1/account',
      '/public/v1/submit/stamp_login',
    ])
    await logOut(page)
  })
}

test("offline: nothing but the phone box's flag images left the two test origins and the stand-ins", () => {
  expect(
    thirdParties.unexpected.filter((url) => !url.startsWith('https://cdnjs.cloudflare.com/ajax/libs/twemoji/')),
  ).toEqual([])
})
