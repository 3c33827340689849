import { expect, test } from '@playwright/test'
import { accountButton, readCode, uniqueEmail } from './helpers'

// The kit's LoginButton inside another library's modal (a Radix Dialog: playground/nested.html). Radix
// sets `pointer-events: none` on <body>, traps focus in its content and closes on Escape from a document
// listener in the capture phase; the kit's modal opened on top must take clicks, keep focus and own Escape.
// The kit's dialog, named by its step's title (the Radix dialog around it is "Account settings").
const KIT_TITLES = /^(Log in or sign up|Check your email|Your account)$/

test.describe("the kit's modal inside a Radix Dialog", () => {
  test('takes clicks and keeps Tab inside; Escape closes only it, then the Radix dialog', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/nested.html')
    await page.getByRole('button', { name: 'Account settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Account settings' })
    await expect(settings).toBeVisible()
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe('none')

    const loginButton = settings.getByRole('button', { name: 'Log in' })
    await loginButton.click()
    const kit = page.getByRole('dialog', { name: KIT_TITLES })
    await expect(kit).toBeVisible()
    // A real click (Playwright refuses to click what would not receive the pointer).
    await kit.getByRole('textbox', { name: 'Email address' }).click()
    await page.keyboard.type('ada@example.com')
    await expect(kit.getByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.com')
    await page.screenshot({ path: 'test-results/screenshots/nested-dialog.png', animations: 'disabled' })

    // Tab moves through the kit's dialog only, however many times it is pressed.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await kit.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(kit).toBeHidden()
    await expect(settings).toBeVisible()
    await expect(loginButton).toBeFocused()

    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()
    expect(errors).toEqual([])
  })

  test('a click on the kit’s backdrop closes only the kit’s modal', async ({ page }) => {
    await page.goto('/nested.html')
    await page.getByRole('button', { name: 'Account settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Account settings' })
    await settings.getByRole('button', { name: 'Log in' }).click()
    const kit = page.getByRole('dialog', { name: KIT_TITLES })
    await expect(kit).toBeVisible()
    await page.mouse.click(8, 8)
    await expect(kit).toBeHidden()
    await expect(settings).toBeVisible()
  })

  test('a whole email sign-in inside the Radix dialog', async ({ page }) => {
    const email = uniqueEmail('nested')
    await page.goto('/nested.html')
    await page.getByRole('button', { name: 'Account settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Account settings' })
    await settings.getByRole('button', { name: 'Log in' }).click()
    const kit = page.getByRole('dialog', { name: KIT_TITLES })
    await kit.getByRole('textbox', { name: 'Email address' }).fill(email)
    await kit.getByRole('button', { name: 'Continue with email' }).click()
    await kit.getByRole('textbox', { name: 'Verification code' }).fill(await readCode(page.request, email))
    // Signed in, the kit's modal closes by itself, and only it: focus goes back to its button in the Radix
    // dialog, now "Account".
    await expect(kit).toHaveCount(0)
    await expect(settings.getByText('You are signed in.')).toBeVisible()
    const accountOpener = accountButton(settings)
    await expect(accountOpener).toBeFocused()
    // "Account" opens the kit's "Your account" on top, as "Log in" did.
    await accountOpener.click()
    const account = page.getByRole('dialog', { name: 'Your account' })
    await expect(account.getByText(email, { exact: true })).toBeVisible()
    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()
    await expect(settings).toBeVisible()
    await expect(accountOpener).toBeFocused()
  })
})
