import { expect, test } from '@playwright/test'
import { DEV_URL } from './devServer'
import { expectSignedInAndClosed, openAccount, readCode, uniqueEmail } from './helpers'

// Every other playground test runs on its production build (the kit suite's baseURL, as an app ships it);
// this one proves the README's first command: `npm run dev`'s playground, on Vite's dev server with the
// mock plugin, signs a new person in by email and keeps them signed in across a reload.
test('the playground on the dev server (npm run dev) signs a new user in by email', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${DEV_URL}/`)
  const email = uniqueEmail('dev')
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(await readCode(page.request, email, DEV_URL))
  await expectSignedInAndClosed(page)
  await openAccount(page, email)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  expect(errors).toEqual([])
})
