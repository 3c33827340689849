import { expect, test, type Page } from '@playwright/test'
import { expectSignedInAndClosed, sessionPanel, signIn, storedSessionClaims, uniqueEmail } from './helpers'
import { addVirtualAuthenticator, onLocalhost } from './virtualAuthenticator'

const SIXTEEN_MINUTES = 16 * 60_000

/**
 * The browser's clock 16 minutes fast, as on a device set by hand: Date (now and new Date()) in every
 * document of the page, from before the app's first script. The mock (in the dev server) keeps the true
 * time, as production does. An init script rather than page.clock: the page's timers stay real.
 */
async function setClockFast(page: Page, skewMs: number): Promise<void> {
  await page.addInitScript((skew: number) => {
    const RealDate = Date
    class FastDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(RealDate.now() + skew)
        else super(...(args as ConstructorParameters<DateConstructor>))
      }
      static override now(): number {
        return RealDate.now() + skew
      }
    }
    globalThis.Date = FastDate as DateConstructor
  }, skewMs)
}

test.describe('a browser whose clock is 16 minutes fast (ISSUE 14)', () => {
  test('signs in by email and stays signed in after a reload; adds a passkey, signs out, and signs in with it', async ({
    page,
    baseURL,
  }) => {
    await setClockFast(page, SIXTEEN_MINUTES)
    await page.goto(onLocalhost(baseURL))
    expect(await page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + SIXTEEN_MINUTES - 60_000)
    const authenticator = await addVirtualAuthenticator(page)
    const email = uniqueEmail('fast-clock')

    await signIn(page, email)
    const byEmail = await storedSessionClaims(page)
    expect(byEmail).not.toBeNull()
    await expect(sessionPanel(page).getByText(String(byEmail?.organization_id), { exact: true })).toBeVisible()
    // The kit learned the proxy's time and kept it for the next load.
    const offset = await page.evaluate(() => Number(localStorage.getItem('auth-proxy-kit:clock-offset')))
    expect(offset).toBeLessThan(-SIXTEEN_MINUTES + 10_000)
    expect(offset).toBeGreaterThan(-SIXTEEN_MINUTES - 10_000)

    await page.reload()
    await expect(sessionPanel(page).getByText(String(byEmail?.organization_id), { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
    expect(await storedSessionClaims(page)).toEqual(byEmail)

    await page.getByRole('button', { name: 'Account' }).click()
    let dialog = page.getByRole('dialog', { name: 'Your account' })
    await dialog.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(dialog.getByText('Passkey added. Next time, you can sign in with it.')).toBeVisible()
    expect(await authenticator.credentials()).toHaveLength(1)
    await dialog.getByRole('button', { name: 'Done' }).click()

    await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()

    await page.getByRole('button', { name: 'Log in' }).click()
    dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectSignedInAndClosed(page)
    const byPasskey = await storedSessionClaims(page)
    expect(byPasskey?.user_id).toBe(byEmail?.user_id)
    expect(byPasskey?.organization_id).toBe(byEmail?.organization_id)
  })
})
