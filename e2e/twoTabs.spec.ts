import { expect, test, type Page } from '@playwright/test'
import {
  PROXY_PATH,
  expectSignedInAndClosed,
  readCode,
  sessionPanel,
  storedKeys,
  storedSessionClaims,
  uniqueEmail,
} from './helpers'

/** Opens the modal and fills the email field; the submit is left to the caller. */
async function fillEmail(page: Page, email: string) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  return dialog.getByRole('button', { name: 'Continue with email' })
}

/**
 * Holds each page's log-in answer (stamp_login) until every page has one, then hands them all over at once: both
 * tabs store their session within the same instant, before either hears of the other's (the race the
 * issue saw, made certain instead of left to timing).
 */
async function releaseSessionsTogether(pages: Page[]): Promise<void> {
  const held: (() => Promise<void>)[] = []
  let releaseAll: () => void = () => {}
  const allHeld = new Promise<void>((resolve) => {
    releaseAll = resolve
  })
  for (const page of pages) {
    await page.route(`**${PROXY_PATH}/public/v1/submit/stamp_login`, async (route) => {
      const response = await route.fetch()
      held.push(() => route.fulfill({ response }))
      if (held.length === pages.length) releaseAll()
      await allHeld
    })
  }
  void allHeld.then(() => Promise.all(held.map((fulfill) => fulfill())))
}

test.describe('two tabs of one browser', () => {
  test('signing in at the same moment ends with one session in both, one key, and a logout leaves none', async ({
    context,
  }) => {
    const first = await context.newPage()
    const second = await context.newPage()
    await Promise.all([first.goto('/'), second.goto('/')])
    for (const page of [first, second]) await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()

    // Two people (two addresses), so that the session each tab ends with says which sign-in won.
    const emails = [uniqueEmail('tab-one'), uniqueEmail('tab-two')] as const
    const sends = [await fillEmail(first, emails[0]), await fillEmail(second, emails[1])]
    await Promise.all(sends.map((button) => button.click()))
    const codes = await Promise.all(
      emails.map((email, index) => readCode((index === 0 ? first : second).request, email)),
    )

    // The code step submits itself when the code is whole: type all but its last character in both tabs,
    // then complete both without waiting for either in between.
    await releaseSessionsTogether([first, second])
    const codeFields = [first, second].map((page) =>
      page.getByRole('dialog').getByRole('textbox', { name: 'Verification code' }),
    )
    for (const [index, field] of codeFields.entries()) await field.fill((codes[index] as string).slice(0, -1))
    await Promise.all(codeFields.map((field, index) => field.press((codes[index] as string).slice(-1))))

    // Each tab's modal closes by itself once its sign-in completes.
    for (const page of [first, second]) await expectSignedInAndClosed(page)

    // Both tabs follow the one session stored last; its key is the only one left.
    const claims = await storedSessionClaims(first)
    const publicKey = String(claims?.public_key)
    expect(await storedSessionClaims(second)).toEqual(claims)
    for (const page of [first, second]) {
      await expect(sessionPanel(page).getByText(publicKey, { exact: true })).toBeVisible()
      await expect(sessionPanel(page).getByText(String(claims?.user_id), { exact: true })).toBeVisible()
    }
    await expect.poll(async () => (await storedKeys(first)).map((key) => key.publicKey)).toEqual([publicKey])

    await sessionPanel(second).getByRole('button', { name: 'Sign out' }).click()
    for (const page of [first, second]) await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()
    await expect.poll(async () => (await storedKeys(first)).length).toBe(0)
    expect(await storedSessionClaims(first)).toBeNull()
  })
})
