import { expect, test } from '@playwright/test'
import {
  addOAuthIdentity,
  chooseOAuthMode,
  proxyRequests,
  readCode,
  storedKeys,
  storedSessionClaims,
  uniqueEmail,
} from './helpers'

const SHOTS = 'test-results/screenshots'

/** A code of the same format that is certainly not `code`. */
function wrongCode(code: string): string {
  return (code.startsWith('2') ? '3' : '2') + code.slice(1)
}

// One person, one session, off the happy path at every turn (issue 27): a wrong code and Verify again,
// back to the address and the same address again, signing out offline, and a sign-in with Google by
// redirect from a deep link. It ends signed in, on the page it left.
test('the unhappy paths, one after another, end signed in on the page the person left', async ({ page, context }) => {
  const email = uniqueEmail('unhappy')
  const requests = proxyRequests(page)
  await page.goto('/')

  // A wrong code: refused once; the same code again (Verify, Enter) is not sent again.
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
  const code = await readCode(page.request, email)
  const field = dialog.getByRole('textbox', { name: 'Verification code' })
  await field.fill(wrongCode(code))
  await expect(dialog.getByRole('alert')).toContainText('That code is not right')
  const verifies = () => requests.filter((path) => path.startsWith('/v1/otp_verify')).length
  expect(verifies()).toBe(1)
  await expect(dialog.getByRole('button', { name: 'Verify' })).toBeDisabled()
  await field.press('Enter')
  expect(verifies()).toBe(1)

  // Back to the address, and the same address again: the code step as it was, nothing asked again.
  await dialog.getByRole('button', { name: 'Use a different email' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Email address' })).toHaveValue(email)
  const inits = () => requests.filter((path) => path.startsWith('/v1/otp_init')).length
  expect(inits()).toBe(1)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
  expect(inits()).toBe(1)
  await page.screenshot({ path: `${SHOTS}/unhappy-1-back-to-the-code.png`, animations: 'disabled' })
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)
  // Signed in, the modal closes by itself, focus back on the button that opened it.
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account' })).toBeFocused()

  // Signing out offline: the session and its key are gone at once.
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('dialog', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  expect(await storedSessionClaims(page)).toBeNull()
  expect(await storedKeys(page)).toEqual([])
  await context.setOffline(false)

  // A deep link, and Google by redirect: back on the very address, query and fragment included.
  const person = await addOAuthIdentity(page.request, 'Unhappy Path')
  await page.goto('/checkout?item=42#pay')
  await chooseOAuthMode(page, 'redirect')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click()
  await page.getByRole('button', { name: `Continue as ${person.name}` }).click()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
  const back = new URL(page.url())
  expect(`${back.pathname}${back.search}${back.hash}`).toBe('/checkout?item=42#pay')
  const claims = await storedSessionClaims(page)
  expect(claims).not.toBeNull()
  expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([claims?.public_key])
  await page.screenshot({ path: `${SHOTS}/unhappy-2-back-on-the-deep-link.png`, animations: 'disabled' })
})
