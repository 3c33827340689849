import { expect, test } from '@playwright/test'
import {
  addOAuthIdentity,
  chooseOAuthMode,
  chooseTenant,
  expectSignedInAndClosed,
  hasOAuthAnswer,
  openAccount,
  openLoginModal,
  proxyRequests,
  sessionPanel,
  storedKeys,
  storedSessionClaims,
} from './helpers'

const SHOTS = 'test-results/screenshots'
/** A sign-in's own requests: not the tenant's config, nor its captcha site key (asked when the dialog opens). */
const signInRequest = (path: string) => path !== '/v1/wallet_kit_config' && path !== '/v1/wallet_kit_client_params'
const CONSENT = /\/auth-proxy\/__mock\/oauth\/google\/authorize\?/

/** The mock's consent page of `provider` ('google', 'facebook', ...). */
function consentOf(provider: string): RegExp {
  return new RegExp(`/auth-proxy/__mock/oauth/${provider}/authorize\\?`)
}

test.describe('OAuth sign-in on the playground (mock Google)', () => {
  test('signs up by redirect with a clean address bar, then logs in again by popup into the same organization', async ({
    page,
  }) => {
    const person = await addOAuthIdentity(page.request, 'Ada Lovelace')
    await page.goto('/')
    await chooseOAuthMode(page, 'redirect')
    let dialog = await openLoginModal(page)
    await expect(dialog.getByText('or', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/oauth-1-method-list.png`, animations: 'disabled' })

    // Redirect: the whole page goes to the provider's consent page, and comes back.
    const requests = proxyRequests(page)
    // The log-in answer is held on the way back, so that the wait while the answer is exchanged can be seen.
    let releaseLogin = () => {}
    const loginHeld = new Promise<void>((resolve) => {
      releaseLogin = resolve
    })
    await page.route('**/auth-proxy/public/v1/submit/stamp_login', async (route) => {
      await loginHeld
      await route.continue()
    })
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL(CONSENT)
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/oauth-2-consent.png`, animations: 'disabled' })
    await page.getByRole('button', { name: `Continue as ${person.name}` }).click()

    // Back, the modal opens by itself, titled by the provider, while the answer is exchanged for a session;
    // signed in, it closes by itself.
    const returning = page.getByRole('dialog', { name: 'Continue with Google' })
    await expect(returning.getByRole('status')).toHaveText('Signing you in…')
    await page.screenshot({ path: `${SHOTS}/oauth-2b-signing-in.png`, animations: 'disabled' })
    releaseLogin()
    await expectSignedInAndClosed(page)
    await page.unroute('**/auth-proxy/public/v1/submit/stamp_login')
    expect(hasOAuthAnswer(page.url())).toBe(false)
    expect(page.url()).not.toMatch(/[?&#](code|id_token|state)=/)
    // Google's id_token went straight to the proxy's account and signup_v2, then attested stamp_login
    // on the public API (@turnkey/core 2.8's order): production's oauth2_authenticate takes only X and Discord.
    expect(requests.filter(signInRequest)).toEqual(['/v1/account', '/v1/signup_v2', '/public/v1/submit/stamp_login'])
    const first = await storedSessionClaims(page)
    expect(first).not.toBeNull()
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([first?.public_key])
    // "Account" names the person as the provider named them (from the id_token the kit signed in with), not an id.
    const account = await openAccount(page, person.email)
    await expect(account.getByText('Signed in with Google')).toBeVisible()
    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()

    // Through the whole history of the tab, back to its start and forward again: no entry is the
    // callback with its id_token and state (the page replaced its own entry with the clean address).
    const entries = await page.evaluate(() => history.length)
    expect(entries).toBeGreaterThanOrEqual(3)
    const visited: string[] = []
    for (let step = 1; step < entries; step++) {
      await page.goBack()
      visited.push(page.url())
    }
    for (let step = 1; step < entries; step++) {
      await page.goForward()
      visited.push(page.url())
    }
    expect(visited.some((url) => CONSENT.test(url))).toBe(true)
    const appEntries = visited.filter((url) => new URL(url).pathname === '/')
    expect(appEntries.length).toBeGreaterThanOrEqual(2)
    for (const url of appEntries) expect(hasOAuthAnswer(url), url).toBe(false)
    expect(new URL(visited.at(-1) ?? '').pathname).toBe('/')
    // The newest entry, where the sign-in ended, loads signed in.
    await expect(sessionPanel(page).getByText(String(first?.organization_id), { exact: true })).toBeVisible()

    await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()
    expect(await storedSessionClaims(page)).toBeNull()

    // Popup: the page stays, the consent page opens in a window of its own.
    await chooseOAuthMode(page, 'popup')
    dialog = await openLoginModal(page)
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.waitForURL(CONSENT)
    await expect(dialog.getByRole('status')).toHaveText('Waiting for Google…')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/oauth-3-waiting-for-popup.png`, animations: 'disabled' })
    await popup.screenshot({ path: `${SHOTS}/oauth-4-consent-in-popup.png`, animations: 'disabled' })
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: `Continue as ${person.name}` }).click()
    await closed

    await expectSignedInAndClosed(page)
    await openAccount(page, person.email)
    await page.screenshot({ path: `${SHOTS}/oauth-5-signed-in.png`, animations: 'disabled' })
    const second = await storedSessionClaims(page)
    expect(second?.organization_id).toBe(first?.organization_id)
    expect(second?.user_id).toBe(first?.user_id)
    expect(second?.public_key).not.toBe(first?.public_key)
    expect(hasOAuthAnswer(page.url())).toBe(false)
  })

  test('a redirect sign-in in a tab opened by window.open (so it has an opener) completes, with a clean address bar', async ({
    page,
  }) => {
    const person = await addOAuthIdentity(page.request, 'Mary Jackson')
    // Another page of the same origin opens the playground in a tab of its own, which keeps it as its
    // opener: the kit must not take that tab for its sign-in popup.
    await page.goto('/favicon.svg')
    const opened = page.waitForEvent('popup')
    await page.evaluate(() => {
      window.open('/', '_blank')
    })
    const tab = await opened
    await tab.waitForLoadState()
    expect(await tab.evaluate(() => window.opener !== null && window.name === '')).toBe(true)

    await chooseOAuthMode(tab, 'redirect')
    const dialog = await openLoginModal(tab)
    const requests = proxyRequests(tab)
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await tab.waitForURL(CONSENT)
    await tab.getByRole('button', { name: `Continue as ${person.name}` }).click()

    await expectSignedInAndClosed(tab)
    expect(hasOAuthAnswer(tab.url())).toBe(false)
    expect(tab.url()).not.toMatch(/[?&#](code|id_token|state)=/)
    // Still a tab with an opener, and the sign-in went through once.
    expect(await tab.evaluate(() => window.opener !== null)).toBe(true)
    expect(requests.filter(signInRequest)).toEqual(['/v1/account', '/v1/signup_v2', '/public/v1/submit/stamp_login'])
    const claims = await storedSessionClaims(tab)
    expect(claims).not.toBeNull()
    expect((await storedKeys(tab)).map((key) => key.publicKey)).toEqual([claims?.public_key])
    await expect(sessionPanel(tab).getByText(String(claims?.organization_id), { exact: true })).toBeVisible()
  })

  test('Cancel on the consent page, by redirect, shows a message on return and leaves no session and no key', async ({
    page,
  }) => {
    const person = await addOAuthIdentity(page.request, 'Grace Hopper')
    await page.goto('/')
    await chooseOAuthMode(page, 'redirect')
    const dialog = await openLoginModal(page)
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL(CONSENT)
    await expect(page.getByRole('button', { name: `Continue as ${person.name}` })).toBeVisible()
    // The sign-in's key already exists while the person is at the provider.
    expect(await storedKeys(page)).toHaveLength(1)
    await page.getByRole('button', { name: 'Cancel' }).click()

    const back = page.getByRole('dialog')
    // Beside Google's button, naming it; the button itself (focused) tries again.
    await expect(back.getByRole('status').filter({ hasText: 'Google sign-in was cancelled.' })).toBeVisible()
    await expect(back.getByRole('button', { name: 'Continue with Google' })).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/oauth-6-cancelled.png`, animations: 'disabled' })
    expect(hasOAuthAnswer(page.url())).toBe(false)
    expect(await storedSessionClaims(page)).toBeNull()
    await expect.poll(() => storedKeys(page)).toEqual([])
  })

  test('Cancel on the consent page, in the popup, shows a message and leaves no session and no key', async ({
    page,
  }) => {
    await page.goto('/')
    await chooseOAuthMode(page, 'popup')
    const dialog = await openLoginModal(page)
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.waitForURL(CONSENT)
    await popup.getByRole('button', { name: 'Cancel' }).click()

    await expect(dialog.getByRole('status').filter({ hasText: 'Google sign-in was cancelled.' })).toBeVisible()
    expect(popup.isClosed()).toBe(true)
    expect(await storedSessionClaims(page)).toBeNull()
    await expect.poll(() => storedKeys(page)).toEqual([])
  })

  test('closing the popup ends the sign-in with a message', async ({ page }) => {
    await page.goto('/')
    await chooseOAuthMode(page, 'popup')
    const dialog = await openLoginModal(page)
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.waitForURL(CONSENT)
    await popup.close()
    await expect(
      dialog.getByRole('status').filter({ hasText: 'The Google window was closed before sign-in finished.' }),
    ).toBeVisible()
    expect(await storedSessionClaims(page)).toBeNull()
    await expect.poll(() => storedKeys(page)).toEqual([])
  })

  test('a callback whose state was tampered with is refused with a message, and no session', async ({ page }) => {
    const person = await addOAuthIdentity(page.request, 'Alan Turing')
    // The provider's answer is altered on its way back: the consent page's redirect gets another state.
    await page.route('**/auth-proxy/__mock/oauth/google/consent', async (route) => {
      const response = await route.fetch({ maxRedirects: 0 })
      const location = new URL(response.headers()['location'] ?? '')
      const answer = new URLSearchParams(location.hash.slice(1))
      expect(answer.get('id_token')).toBeTruthy()
      answer.set('state', 'A'.repeat(43))
      location.hash = answer.toString()
      await route.fulfill({ status: 303, headers: { location: location.href } })
    })
    await page.goto('/')
    await chooseOAuthMode(page, 'redirect')
    const dialog = await openLoginModal(page)
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL(CONSENT)
    await page.getByRole('button', { name: `Continue as ${person.name}` }).click()

    const back = page.getByRole('dialog')
    await expect(back.getByRole('alert')).toHaveText(
      'Google sign-in failed. This sign-in link is not valid here. Please start again.',
    )
    await page.screenshot({ path: `${SHOTS}/oauth-7-tampered-state.png`, animations: 'disabled' })
    expect(hasOAuthAnswer(page.url())).toBe(false)
    expect(await storedSessionClaims(page)).toBeNull()
  })

  test('Google’s answer whose id_token carries another nonce is refused before the proxy sees it, with no session', async ({
    page,
  }) => {
    const person = await addOAuthIdentity(page.request, 'Hedy Lamarr')
    // The id_token is swapped on its way back for one bound to another key (its nonce altered): the
    // kit must not send it on, whatever the proxy would say.
    await page.route('**/auth-proxy/__mock/oauth/google/consent', async (route) => {
      const response = await route.fetch({ maxRedirects: 0 })
      const location = new URL(response.headers()['location'] ?? '')
      const answer = new URLSearchParams(location.hash.slice(1))
      const [header, payload, signature] = (answer.get('id_token') ?? '').split('.')
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { nonce: string }
      expect(claims.nonce).toMatch(/^[0-9a-f]{64}$/)
      claims.nonce = `${claims.nonce.slice(0, -1)}${claims.nonce.endsWith('0') ? '1' : '0'}`
      answer.set('id_token', `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`)
      location.hash = answer.toString()
      await route.fulfill({ status: 303, headers: { location: location.href } })
    })
    await page.goto('/')
    await chooseOAuthMode(page, 'redirect')
    const dialog = await openLoginModal(page)
    const requests = proxyRequests(page)
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL(CONSENT)
    await page.getByRole('button', { name: `Continue as ${person.name}` }).click()

    const back = page.getByRole('dialog')
    await expect(back.getByRole('alert')).toHaveText(
      'Google sign-in failed. The sign-in provider reported a problem. Please try again.',
    )
    await page.screenshot({ path: `${SHOTS}/oauth-8-tampered-id-token.png`, animations: 'disabled' })
    expect(hasOAuthAnswer(page.url())).toBe(false)
    expect(requests.filter(signInRequest)).toEqual([])
    expect(await storedSessionClaims(page)).toBeNull()
    await expect.poll(() => storedKeys(page)).toEqual([])
  })
})

// Every other kind of provider, on the playground's tenant that enables them all: Apple's id_token in
// the fragment, Facebook's code redeemed by the page at Facebook's token endpoint, X's and Discord's
// codes exchanged by the proxy's oauth2_authenticate.
const KINDS = [
  { name: 'Apple', slug: 'apple', exchange: [] },
  { name: 'Facebook', slug: 'facebook', exchange: ['/__mock/oauth/facebook/v11.0/oauth/access_token'] },
  { name: 'X', slug: 'x', exchange: ['/v1/oauth2_authenticate'] },
  { name: 'Discord', slug: 'discord', exchange: ['/v1/oauth2_authenticate'] },
] as const

test.describe('OAuth sign-in on the playground, per provider kind (tenant with every provider)', () => {
  for (const { name, slug, exchange } of KINDS) {
    test(`${name}: signs up by redirect and logs in again by popup, each time with a clean address bar`, async ({
      page,
    }) => {
      const person = await addOAuthIdentity(page.request, 'Katherine Johnson')
      await page.goto('/')
      await chooseTenant(page, 'every-provider')
      await chooseOAuthMode(page, 'redirect')
      let dialog = await openLoginModal(page)
      const requests = proxyRequests(page)

      await dialog.getByRole('button', { name: `Continue with ${name}` }).click()
      await page.waitForURL(consentOf(slug))
      await expect(page.getByRole('heading', { name: `Sign in with ${name}` })).toBeVisible()
      await page.getByRole('button', { name: `Continue as ${person.name}` }).click()

      await expectSignedInAndClosed(page)
      expect(hasOAuthAnswer(page.url())).toBe(false)
      expect(requests.filter(signInRequest)).toEqual([
        ...exchange,
        '/v1/account',
        '/v1/signup_v2',
        '/public/v1/submit/stamp_login',
      ])
      const first = await storedSessionClaims(page, 'every-provider')
      expect(first).not.toBeNull()
      await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
      await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()

      requests.length = 0
      await chooseOAuthMode(page, 'popup')
      dialog = await openLoginModal(page)
      const popupOpened = page.waitForEvent('popup')
      await dialog.getByRole('button', { name: `Continue with ${name}` }).click()
      const popup = await popupOpened
      await popup.waitForURL(consentOf(slug))
      const closed = popup.waitForEvent('close')
      await popup.getByRole('button', { name: `Continue as ${person.name}` }).click()
      await closed

      await expectSignedInAndClosed(page)
      expect(hasOAuthAnswer(page.url())).toBe(false)
      expect(requests.filter(signInRequest)).toEqual([...exchange, '/v1/account', '/public/v1/submit/stamp_login'])
      const second = await storedSessionClaims(page, 'every-provider')
      expect(second?.organization_id).toBe(first?.organization_id)
      expect(second?.user_id).toBe(first?.user_id)
      expect(second?.public_key).not.toBe(first?.public_key)
    })
  }
})
