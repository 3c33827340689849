// auth-proxy-kit/mock/playwright's other fixtures, on the playground: a fault for one test, and an OAuth
// identity on the mock's consent page.
import { expect, test } from 'auth-proxy-kit/mock/playwright'

test.use({ mockAuthProxyOptions: { url: '/auth-proxy' } })
// In order, in one worker: the second test sees the fault plan the first one left.
test.describe.configure({ mode: 'serial' })

test('faults: the proxy down at otp_init_v2 shows the error, for this test only', async ({ page, faults }) => {
  faults.add({ endpoint: 'otp_init_v2', fault: { kind: 'error', code: 14 } })
  await page.goto('/')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('textbox', { name: 'Email address' }).fill('grace@example.com')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('We could not reach the sign-in service')
  expect(faults.list()).toHaveLength(1)
})

test('the fault plan is empty again in the next test', async ({ faults }) => {
  expect(faults.list()).toEqual([])
})

test('addOAuthIdentity: the consent page offers the identity, and Google sign-in completes', async ({
  page,
  addOAuthIdentity,
  mockAuthProxy,
}) => {
  addOAuthIdentity({ provider: 'google', name: 'Katherine Johnson', email: 'katherine@example.com' })
  await page.goto('/')
  await page.getByRole('button', { name: 'Log in' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  const popup = await popupOpened
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Continue as Katherine Johnson' }).click()
  await closed
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  expect(Object.values(mockAuthProxy.proxy.state.users).some((user) => user.oauthProviders.length > 0)).toBe(true)
})
