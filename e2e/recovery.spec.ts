// Recovery in the browser (issue 14): a code request whose answer is lost, and a sign-in that fails after
// the code was accepted. The faults are the page's own (page.route), so that no other test sharing the
// playground's mock sees them.
import { expect, test } from '@playwright/test'
import { readCode, storedKeys, storedSessionClaims, uniqueEmail } from './helpers'

const SHOTS = 'test-results/screenshots'

test.describe('recovery on the playground', () => {
  test('a code request whose answer is lost says a code may be on its way, waits, then sends with the same key', async ({
    page,
  }) => {
    // The mock's real 30 s resend limit is waited out (a faked page clock would meet it at the mock).
    test.setTimeout(75_000)
    await page.goto('/')
    const email = uniqueEmail('lost-send')
    // The proxy sends the code; the answer never reaches the page.
    await page.route(
      '**/auth-proxy/v1/otp_init',
      async (route) => {
        await route.fetch()
        await route.abort('connectionreset')
      },
      { times: 1 },
    )
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()

    await expect(dialog.getByText('A code may already be on its way.')).toBeVisible()
    await expect(dialog.getByText(/You can ask again in 0:[0-3]\d\./)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeDisabled()
    await page.screenshot({ path: `${SHOTS}/recovery-1-maybe-sent.png`, animations: 'disabled' })
    // The code did go out (the mock's outbox has it); one key is kept for the next try.
    await readCode(page.request, email)
    const kept = await storedKeys(page)
    expect(kept).toHaveLength(1)

    // After the cooldown (30 s at the mock), the send goes through with the same key.
    await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeEnabled({ timeout: 35_000 })
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
    const code = await readCode(page.request, email)
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)
    await expect(dialog.getByRole('heading', { name: /^Signed in as / })).toBeVisible()
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual(kept.map((key) => key.publicKey))
  })

  test('a sign-up that fails after the code was accepted resumes on Verify: the same code, one account', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    const email = uniqueEmail('resume')
    const signups: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/auth-proxy/v1/signup')) signups.push(request.url())
    })
    // A gateway answers the first sign-up: nothing reached the proxy.
    await page.route(
      '**/auth-proxy/v1/signup',
      (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }),
      { times: 1 },
    )
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    const code = await readCode(page.request, email)
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)

    await expect(dialog.getByRole('alert')).toContainText('We could not reach the sign-in service')
    await expect(dialog.getByText('Your code was accepted. Select Verify to finish signing in.')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/recovery-2-code-accepted-360-dark.png`, animations: 'disabled' })

    await dialog.getByRole('button', { name: 'Verify' }).click()
    await expect(dialog.getByRole('heading', { name: /^Signed in as / })).toBeVisible()
    // The second sign-up went through; the code was not checked again (it would have been refused).
    expect(signups).toHaveLength(2)
    const claims = await storedSessionClaims(page)
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([claims?.public_key])
  })
})
