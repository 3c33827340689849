import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/** The mock's mount point in the playground's dev server (playground/vite.config.ts). */
export const PROXY_PATH = '/auth-proxy'

let counter = 0
/** A fresh address per test: the mock (and its outbox) is shared by every test of a run. */
export function uniqueEmail(label: string): string {
  counter += 1
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}

/**
 * A fresh UK mobile number per test (+44 7…, 13 digits): the mock, its accounts and its rate limits are
 * shared by every test of a run, and by runs while the dev server lives.
 */
export function uniquePhoneNumber(): string {
  counter += 1
  const digits = String((Date.now() * 7 + process.pid * 1000 + counter) % 1e9).padStart(9, '0')
  return `+447${digits}`
}

interface OutboxMessage {
  otpId: string
  contact: string
  code: string
  text?: string
}

/** The newest message the mock "sent" to `contact` (email or phone), waiting for it to arrive. */
export async function readMessage(request: APIRequestContext, contact: string): Promise<OutboxMessage> {
  let message: OutboxMessage | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`${PROXY_PATH}/__mock/outbox?contact=${encodeURIComponent(contact)}`)
      message = ((await response.json()) as OutboxMessage[])[0]
      return message?.code
    })
    .toBeTruthy()
  return message as OutboxMessage
}

/**
 * The newest code the mock "sent" to `email`, waiting for it to arrive. `base`: a server other than the
 * config's baseURL (the CSP playground); `path`: where the mock is on it ('' for a standalone mock,
 * as examples/nextjs runs).
 */
export async function readCode(
  request: APIRequestContext,
  email: string,
  base = '',
  path = PROXY_PATH,
): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`${base}${path}/__mock/outbox?contact=${encodeURIComponent(email)}`)
      const messages = (await response.json()) as OutboxMessage[]
      code = messages[0]?.code
      return code
    })
    .toBeTruthy()
  return code as string
}

/**
 * Opens the modal and asks for a code for `email`; returns the code from the outbox. `proxyUrl`: the mock
 * proxy's base, the playground's mount point by default, or a standalone mock's URL.
 */
export async function requestCode(page: Page, email: string, proxyUrl = PROXY_PATH): Promise<string> {
  await page.getByRole('button', { name: 'Log in' }).click()
  // Named by its step: "Log in or sign up", then "Check your email".
  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveAccessibleName('Log in or sign up')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
  return readCode(page.request, email, proxyUrl, '')
}

/** The login button once someone is signed in: "Account", which opens "Your account". */
export function accountButton(page: Page | Locator): Locator {
  return page.getByRole('button', { name: 'Account', exact: true })
}

/**
 * A sign-in through the modal has completed: the modal closed by itself (LoginModal's `closeOnSignIn`, on
 * by default) and the button that opened it says "Account". `focused`: focus is back on that button (the
 * modal was opened from it, not by itself on the way back from a provider). Returns the button.
 */
export async function expectSignedInAndClosed(page: Page, { focused = false } = {}): Promise<Locator> {
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const account = accountButton(page)
  await expect(account).toBeVisible()
  if (focused) await expect(account).toBeFocused()
  return account
}

/**
 * Signed in, opens "Your account" with the "Account" button and waits for its heading, "Signed in as
 * `who`" (anyone when not given). Returns the dialog; its Done closes it.
 */
export async function openAccount(page: Page, who?: string): Promise<Locator> {
  await accountButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Your account' })
  await expect(
    dialog.getByRole('heading', { name: who === undefined ? /^Signed in as / : `Signed in as ${who}` }),
  ).toBeVisible()
  return dialog
}

/** Signs `email` in through the modal, end to end; the modal closes by itself. `proxyUrl`: as requestCode's. */
export async function signIn(page: Page, email: string, proxyUrl = PROXY_PATH): Promise<void> {
  const code = await requestCode(page, email, proxyUrl)
  await page.getByRole('dialog').getByRole('textbox', { name: 'Verification code' }).fill(code)
  await expectSignedInAndClosed(page)
}

/** The session panel of the playground. */
export function sessionPanel(page: Page) {
  return page.getByRole('region', { name: 'Session' })
}

/** Public keys of the records in the kit's IndexedDB key store, read in the page. */
export function storedKeys(page: Page): Promise<Array<{ publicKey: string; extractable: boolean; usages: string[] }>> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty, and the kit's own open would
    // then find no store to upgrade: look before opening.
    const databases = await indexedDB.databases()
    if (!databases.some((database) => database.name === 'auth-proxy-kit')) return []
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('auth-proxy-kit')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('keys')) {
          db.close()
          resolve([])
          return
        }
        const all = db.transaction('keys').objectStore('keys').getAll()
        all.onerror = () => reject(all.error)
        all.onsuccess = () => {
          db.close()
          resolve(
            (all.result as Array<{ publicKey: string; privateKey: CryptoKey }>).map((record) => ({
              publicKey: record.publicKey,
              extractable: record.privateKey.extractable,
              usages: [...record.privateKey.usages],
            })),
          )
        }
      }
    })
  })
}

/** The session JWT's claims as stored by the kit in localStorage for the tenant `configId`, or null. */
export function storedSessionClaims(
  page: Page,
  configId: PlaygroundConfigId = 'demo',
): Promise<Record<string, unknown> | null> {
  return page.evaluate((configId) => {
    const token = localStorage.getItem(`auth-proxy-kit:${configId}:session`)
    if (!token) return null
    const payload = token.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    return JSON.parse(json) as Record<string, unknown>
  }, configId)
}

export interface MockOAuthIdentity {
  provider: string
  sub: string
  name: string
  email?: string
}

/**
 * Adds a person to the mock's consent pages at every provider, with a name and email unique to this
 * test: the mock (and the accounts it holds) is shared by every test of a run and lives as long as the
 * dev server, so a fixed identity would already have an account from an earlier test or run.
 */
export async function addOAuthIdentity(
  request: APIRequestContext,
  label: string,
): Promise<{ name: string; email: string }> {
  counter += 1
  const suffix = `${Date.now().toString(36)}-${process.pid}-${counter}`
  const person = {
    name: `${label} ${suffix}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${suffix}@example.com`,
  }
  const response = await request.post(`${PROXY_PATH}/__mock/oauth/identities`, { data: person })
  expect(response.ok(), await response.text()).toBe(true)
  return person
}

/**
 * The playground's tenants (playground/src/mockProxy.ts): the demo (Google and Apple), one with every
 * OAuth provider (Facebook, X and Discord as well), and one with a captcha (the mock's test widget).
 */
export type PlaygroundConfigId = 'demo' | 'every-provider' | 'captcha'

/** The playground's "Tenant" select; the choice is kept for the tab, across a redirect sign-in. */
export async function chooseTenant(page: Page, configId: PlaygroundConfigId): Promise<void> {
  await page.getByLabel('Tenant').selectOption(configId)
}

/**
 * The paths of the calls the kit makes from the page to the mock from now on, across its navigations:
 * the proxy's endpoints (`/v1/account`), the public API's activities (`/public/v1/submit/stamp_login`;
 * not its queries, which the signed-in views make) and a provider's token endpoint
 * (`/__mock/oauth/facebook/v11.0/oauth/access_token`). The playground's own panels (outbox, identities)
 * and the consent page's form posts are not the kit's.
 */
export function proxyRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname.slice(PROXY_PATH.length)
    const kits =
      path.startsWith('/v1/') || path.startsWith('/public/v1/submit/') || path.endsWith('/oauth/access_token')
    if (request.url().includes(`${PROXY_PATH}/`) && kits) paths.push(path)
  })
  return paths
}

/** The playground's "OAuth mode" select: 'popup' or 'redirect' for the social buttons. */
export async function chooseOAuthMode(page: Page, mode: 'popup' | 'redirect'): Promise<void> {
  await page.getByLabel('OAuth mode').selectOption(mode)
}

/** Opens the modal and waits for the social buttons; the dialog it returns is found by role alone (its name follows its state). */
export async function openLoginModal(page: Page) {
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Log in or sign up' }).getByRole('button', { name: 'Continue with Google' }),
  ).toBeVisible()
  return page.getByRole('dialog')
}

/**
 * True when the URL carries an OAuth answer (a code, an id_token, a state or an error) in its query or
 * fragment, or Facebook's `#_=_`.
 */
export function hasOAuthAnswer(url: string): boolean {
  const parsed = new URL(url)
  const fragment = new URLSearchParams(parsed.hash.slice(1))
  return (
    parsed.hash === '#_=_' ||
    ['code', 'id_token', 'state', 'error'].some((name) => parsed.searchParams.has(name) || fragment.has(name))
  )
}
