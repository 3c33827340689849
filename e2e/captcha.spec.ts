import { expect, test, type Page } from '@playwright/test'
import { chooseTenant, expectSignedInAndClosed, openAccount, readCode, uniqueEmail } from './helpers'

const SHOTS = 'test-results/screenshots'

/** The playground on its captcha tenant, the modal open on its email step (the mock's test widget above the button). */
async function openOnCaptchaTenant(page: Page) {
  await page.goto('/')
  await chooseTenant(page, 'captcha')
  await page.getByRole('button', { name: 'Log in' }).click()
  // Found by role alone: its name follows its step ("Log in or sign up", then "Check your email").
  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveAccessibleName('Log in or sign up')
  await expect(dialog.getByRole('group', { name: 'Human check' })).toBeVisible()
  return dialog
}

test.describe('a tenant with a captcha (the mock test widget, under the CSP build)', () => {
  test('the send waits for the check, the code goes out with its token, and the person signs up', async ({ page }) => {
    const email = uniqueEmail('captcha')
    const dialog = await openOnCaptchaTenant(page)
    const send = dialog.getByRole('button', { name: 'Continue with email' })
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
    const check = dialog.getByRole('checkbox', { name: "I'm not a robot (test captcha)" })
    await expect(check).toBeVisible()
    await expect(send).toBeDisabled()
    await expect(dialog.locator('p[role="status"]')).toHaveText("Checking you're human…")
    await page.screenshot({ path: `${SHOTS}/captcha-1-waiting.png`, animations: 'disabled' })

    const tokenHeaders: Array<string | null> = []
    page.on('request', (request) => {
      if (/\/v1\/otp_init(_v2)?$/.test(request.url())) tokenHeaders.push(request.headers()['x-captcha-token'] ?? null)
    })
    await check.check()
    await expect(send).toBeEnabled()
    await page.screenshot({ path: `${SHOTS}/captcha-2-checked.png`, animations: 'disabled' })
    await send.click()
    await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
    expect(tokenHeaders).toHaveLength(1)
    expect(tokenHeaders[0]).toMatch(/^mock-turnstile\./)

    const code = await readCode(page.request, email)
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)
    await expectSignedInAndClosed(page)
    await openAccount(page, email)
  })

  test('a code asked for without the check is refused by the mock, and nothing is sent', async ({ page }) => {
    const email = uniqueEmail('no-captcha')
    await page.goto('/')
    // Past the modal, as a headless app that forgot the widget would call: the mock refuses, by name.
    const answer = await page.evaluate(async (contact) => {
      const response = await fetch('/auth-proxy/v1/otp_init_v2', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-ID': 'captcha' },
        body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact }),
      })
      return { status: response.status, body: (await response.json()) as { message: string } }
    }, email)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/X-Captcha-Token header: missing/)
    const outbox = await page.request.get(`/auth-proxy/__mock/outbox?contact=${encodeURIComponent(email)}`)
    expect(await outbox.json()).toEqual([])
  })

  for (const [width, theme] of [
    [1280, 'Dark'],
    [360, 'Light'],
    [360, 'Dark'],
  ] as const) {
    test(`looks right at ${width} px, ${theme.toLowerCase()}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 480 ? 740 : 800 })
      await page.goto('/')
      await page.getByLabel('Theme').selectOption(theme.toLowerCase())
      await chooseTenant(page, 'captcha')
      await page.getByRole('button', { name: 'Log in' }).click()
      const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
      await expect(dialog.getByRole('checkbox', { name: "I'm not a robot (test captcha)" })).toBeVisible()
      await page.screenshot({
        path: `${SHOTS}/captcha-${width}-${theme.toLowerCase()}.png`,
        animations: 'disabled',
      })
    })
  }
})
