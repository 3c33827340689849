import { expect, test, type Page } from '@playwright/test'
import {
  expectSignedInAndClosed,
  openAccount,
  readMessage,
  sessionPanel,
  storedSessionClaims,
  uniquePhoneNumber,
} from './helpers'

const SHOTS = 'test-results/screenshots'

/** +447123456789 as the code step and "Your account" show it: +44 7123 456789. */
function shown(phoneNumber: string): string {
  return `+44 ${phoneNumber.slice(3, 7)} ${phoneNumber.slice(7)}`
}

/** Opens the modal's phone step and presses Send code for a UK mobile typed the national way (07…). */
async function sendCode(page: Page, phoneNumber: string) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with phone' }).click()
  await dialog.getByRole('combobox', { name: 'Country or region' }).selectOption('GB')
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(`0${phoneNumber.slice(3)}`)
  await dialog.getByRole('button', { name: 'Send code' }).click()
  return dialog
}

/** As sendCode, and waits for the code step. */
async function askForCode(page: Page, phoneNumber: string) {
  const dialog = await sendCode(page, phoneNumber)
  await expect(dialog.getByText(`We sent a code to ${shown(phoneNumber)}`)).toBeVisible()
  return dialog
}

test.describe('SMS sign-in on the playground', () => {
  test('a new user signs up with a texted code, logs out, and logs in again into the same organization', async ({
    page,
  }) => {
    const phoneNumber = uniquePhoneNumber()
    await page.goto('/')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name: 'Continue with phone' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/sms-0-methods.png`, animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Continue with phone' }).click()
    const phoneField = dialog.getByRole('textbox', { name: 'Phone number' })
    await expect(phoneField).toBeFocused()
    await expect(phoneField).toHaveAttribute('autocomplete', 'tel')
    await dialog.getByRole('combobox', { name: 'Country or region' }).selectOption('GB')
    await phoneField.fill(`0${phoneNumber.slice(3, 7)} ${phoneNumber.slice(7)}`)
    await page.screenshot({ path: `${SHOTS}/sms-1-phone-step.png`, animations: 'disabled' })

    await dialog.getByRole('button', { name: 'Send code' }).click()
    await expect(dialog.getByText(`We sent a code to ${shown(phoneNumber)}`)).toBeVisible()
    const codeField = dialog.getByRole('textbox', { name: 'Verification code' })
    await expect(codeField).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/sms-2-code-step.png`, animations: 'disabled' })

    // The playground tenant's SMS template (playground/vite.config.ts), with the code and app name in place.
    const message = await readMessage(page.request, phoneNumber)
    expect(message.text).toBe(`${message.code} is your auth-proxy-kit playground code.`)
    await codeField.fill(message.code)
    await expectSignedInAndClosed(page)
    // "Your account" shows the number as the code step did.
    await openAccount(page, shown(phoneNumber))
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    const first = await storedSessionClaims(page)
    expect(first?.session_type).toBe('SESSION_TYPE_READ_WRITE')
    // The dev inbox shows the text as it was sent.
    await expect(page.getByRole('listitem', { name: `Code for ${phoneNumber}` })).toContainText(message.text ?? '')
    await page.screenshot({ path: `${SHOTS}/sms-4-dev-inbox.png`, animations: 'disabled' })

    await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()

    const again = await askForCode(page, phoneNumber)
    const second = await readMessage(page.request, phoneNumber)
    expect(second.code).not.toBe(message.code)
    await again.getByRole('textbox', { name: 'Verification code' }).fill(second.code)
    await expectSignedInAndClosed(page)
    const claims = await storedSessionClaims(page)
    expect(claims?.organization_id).toBe(first?.organization_id)
    expect(claims?.user_id).toBe(first?.user_id)
    expect(claims?.public_key).not.toBe(first?.public_key)
  })

  test('a code asked for too soon after one asked in another tab shows when a code may be asked for again', async ({
    page,
    context,
  }) => {
    const phoneNumber = uniquePhoneNumber()
    // A code asked for elsewhere (another tab): this page knows nothing of it. (Within one page, "Use a
    // different number" and the same number again returns to the code sent, with nothing asked.)
    const other = await context.newPage()
    await other.goto('/')
    await askForCode(other, phoneNumber)
    await other.close()

    await page.goto('/')
    const dialog = await sendCode(page, phoneNumber)

    await expect(dialog.getByRole('alert')).toHaveText(
      'Too many codes were asked for. Please wait before asking again.',
    )
    const countdown = dialog.getByText(/^You can ask again in 0:\d\d\.$/)
    await expect(countdown).toBeVisible()
    const first = await countdown.textContent()
    await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 })
    await page.screenshot({ path: `${SHOTS}/sms-3-rate-limited.png`, animations: 'disabled' })
    // One code went out; the refused ask sent nothing.
    const response = await page.request.get(`/auth-proxy/__mock/outbox?contact=${encodeURIComponent(phoneNumber)}`)
    expect(await response.json()).toHaveLength(1)
  })
})
