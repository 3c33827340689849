// The README's quick start in a fresh host (and the React 18.2 app's LoginButton): sign in by email
// through the kit's modal, on the mock the app's vite.config mounts.
import { signIn, uniqueEmail } from '../../e2e/helpers'
import { expect, test } from './test'

test('a new person signs in with an emailed code through LoginButton, and stays signed in after a reload', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, uniqueEmail('consumer'))
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
})
