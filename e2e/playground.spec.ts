import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { expectSignedInAndClosed, readCode, requestCode, signIn, uniqueEmail } from './helpers'

/** The playground's toast of the newest code the mock sent. */
function newestCode(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Newest code' })
}

/** True when what the page shows at the centre of `target` is `target` or inside `within`: nothing covers it. */
async function isOnTop(target: Locator, within: Locator): Promise<boolean> {
  const box = await target.boundingBox()
  if (!box) return false
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  return within.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), centre)
}

/** Where the header's title is, and how tall the header is. */
async function headerLayout(page: Page) {
  const header = await page.getByRole('banner').boundingBox()
  const title = await page.getByRole('heading', { level: 1 }).boundingBox()
  return { height: header?.height, x: title?.x, y: title?.y }
}

test.describe('the playground around the kit', () => {
  test('the newest code shows above the modal, copies with the modal open, and typing it signs in', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.setViewportSize({ width: 1280, height: 800 })
    const email = uniqueEmail('toast')
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    // Only codes this page asks for: none yet (other tests' codes are in the mock's shared outbox).
    await expect(newestCode(page)).toHaveCount(0)

    const code = await requestCode(page, email)
    const dialog = page.getByRole('dialog')
    const codeField = dialog.getByRole('textbox', { name: 'Verification code' })
    await expect(codeField).toBeFocused()
    const toast = newestCode(page)
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('Email')
    await expect(toast).toContainText(email)
    const shownCode = toast.getByText(code, { exact: true })
    await expect(shownCode).toBeVisible()
    // Top-right, beside the centred dialog, and nothing (the backdrop, the dialog) covers the code.
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
    const box = await toast.boundingBox()
    const dialogBox = await dialog.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 40)
    expect(box?.y).toBeLessThan(40)
    expect(box?.x).toBeGreaterThan((dialogBox?.x ?? 0) + (dialogBox?.width ?? 0))
    expect(await isOnTop(shownCode, toast)).toBe(true)
    await expectNoAxeViolations(page, '.pg-toast')

    // Copy works with the modal open; the modal stays open and keeps focus on the code field.
    await toast.getByRole('button', { name: 'Copy' }).click()
    await expect(toast.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleName('Check your email')
    await expect(codeField).toBeFocused()
    // The modal's focus trap still holds: Tab goes round inside it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }

    await codeField.focus()
    await page.keyboard.type(code)
    await expectSignedInAndClosed(page)
    // The code did its job.
    await expect(toast).toHaveCount(0)
  })

  test('the toast stays until closed, another tab’s code does not replace it, a newer code of its own does', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('toast-close')
    // The pages' timers on a clock the test can move; it runs on its own until then.
    await page.clock.install()
    await page.goto('/')
    const first = await requestCode(page, email)
    const toast = newestCode(page)
    await expect(toast.getByText(first, { exact: true })).toBeVisible()
    // Not dismissed by time: a developer reads the code and types it. A minute passes at once on the page's
    // clock, and every timer due in it fires (a dismissal's would); the check is below, after a render
    // that comes later.
    await page.clock.fastForward('01:00')

    // Another tab asks for a code: it shows there, not here.
    const other = await context.newPage()
    await other.goto('/')
    const elsewhereEmail = uniqueEmail('toast-tab')
    const elsewhere = await requestCode(other, elsewhereEmail)
    await expect(newestCode(other).getByText(elsewhere, { exact: true })).toBeVisible()
    // This page has read the outbox since: its dev inbox lists the other tab's code, rendered from the same
    // read, in the same commit, as the toast (behind the modal, which hides it from assistive technology).
    // The toast still shows this page's code.
    const inbox = page.getByRole('region', { name: 'Dev inbox', includeHidden: true })
    await expect(
      inbox.getByRole('listitem', { name: `Code for ${elsewhereEmail}`, includeHidden: true }),
    ).toBeAttached()
    await expect(toast.getByText(first, { exact: true })).toBeVisible()
    await other.close()

    await toast.getByRole('button', { name: 'Dismiss code' }).click()
    await expect(toast).toHaveCount(0)
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()

    // Back to the email step, and another address: a second code of this page's, a new toast.
    const again = uniqueEmail('toast-again')
    await dialog.getByRole('button', { name: 'Use a different email' }).click()
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(again)
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    const second = await readCode(page.request, again)
    await expect(toast).toContainText(again)
    await expect(toast.getByText(second, { exact: true })).toBeVisible()

    // The modal cancelled while a code shows: the toast goes with it, leaving "Log in" uncovered, and
    // comes back with the modal.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(toast).toHaveCount(0)
    const login = page.getByRole('button', { name: 'Log in' })
    expect(await isOnTop(login, login)).toBe(true)
    await login.click()
    await expect(dialog).toBeVisible()
    await expect(toast.getByText(second, { exact: true })).toBeVisible()
  })

  test('the dialog shows the app’s logo beside its title, in the modal and the inline panel', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    const logo = dialog.locator('.apk-logo svg')
    await expect(logo).toBeVisible()
    // Decorative: the title names the dialog, the mark adds nothing for a screen reader.
    await expect(logo).toHaveAttribute('aria-hidden', 'true')
    await expectNoAxeViolations(page, '[role="dialog"]')

    await page.goto('/?view=panel')
    const panel = page.getByRole('region', { name: 'Log in or sign up' })
    await expect(panel.locator('.apk-logo svg')).toBeVisible()
  })

  test('signing in moves neither the header nor its title, with the login button or the session badge', async ({
    page,
  }) => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
      const before = await headerLayout(page)
      await signIn(page, uniqueEmail(`header-${width}`))
      await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
      expect(await headerLayout(page)).toEqual(before)
      await page.evaluate(() => localStorage.clear())
    }

    // The inline panel: the header holds nothing while signed out, then the badge, which is taller than a button.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/?view=panel')
    const panel = page.getByRole('region', { name: 'Log in or sign up' })
    await expect(panel.getByRole('button', { name: 'Continue with email' })).toBeVisible()
    const before = await headerLayout(page)
    const email = uniqueEmail('header-badge')
    await panel.getByRole('textbox', { name: 'Email address' }).fill(email)
    await panel.getByRole('button', { name: 'Continue with email' }).click()
    const codeStep = page.getByRole('region', { name: 'Check your email' })
    await codeStep.getByRole('textbox', { name: 'Verification code' }).fill(await readCode(page.request, email))
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
    expect(await headerLayout(page)).toEqual(before)
  })

  test('at 360 px: the toast across the top above the bottom sheet, and no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    const noHorizontalScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await noHorizontalScroll()

    const email = uniqueEmail('narrow')
    const code = await requestCode(page, email)
    const dialog = page.getByRole('dialog')
    const toast = newestCode(page)
    const shownCode = toast.getByText(code, { exact: true })
    await expect(shownCode).toBeVisible()
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
    const box = await toast.boundingBox()
    const sheet = await dialog.boundingBox()
    expect(box).toMatchObject({ x: 0, y: 0, width: 360 })
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(sheet?.y ?? 0)
    expect(await isOnTop(shownCode, toast)).toBe(true)
    await noHorizontalScroll()

    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)
    await expectSignedInAndClosed(page)
    await expect(page.getByRole('region', { name: 'Wallet' })).toBeVisible()
    await noHorizontalScroll()
  })

  test('the page follows the Theme choice: dark around a dark modal, light around a light one', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/?theme=dark')
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(14, 16, 20)')
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light')
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'light')
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(244, 245, 247)')
    await expectNoAxeViolations(page)
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark')
    await expectNoAxeViolations(page)
  })
})
