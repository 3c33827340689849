// The README's quick start in a fresh host, on its dev server (the Vite template, `npm run dev`): "Continue
// with Google" goes to the mock's consent page, which the Vite plugin announces to the page (the app passes
// no endpoint and types no URL). The README's Playwright fixture answers the app's proxy path, consent page
// included, so the identity the test adds is the one offered.
import { mergeTests } from '@playwright/test'
import { test as mockTest } from 'auth-proxy-kit/mock/playwright'
import { expect, test as consoleTest } from './test'

const test = mergeTests(consoleTest, mockTest)

test.use({ mockAuthProxyOptions: { url: '/auth-proxy' } })

test("a new person signs in with Google on the mock's consent page, as the identity the test added", async ({
  page,
  addOAuthIdentity,
  mockAuthProxy,
}) => {
  const [identity] = addOAuthIdentity({ provider: 'google', name: 'Katherine Johnson', email: 'katherine@example.com' })
  await page.goto('/')
  await page.getByRole('button', { name: 'Log in' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  const popup = await popupOpened
  // The mock's page on the app's own origin, never accounts.google.com.
  await expect(popup).toHaveURL(new RegExp(`^${mockAuthProxy.url}/__mock/oauth/google/authorize\\?`))
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Continue as Katherine Johnson' }).click()
  await closed

  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  const signedUp = Object.values(mockAuthProxy.proxy.state.users).filter((user) =>
    user.oauthProviders.some((link) => link.subject === identity?.sub),
  )
  expect(signedUp).toHaveLength(1)
})
