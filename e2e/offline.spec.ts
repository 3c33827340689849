import { expect, test } from '@playwright/test'
import { sessionPanel, signIn, storedKeys, storedSessionClaims, uniqueEmail } from './helpers'

const SHOTS = 'test-results/screenshots'

// Chromium offline (the context's network cut: navigator.onLine false, the 'offline' event fired):
// what a person on a train sees.
test.describe('offline, on the playground', () => {
  test('signing out needs no network: the session and its key are gone at once', async ({ page, context }) => {
    await page.goto('/')
    await signIn(page, uniqueEmail('offline-out'))
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
    expect(await storedKeys(page)).toHaveLength(1)

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Your account' })
    await dialog.getByRole('button', { name: 'Sign out' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()
    expect(await storedSessionClaims(page)).toBeNull()
    expect(await storedKeys(page)).toEqual([])
  })

  test('a code asked for offline: "You\'re offline", nothing held back, and sent once back online', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('offline-code')
    await page.goto('/')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
    await context.setOffline(true)
    const send = dialog.getByRole('button', { name: 'Continue with email' })
    await send.click()
    await expect(dialog.getByRole('alert')).toHaveText("You're offline. Check your connection and try again.")
    await expect(dialog.getByText(/may already be on its way/)).toHaveCount(0)
    await expect(send).toBeEnabled()
    await page.screenshot({ path: `${SHOTS}/offline-code.png`, animations: 'disabled' })

    await context.setOffline(false)
    await send.click()
    await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
  })

  test('a signature asked for offline fails at once and says so, and signs once back online', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await signIn(page, uniqueEmail('offline-sign'))
    const panel = page.getByRole('region', { name: 'Wallet' })
    const sign = panel.getByRole('button', { name: 'Sign', exact: true })
    await panel.getByRole('textbox', { name: 'Message' }).fill('offline')
    // Before the signing code ever loaded: its chunk cannot come, and the error says the browser is offline.
    await context.setOffline(true)
    await sign.click()
    await expect(panel.getByRole('alert')).toContainText(
      'signing: its code could not be loaded, the browser is offline',
    )
    await expect(sign).toBeEnabled()

    await context.setOffline(false)
    await sign.click()
    await page
      .getByRole('dialog', { name: 'Signature request' })
      .getByRole('button', { name: 'Sign', exact: true })
      .click()
    await expect(panel.getByTestId('verification')).toHaveText(/^Verified: signed by /)

    // With the code here, offline again: the prompt shows, and the signature itself fails at once.
    await context.setOffline(true)
    await sign.click()
    await page
      .getByRole('dialog', { name: 'Signature request' })
      .getByRole('button', { name: 'Sign', exact: true })
      .click()
    await expect(panel.getByRole('alert')).toContainText(
      'the browser is offline (navigator.onLine is false); nothing was sent',
    )
    await expect(sign).toBeEnabled()
  })
})
