import { expect, test } from 'auth-proxy-kit/mock/playwright'

// The app calls its proxy at /auth-proxy: this worker's mock answers there.
test.use({ mockAuthProxyOptions: { url: '/auth-proxy' } })

test('a new user signs in by email', async ({ page, inbox }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('textbox', { name: 'Email address' }).fill('ada@example.com')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await inbox.waitForCode('ada@example.com'))
  // Signed in, the modal closes by itself, and its button says "Account".
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
})
