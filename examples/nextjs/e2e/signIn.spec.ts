// The example built by `next build` and served by `next start`: sign-in by email against the mock proxy,
// through the quick start's LoginButton and through the custom form, with not one console error (a
// hydration mismatch is React's error #418 in a production build).
import { expect, test, type Page } from '@playwright/test'
import { readCode, signIn, uniqueEmail } from '../../../e2e/helpers'
import { NEXTJS_PROXY_URL as PROXY_URL } from '../../../e2e/nextjsServers'

let problems: string[] = []

/** Every console error and uncaught page error, from the first paint (hydration) on. */
function watchForErrors(page: Page): void {
  problems = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
}

test.beforeEach(({ page }) => {
  watchForErrors(page)
})

test.afterEach(() => {
  expect(problems).toEqual([])
})

test('signs in with the LoginButton, stays signed in across a reload and a client navigation, signs out', async ({
  page,
}) => {
  await page.goto('/')
  // The server layout's SignedOut, once the browser has read that no session is stored.
  await expect(page.getByText('You are signed out.')).toBeVisible()

  await signIn(page, uniqueEmail('next'), PROXY_URL)
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await expect(page.getByText('You are signed out.')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()

  await page.reload()
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()

  // A client-side navigation: the layout (and the provider in it) stays, the custom page reads the session.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Custom form' }).click()
  await expect(page.getByText('Signed in with your own form.')).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Sign in by email' })).toBeVisible()
})

test('signs in with the custom form (useEmailOtp)', async ({ page }) => {
  await page.goto('/custom')
  await expect(page.getByText('You are signed out.')).toBeVisible()
  const form = page.getByRole('form', { name: 'Sign in by email' })
  const email = uniqueEmail('next-custom')
  await form.getByRole('textbox', { name: 'Email' }).fill(email)
  await form.getByRole('button', { name: 'Send me a code' }).click()
  await expect(form.getByText(`Code sent to ${email}`)).toBeVisible()

  await form.getByRole('textbox', { name: /^Code sent to/ }).fill(await readCode(page.request, email, PROXY_URL, ''))
  await form.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Signed in with your own form.')).toBeVisible()
  await expect(page.getByText('You are signed in.')).toBeVisible()
})
