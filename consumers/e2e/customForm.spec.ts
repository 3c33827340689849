// The React 18.2 host's own form (consumers/react18/src/EmailCodeForm.tsx), driven by useEmailOtp.
import { readCode, uniqueEmail } from '../../e2e/helpers'
import { expect, test } from './test'

test('a host form built on useEmailOtp signs in, useSession names the person, and useLogout signs out', async ({
  page,
}) => {
  const email = uniqueEmail('custom-form')
  await page.goto('/')
  await expect(page.getByText('Signed out')).toBeVisible()
  const form = page.getByRole('form', { name: 'Sign in with your email' })
  await form.getByRole('textbox', { name: 'Your email' }).fill(email)
  await form.getByRole('button', { name: 'Email me a code' }).click()
  await expect(form.getByText(`Code sent to ${email}`)).toBeVisible()
  await form.getByRole('textbox', { name: 'Your code' }).fill(await readCode(page.request, email))
  await form.getByRole('button', { name: 'Sign in' }).click()

  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(page.getByText('Only signed-in people see this.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('Signed out')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
})
