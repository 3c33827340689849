// Recovery in the browser (issue 14): a code request whose answer is lost. This worker's mock
// (auth-proxy-kit/mock/playwright) answers the playground's proxy path on a clock the test moves, so the
// mock's 30 s resend limit is passed by moving its clock and the page's together, not waited out.
import { expect, test as mockTest } from 'auth-proxy-kit/mock/playwright'
import { PROXY_PATH, expectSignedInAndClosed, storedKeys, uniqueEmail } from './helpers'

const SHOTS = 'test-results/screenshots'

/** How far the worker's mock runs ahead of the wall clock: the test moves it and the page's clock together. */
let mockAhead = 0

mockTest.use({ mockAuthProxyOptions: { url: PROXY_PATH, now: () => Date.now() + mockAhead } })

mockTest.describe('recovery on the playground', () => {
  mockTest(
    'a code request whose answer is lost says a code may be on its way, waits, then sends with the same key',
    async ({ page, faults, inbox }) => {
      await page.clock.install()
      await page.goto('/')
      const email = uniqueEmail('lost-send')
      // The proxy sends the code; the answer never reaches the page.
      faults.add({ endpoint: 'otp_init_v2', call: 1, fault: { kind: 'drop', after: true } })
      await page.getByRole('button', { name: 'Log in' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
      await dialog.getByRole('button', { name: 'Continue with email' }).click()

      await expect(dialog.getByText('A code may already be on its way.')).toBeVisible()
      await expect(dialog.getByText(/You can ask again in 0:[0-3]\d\./)).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeDisabled()
      await page.screenshot({ path: `${SHOTS}/recovery-1-maybe-sent.png`, animations: 'disabled' })
      // The code did go out (the mock's outbox has it); one key is kept for the next try.
      expect(inbox.messages(email)).toHaveLength(1)
      const kept = await storedKeys(page)
      expect(kept).toHaveLength(1)

      // The cooldown (30 s at the mock) passes on both clocks; the send goes through with the same key.
      mockAhead += 31_000
      await page.clock.fastForward(31_000)
      await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeEnabled()
      await dialog.getByRole('button', { name: 'Continue with email' }).click()
      await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
      expect(inbox.messages(email)).toHaveLength(2)
      await dialog.getByRole('textbox', { name: 'Verification code' }).fill(await inbox.waitForCode(email))
      await expectSignedInAndClosed(page)
      expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual(kept.map((key) => key.publicKey))
    },
  )
})
