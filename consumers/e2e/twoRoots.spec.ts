// Two React roots on one page of the React 18.2 host (`/?islands`: consumers/react18/src/Island.tsx),
// each with its own AuthProxyProvider, as Astro mounts two islands: a sign-in in one shows in the other
// at once, and a sign-out in the other shows in the first, with no reload. Both keep the session's
// cookie, which the page's requests then carry.
import { signIn, uniqueEmail } from '../../e2e/helpers'
import { expect, test } from './test'

test('a sign-in in one root shows in the other at once; a sign-out there shows in the first; the cookie follows', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('islands')
  await page.goto('/?islands')
  const header = page.getByRole('region', { name: 'Header' })
  const widget = page.getByRole('region', { name: 'Widget' })
  await expect(widget.getByText('Signed out')).toBeVisible()

  await signIn(page, email)
  await expect(header.getByRole('button', { name: 'Account' })).toBeVisible()
  await expect(widget.getByText(`Signed in as ${email}`)).toBeVisible()
  const token = await page.evaluate(() => localStorage.getItem('auth-proxy-kit:demo:session'))
  const cookie = (await context.cookies()).find(({ name }) => name === 'apk_session')
  expect(cookie).toMatchObject({ value: token, path: '/', sameSite: 'Lax', httpOnly: false })

  await widget.getByRole('button', { name: 'Sign out' }).click()
  await expect(widget.getByText('Signed out')).toBeVisible()
  await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible()
  await expect.poll(async () => (await context.cookies()).some(({ name }) => name === 'apk_session')).toBe(false)
})
