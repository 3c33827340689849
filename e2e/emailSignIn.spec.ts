import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import {
  expectSignedInAndClosed,
  openAccount,
  readCode,
  requestCode,
  sessionPanel,
  signIn,
  storedKeys,
  storedSessionClaims,
  uniqueEmail,
} from './helpers'

const SHOTS = 'test-results/screenshots'

test.describe('email sign-in on the playground', () => {
  test('a new user signs up with an emailed code, and the session survives a reload', async ({ page }) => {
    const email = uniqueEmail('new')
    await page.goto('/')
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()

    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const emailField = dialog.getByRole('textbox', { name: 'Email address' })
    await expect(emailField).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/1-email-step.png`, animations: 'disabled' })
    await expectNoAxeViolations(page, '[role="dialog"]')

    await emailField.fill(email)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
    const codeField = dialog.getByRole('textbox', { name: 'Verification code' })
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
    await page.screenshot({ path: `${SHOTS}/2-code-step.png`, animations: 'disabled' })
    await expectNoAxeViolations(page, '[role="dialog"]')

    const code = await readCode(page.request, email)

    await codeField.fill(code)
    // Signed in, the modal closes by itself; "Account" opens the signed-in view.
    await expectSignedInAndClosed(page)
    const account = await openAccount(page, email)
    await page.screenshot({ path: `${SHOTS}/3-signed-in.png`, animations: 'disabled' })
    await expectNoAxeViolations(page, '[role="dialog"]')
    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()
    // With the dialog closed the page is reachable again: its dev inbox lists the code that was sent,
    // with the playground tenant's app name and sender applied (playground/vite.config.ts).
    const sent = page.getByRole('listitem', { name: `Code for ${email}` })
    await expect(sent).toContainText(code)
    await expect(sent).toContainText(
      '“Your auth-proxy-kit playground verification code” · from Playground <notifications@auth-proxy-kit.test>',
    )

    const claims = await storedSessionClaims(page)
    expect(claims).not.toBeNull()
    expect(claims?.session_type).toBe('SESSION_TYPE_READ_WRITE')
    const keys = await storedKeys(page)
    expect(keys.map((key) => key.publicKey)).toContain(claims?.public_key)
    await expect(sessionPanel(page).getByText(String(claims?.organization_id), { exact: true })).toBeVisible()

    await page.reload()
    await expect(sessionPanel(page).getByText(String(claims?.organization_id), { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/4-after-reload.png`, animations: 'disabled' })
  })

  test('a returning user logs in again into the same organization', async ({ page }) => {
    const email = uniqueEmail('returning')
    await page.goto('/')
    await signIn(page, email)
    const first = await storedSessionClaims(page)

    await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()

    await signIn(page, email)
    const second = await storedSessionClaims(page)
    expect(second?.organization_id).toBe(first?.organization_id)
    expect(second?.user_id).toBe(first?.user_id)
    // A new login is bound to a new key.
    expect(second?.public_key).not.toBe(first?.public_key)
  })

  test('a wrong code shows an error, and the right code then works', async ({ page }) => {
    const email = uniqueEmail('typo')
    await page.goto('/')
    const code = await requestCode(page, email)
    const dialog = page.getByRole('dialog')
    const codeField = dialog.getByRole('textbox', { name: 'Verification code' })

    // Same alphabet, one character off.
    const wrong = (code[0] === '2' ? '3' : '2') + code.slice(1)
    await codeField.fill(wrong)
    await expect(dialog.getByRole('alert')).toContainText(/not right/i)
    await page.screenshot({ path: `${SHOTS}/5-wrong-code.png`, animations: 'disabled' })
    await expectNoAxeViolations(page, '[role="dialog"]')
    expect(await storedSessionClaims(page)).toBeNull()

    await codeField.fill(code)
    await expectSignedInAndClosed(page)
    expect(await storedSessionClaims(page)).not.toBeNull()
  })

  test('logout removes the session and deletes its key from IndexedDB', async ({ page }) => {
    const email = uniqueEmail('logout')
    await page.goto('/')
    await signIn(page, email)
    const claims = await storedSessionClaims(page)
    expect((await storedKeys(page)).map((key) => key.publicKey)).toContain(claims?.public_key)

    await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()
    expect(await storedSessionClaims(page)).toBeNull()
    expect((await storedKeys(page)).map((key) => key.publicKey)).not.toContain(claims?.public_key)

    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('the stored client key cannot be exported from the page', async ({ page }) => {
    const email = uniqueEmail('extract')
    await page.goto('/')
    await signIn(page, email)
    const claims = await storedSessionClaims(page)
    const keys = await storedKeys(page)
    const held = keys.find((key) => key.publicKey === claims?.public_key)
    expect(held).toBeDefined()
    expect(held?.extractable).toBe(false)
    expect(held?.usages).toEqual(['sign'])

    const exportResult = await page.evaluate(async (publicKey) => {
      const record = await new Promise<{ privateKey: CryptoKey }>((resolve, reject) => {
        const open = indexedDB.open('auth-proxy-kit')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('keys').objectStore('keys').get(publicKey)
          get.onsuccess = () => resolve(get.result as { privateKey: CryptoKey })
          get.onerror = () => reject(get.error)
        }
      })
      try {
        await crypto.subtle.exportKey('pkcs8', record.privateKey)
        return 'exported'
      } catch (error) {
        return (error as Error).name
      }
    }, String(claims?.public_key))
    expect(exportResult).toBe('InvalidAccessError')
  })
})
