// Recovery in the browser (issue 14): a sign-in that fails after the code was accepted (a code request
// whose answer is lost: lostCodeRequest.spec.ts). The faults are the page's own (page.route), so that no
// other test sharing the playground's mock sees them.
import { expect, test } from '@playwright/test'
import { expectSignedInAndClosed, readCode, storedKeys, storedSessionClaims, uniqueEmail } from './helpers'

const SHOTS = 'test-results/screenshots'

test.describe('recovery on the playground', () => {
  test('a sign-up that fails after the code was accepted resumes on Verify: the same code, one account', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    const email = uniqueEmail('resume')
    const signups: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/auth-proxy/v1/signup_v2')) signups.push(request.url())
    })
    // A gateway answers the first sign-up: nothing reached the proxy.
    await page.route(
      '**/auth-proxy/v1/signup_v2',
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
    await expectSignedInAndClosed(page)
    // The second sign-up went through; the code was not checked again (it would have been refused).
    expect(signups).toHaveLength(2)
    const claims = await storedSessionClaims(page)
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([claims?.public_key])
  })
})
