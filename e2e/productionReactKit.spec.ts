// Production's own React kit (@turnkey/react-wallet-kit 2.4.3, on @turnkey/core 2.8.1) runs every flow
// against the mock in Chromium, from a page on another origin than the mock: a person signs up and logs
// in again through the kit's own modal (email and SMS codes, passkeys, the five OAuth providers in the
// kit's popup), checking the tenant's test captcha as they would Cloudflare's; the signed-in page shows
// what the kit's queries read (user, wallets), and the kit's signing modal signs a message viem
// verifies. The kit is bundled as published but for the enclave key it trusts (the test enclave's,
// production/aliasSignerPlugin.ts), and its hard-coded third parties are routed to the mock's stand-ins
// (production/thirdPartyRoutes.ts).
import { expect, test, type Page } from '@playwright/test'
import { verifyMessage, type Address } from 'viem'
import { startMockAuthProxy, type RunningMockAuthProxy } from '../src/mock/node'
import { DEMO_OAUTH_CLIENT_IDS, type MockOAuthProvider } from '../src/mock/oauthProviders'
import { DEMO_DEFAULT_WALLET } from '../src/mock/tenants'
import { TEST_ENCLAVE_SECRET_KEY } from '../src/mock/testing/productionSignerAlias'
import { servePage, type ServedPage } from './production/bundleAndServe'
import { bundleReactKitHarness } from './production/bundleReactKit'
import { MESSAGE_TO_SIGN, OAUTH_CALLBACK_PATH, pageUrlFor, type AuthEvent } from './production/reactKitPage'
import { routeThirdPartiesToMock, type ThirdPartyRoutes } from './production/thirdPartyRoutes'
import { addVirtualAuthenticator } from './virtualAuthenticator'

const CONFIG_ID = 'production-react-kit'
const PARENT_ORGANIZATION_ID = '3e8a1c2b-5d4f-4a6e-9b7c-1d2e3f4a5b6c'
const TURNSTILE_SITE_KEY = 'production-react-kit-site-key'

let mock: RunningMockAuthProxy
let served: ServedPage
let mockUrl: string
let appUrl: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
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
  appUrl = pageUrlFor(served.url, { mockUrl, configId: CONFIG_ID, organizationId: PARENT_ORGANIZATION_ID })
  expect(new URL(mockUrl).origin).not.toBe(new URL(served.url).origin)
})

test.afterAll(async () => {
  await Promise.all([mock?.close(), served?.close()])
})

interface SeenCall {
  path: string
  captchaToken: string | undefined
}

interface App {
  calls: SeenCall[]
  thirdParties: ThirdPartyRoutes
}

/** The app on a fresh browser, its third parties routed to the mock, every POST to the mock recorded. */
async function openApp(page: Page): Promise<App> {
  const thirdParties = await routeThirdPartiesToMock(page.context(), mockUrl, served.url)
  const calls: SeenCall[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== new URL(mockUrl).origin || request.method() !== 'POST') return
    calls.push({ path: url.pathname, captchaToken: request.headers()['x-captcha-token'] })
  })
  await page.goto(appUrl)
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible()
  // What the kit asked at mount, both answered: the flows' calls start here.
  expect(calls.map((call) => call.path).sort()).toEqual(['/v1/wallet_kit_client_params', '/v1/wallet_kit_config'])
  calls.length = 0
  return { calls, thirdParties }
}

/** Opens the kit's modal and passes its captcha, as a person does before choosing how to sign in. */
async function openModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log in or sign up' }).click()
  // The provider renders a widget of its own too, in a 0×0 box no one can click: the modal's is named by
  // the id the kit gives it.
  const captcha = page.locator('#auth-component-turnstile')
  await captcha.getByRole('checkbox', { name: "I'm not a robot (test captcha)" }).check()
  await expect(captcha.getByRole('status')).toHaveText('Verified')
}

/** Types the code the mock sent to `contact` into the kit's code boxes, once the kit asks for it. */
async function enterCode(page: Page, contact: string): Promise<void> {
  await expect(page.getByText(/Enter the \d-digit code we sent to/)).toBeVisible()
  const code = mock.proxy.outbox(contact)[0]?.code
  if (code === undefined) throw new Error(`the mock sent no code to ${contact}`)
  // Each box moves the focus to the next as a character lands, as a person types it.
  await page.getByRole('textbox').first().click()
  await page.keyboard.type(code)
}

interface SignedIn {
  userId: string
  organizationId: string
}

/** Waits for the signed-in page; answers who it shows, checked against the mock's state. */
async function signedIn(page: Page): Promise<SignedIn> {
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()
  const session = await page.evaluate(() => window.productionReactKit?.session)
  if (session === undefined) throw new Error('the kit shows the signed-in page with no session')
  const { userId, organizationId } = session
  expect(mock.proxy.state.organizations[organizationId]?.parentOrganizationId).toBe(PARENT_ORGANIZATION_ID)
  expect(mock.proxy.state.users[userId]).toBeDefined()
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`User ${userId}`)
  return { userId, organizationId }
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible()
}

/** The sign-in's calls to the proxy and the public API's activities, in order, as sent. */
function signInCalls(app: App): string[] {
  return app.calls.map((call) => call.path).filter((path) => !path.startsWith('/public/v1/query/'))
}

/** The queries made, each once, in any order: the kit runs them in parallel after the sign-in. */
function queryCalls(app: App): Set<string> {
  return new Set(app.calls.map((call) => call.path).filter((path) => path.startsWith('/public/v1/query/')))
}

/** The queries the kit makes once signed in, to show the user and their wallets. */
const SIGNED_IN_QUERIES = new Set([
  '/public/v1/query/get_user',
  '/public/v1/query/list_wallets',
  '/public/v1/query/list_wallet_accounts',
])

function captchaTokenOn(app: App, path: string): string | undefined {
  const call = app.calls.find((candidate) => candidate.path === path)
  if (call === undefined) throw new Error(`no call to ${path}`)
  return call.captchaToken
}

function events(page: Page): Promise<AuthEvent[]> {
  return page.evaluate(() => window.productionReactKitEvents)
}

test('email: sign up through the modal; the queries read the user and wallet; the signing modal signs; log in again', async ({
  page,
}) => {
  const email = 'otp-email@example.com'
  const app = await openApp(page)
  await openModal(page)
  const emailBox = page.getByRole('textbox', { name: 'Enter your email' })
  await emailBox.fill(email)
  await emailBox.press('Enter')
  await enterCode(page, email)
  const first = await signedIn(page)
  expect(mock.proxy.state.users[first.userId]?.email).toBe(email)
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`Email ${email}`)
  expect(signInCalls(app)).toEqual([
    '/v1/otp_init_v2',
    '/v1/otp_verify_v2',
    '/v1/account',
    '/v1/signup_v2',
    '/public/v1/submit/stamp_login',
  ])
  expect(captchaTokenOn(app, '/v1/otp_init_v2')).toBeDefined()
  expect(captchaTokenOn(app, '/v1/signup_v2')).toBeUndefined()
  expect(queryCalls(app)).toEqual(SIGNED_IN_QUERIES)
  app.calls.length = 0

  // The signed-in queries, as the kit's hook answers them: the sign-up's user and its default wallet.
  const queried = await page.evaluate(async () => {
    const kit = window.productionReactKit
    if (kit === undefined) throw new Error('no kit on the page')
    const user = await kit.fetchUser()
    const wallets = await kit.fetchWallets()
    return {
      userId: user.userId,
      userEmail: user.userEmail,
      wallets: wallets.map((wallet) => ({
        walletName: wallet.walletName,
        accounts: wallet.accounts.map(({ address, addressFormat }) => ({ address, addressFormat })),
      })),
    }
  })
  expect(queried).toMatchObject({ userId: first.userId, userEmail: email })
  expect(queried.wallets.map((wallet) => wallet.walletName)).toEqual([DEMO_DEFAULT_WALLET.walletName])
  const accounts = queried.wallets.flatMap((wallet) => wallet.accounts)
  expect(accounts.map((account) => account.addressFormat).sort()).toEqual([
    'ADDRESS_FORMAT_ETHEREUM',
    'ADDRESS_FORMAT_SOLANA',
  ])
  const ethereum = accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
  if (ethereum === undefined) throw new Error('the sign-up has no Ethereum account')
  await expect(page.getByRole('region', { name: 'Wallet accounts' })).toContainText(ethereum.address)

  // The kit's signing modal: the message shown, then Sign.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByText(MESSAGE_TO_SIGN)).toBeVisible()
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  const signature = (await page.getByRole('status', { name: 'Signature' }).textContent()) as `0x${string}`
  const address = ethereum.address as Address
  expect(await verifyMessage({ address, message: MESSAGE_TO_SIGN, signature })).toBe(true)

  await logOut(page)
  await openModal(page)
  await emailBox.fill(email)
  await emailBox.press('Enter')
  await enterCode(page, email)
  const again = await signedIn(page)
  expect(again).toEqual(first)
  // The kit reports a sign-in once it has read the user and wallets, after it shows the session.
  await expect
    .poll(() => events(page))
    .toEqual([
      { action: 'SIGNUP', method: 'otp' },
      { action: 'LOGIN', method: 'otp' },
    ])
  console.log(app.thirdParties.unexpected)
})

test('SMS: sign up through the modal with a phone number, then log in again', async ({ page }) => {
  const phone = '+14155550123'
  const app = await openApp(page)
  for (const action of ['SIGNUP', 'LOGIN']) {
    await openModal(page)
    // The kit's phone box: United States by default, the number typed as a person does, without +1.
    const phoneBox = page.getByRole('textbox', { name: 'Phone number' })
    await phoneBox.fill(phone.slice(2))
    await phoneBox.press('Enter')
    await enterCode(page, phone)
    const session = await signedIn(page)
    expect(mock.proxy.state.users[session.userId]?.phoneNumber).toBe(phone)
    await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`Phone ${phone}`)
    console.log(action, signInCalls(app))
    app.calls.length = 0
    await logOut(page)
  }
  await expect
    .poll(() => events(page))
    .toEqual([
      { action: 'SIGNUP', method: 'otp' },
      { action: 'LOGIN', method: 'otp' },
    ])
})

test('passkey: sign up through the modal with a new passkey, then log in with it', async ({ page }) => {
  const app = await openApp(page)
  const authenticator = await addVirtualAuthenticator(page)
  await openModal(page)
  await page.getByRole('button', { name: 'Sign up with passkey' }).click()
  const first = await signedIn(page)
  const credentials = await authenticator.credentials()
  expect(credentials).toHaveLength(1)
  expect(mock.proxy.state.users[first.userId]?.authenticators.map((passkey) => passkey.credentialId)).toHaveLength(1)
  console.log(signInCalls(app))
  app.calls.length = 0
  await logOut(page)
  await openModal(page)
  await page.getByRole('button', { name: 'Log in with passkey' }).click()
  expect(await signedIn(page)).toEqual(first)
  console.log(signInCalls(app))
  await expect
    .poll(() => events(page))
    .toEqual([
      { action: 'SIGNUP', method: 'passkey' },
      { action: 'LOGIN', method: 'passkey' },
    ])
})

const PROVIDER_BUTTONS: Readonly<Record<MockOAuthProvider, string>> = {
  google: 'oauth-google',
  apple: 'oauth-apple',
  facebook: 'oauth-facebook',
  x: 'oauth-x',
  discord: 'oauth-discord',
}

test("OAuth: each of the five providers signs up in the kit's popup, then logs in again", async ({ page }) => {
  const app = await openApp(page)
  for (const provider of Object.keys(PROVIDER_BUTTONS) as MockOAuthProvider[]) {
    let first: SignedIn | undefined
    for (const action of ['SIGNUP', 'LOGIN']) {
      await openModal(page)
      const popupOpened = page.waitForEvent('popup')
      await page.getByTestId(PROVIDER_BUTTONS[provider]).click()
      const popup = await popupOpened
      await popup.getByRole('button', { name: 'Continue as Grace Hopper' }).click()
      const session = await signedIn(page)
      if (first === undefined) first = session
      else expect(session).toEqual(first)
      expect(mock.proxy.state.users[session.userId]?.oauthProviders).toEqual([
        expect.objectContaining({ providerName: provider }),
      ])
      console.log(provider, action, signInCalls(app))
      app.calls.length = 0
      await logOut(page)
    }
  }
  console.log(app.thirdParties.unexpected)
})
