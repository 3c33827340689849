import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { CSP_URL } from './cspServer'
import { expectSignedInAndClosed, openAccount, readCode, uniqueEmail } from './helpers'

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

test.describe('the playground under a strict Content Security Policy', () => {
  test("the whole email sign-in works under default-src 'self', styled, with no violation", async ({ page }) => {
    // Every violation the page reports, from before its first script runs (init scripts come from the
    // browser's side and are not subject to the page's policy).
    await page.addInitScript(() => {
      window.__cspViolations = []
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    const console: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) console.push(message.text())
    })

    const response = await page.goto(`${CSP_URL}/`)
    expect(response?.headers()['content-security-policy']).toBe("default-src 'self'")

    const email = uniqueEmail('csp')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const emailField = dialog.getByRole('textbox', { name: 'Email address' })
    await expect(emailField).toBeFocused()
    // styles.css applies (a linked stylesheet): the dialog has its background and rounded corners.
    await expect(dialog).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    await expect(dialog).toHaveCSS('border-radius', '16px')
    await expectNoAxeViolations(page, '[role="dialog"]')

    await emailField.fill(email)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    const codeField = dialog.getByRole('textbox', { name: 'Verification code' })
    await expect(codeField).toBeFocused()
    await codeField.fill(await readCode(page.request, email, CSP_URL))
    await expectSignedInAndClosed(page)
    const account = await openAccount(page, email)
    await expectNoAxeViolations(page, '[role="dialog"]')
    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()

    // A typed theme's variables are set through the CSSOM, which the policy allows.
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('brand')
    await expect(page.getByRole('button', { name: 'Account' })).toHaveCSS(
      'background-color',
      /rgb\((11, 122, 75|95, 212, 160)\)/,
    )

    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    expect(console).toEqual([])
  })
})
