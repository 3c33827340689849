import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { chooseOAuthMode, expectSignedInAndClosed, openLoginModal, readCode, requestCode, uniqueEmail } from './helpers'

/** Presses Tab until the element named `name` has focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, name: string, max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const active = document.activeElement
      return active ? (active.getAttribute('aria-label') ?? active.textContent ?? '').trim() : ''
    })
    if (focused === name) return
  }
  throw new Error(`Tab never reached "${name}"`)
}

/** The focus indicator of the focused element: its outline, or a box-shadow ring. */
async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement
    const style = getComputedStyle(active)
    return style.outlineStyle !== 'none' && style.outlineWidth !== '0px'
      ? `outline ${style.outlineWidth}`
      : style.boxShadow
  })
}

/** The colour of the kit's error text (the field's message): what a refused field's ring is drawn in. */
function errorColour(dialog: Locator): Promise<string> {
  return dialog.getByRole('alert').evaluate((alert) => getComputedStyle(alert).color)
}

/** The focused element's outline colour, or none. */
function focusedOutline(page: Page): Promise<string> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element)
    return style.outlineStyle === 'none' ? 'none' : style.outlineColor
  })
}

test.describe('keyboard, themes and languages on the playground', () => {
  test('the whole email sign-in works with the keyboard alone, with a visible focus ring at each step', async ({
    page,
  }) => {
    const email = uniqueEmail('keyboard')
    await page.goto('/')
    await tabTo(page, 'Log in')
    expect(await focusRing(page)).not.toBe('none')
    await page.keyboard.press('Enter')
    // The title follows the step ("Check your email" after this one): the dialog is found by role alone.
    const dialog = page.getByRole('dialog')
    await expect(dialog).toHaveAccessibleName('Log in or sign up')
    const emailField = dialog.getByRole('textbox', { name: 'Email address' })
    await expect(emailField).toBeFocused()
    expect(await focusRing(page)).not.toBe('none')

    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    const codeField = dialog.getByRole('textbox', { name: 'Verification code' })
    await expect(codeField).toBeFocused()
    await expect(dialog).toHaveAccessibleName('Check your email')
    await page.keyboard.type(await readCode(page.request, email))
    // Signed in, the modal closes by itself and gives focus back to the button that opened it, now "Account",
    // with its ring (the keyboard is in use).
    const account = await expectSignedInAndClosed(page, { focused: true })
    expect(await focusRing(page)).not.toBe('none')

    // Enter opens "Your account" on its heading, focused for screen readers: it is no control, so no box.
    await page.keyboard.press('Enter')
    await expect(dialog).toHaveAccessibleName('Your account')
    const heading = dialog.getByRole('heading', { name: `Signed in as ${email}` })
    await expect(heading).toBeFocused()
    expect(await focusRing(page)).toBe('none')

    // The copy buttons are reached by Tab, then Done; Escape gives focus back to "Account".
    await tabTo(page, 'Copy Ethereum address')
    expect(await focusRing(page)).not.toBe('none')
    await tabTo(page, 'Done')
    expect(await focusRing(page)).not.toBe('none')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(account).toBeFocused()
  })

  test('the inline panel in French with a typed theme: styled, not focused on load, signs in, and the badge signs out', async ({
    page,
  }) => {
    const email = uniqueEmail('panel')
    await page.goto('/?view=panel&locale=fr&theme=brand')
    const panel = page.getByRole('region', { name: 'Connexion ou inscription' })
    const send = panel.getByRole('button', { name: 'Continuer avec l’e-mail' })
    await expect(send).toBeVisible()
    // The typed theme's accent, set as a CSS variable through the CSSOM.
    await expect(send).toHaveCSS('background-color', 'rgb(11, 122, 75)')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY')
    await expectNoAxeViolations(page, '.apk-panel')

    await panel.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email)
    await send.click()
    // The panel is named by its step's title, in French too.
    const codeStep = page.getByRole('region', { name: 'Consultez vos e-mails' })
    const codeField = codeStep.getByRole('textbox', { name: 'Code de vérification' })
    await expect(codeField).toBeFocused()
    await codeField.fill(await readCode(page.request, email))

    // Signed in: the panel goes (SignedOut), the badge says who and how long, and signs out.
    await expect(panel).toBeHidden()
    await expect(page.getByText(/^Session ouverte\s: /)).toBeVisible()
    await expect(page.getByText(/^La session se termine dans 1[45]:\d\d$/)).toBeVisible()
    await expectNoAxeViolations(page, '.apk-session-badge')
    await page.getByRole('button', { name: 'Se déconnecter' }).first().click()
    await expect(page.getByRole('region', { name: 'Connexion ou inscription' })).toBeVisible()
  })

  test('the dark theme sets the dark color scheme, so native controls (the country list) are dark too', async ({
    page,
  }) => {
    await page.goto('/?theme=dark')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue with phone' }).click()
    const country = dialog.getByRole('combobox', { name: 'Country or region' })
    await expect(country).toHaveCSS('color-scheme', 'dark')
    await expect(dialog).toHaveCSS('background-color', 'rgb(23, 25, 30)')
    await expectNoAxeViolations(page, '[role="dialog"]')
    // The method list in dark, and its error state.
    await dialog.getByRole('button', { name: 'Other ways to sign in' }).click()
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    await expect(dialog.getByRole('alert')).toBeVisible()
    await expectNoAxeViolations(page, '[role="dialog"]')
  })

  test('a field the kit refused shows its focus in the error colour, not the accent: the email, the phone number, the code', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const email = dialog.getByRole('textbox', { name: 'Email address' })
    await email.fill('ada@example')
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    await expect(email).toBeFocused()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    const danger = await errorColour(dialog)
    expect(await focusedOutline(page)).toBe(danger)
    await expect(email).toHaveCSS('border-color', danger)

    await dialog.getByRole('button', { name: 'Continue with phone' }).click()
    const phone = dialog.getByRole('textbox', { name: 'Phone number' })
    await phone.fill('555 01')
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await expect(phone).toBeFocused()
    expect(await focusedOutline(page)).toBe(danger)
    await page.keyboard.press('Escape')

    // A wrong code: every box in the error colour, none in the focus colour.
    const code = await requestCode(page, uniqueEmail('refused-code'))
    await dialog
      .getByRole('textbox', { name: 'Verification code' })
      .fill(code.replace(/./g, (c) => (c === '2' ? '3' : '2')))
    await expect(dialog.getByRole('alert')).toBeVisible()
    const boxes = await dialog.locator('.apk-otp-box').all()
    expect(boxes.length).toBeGreaterThan(0)
    // Waited on, not read once: the boxes' colours change in a transition.
    const ringOrNone = new RegExp(`^(none|${danger.replace(/[()]/g, '\\$&')})`)
    for (const box of boxes) {
      await expect(box).toHaveCSS('border-color', danger)
      await expect.poll(() => box.evaluate((element) => getComputedStyle(element).boxShadow)).toMatch(ringOrNone)
    }
  })

  test('the spinner beside a status is centred on the capitals of its text ("Waiting for Google…")', async ({
    page,
  }) => {
    await page.goto('/')
    await chooseOAuthMode(page, 'popup')
    const dialog = await openLoginModal(page)
    const popup = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await popup
    const status = dialog.getByRole('status').filter({ hasText: 'Waiting for Google…' })
    await expect(status).toBeVisible()
    const offset = await status.evaluate((element) => {
      const spinner = element.querySelector('.apk-spinner')
      const text = Array.from(element.childNodes).find((node) => node.nodeType === Node.TEXT_NODE)
      if (spinner === null || text === undefined) throw new Error('no spinner beside a text')
      // The text's baseline: its line's top plus the font's ascent; its capitals' middle, half an H above.
      const range = document.createRange()
      range.selectNodeContents(text)
      const style = getComputedStyle(element)
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const metrics = context.measureText('H')
      const capitals =
        range.getBoundingClientRect().top + metrics.fontBoundingBoxAscent - metrics.actualBoundingBoxAscent / 2
      // A spinning box's bounds grow and shrink around its centre, which stays put.
      const box = spinner.getBoundingClientRect()
      return (box.top + box.bottom) / 2 - capitals
    })
    expect(Math.abs(offset)).toBeLessThan(0.75)
  })

  test('theme="auto" follows the system: dark when the system is dark, light when it is light', async ({ browser }) => {
    for (const [scheme, background] of [
      ['dark', 'rgb(23, 25, 30)'],
      ['light', 'rgb(255, 255, 255)'],
    ] as const) {
      const page = await browser.newPage({ colorScheme: scheme })
      await page.goto('/?theme=auto')
      await page.getByRole('button', { name: 'Log in' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toHaveCSS('background-color', background)
      await expectNoAxeViolations(page, '[role="dialog"]')
      await page.close()
    }
  })
  test("the login button keeps its own width in a host's flex column (the default Vite template's #root)", async ({
    page,
  }) => {
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Log in' })
    const natural = (await button.boundingBox())?.width ?? 0
    // The template's rules: #root { display: flex; flex-direction: column } inside a wide page.
    await button.evaluate((element) => {
      const column = document.createElement('div')
      column.style.cssText = 'display: flex; flex-direction: column; width: 1124px'
      element.before(column)
      column.append(element)
    })
    const inColumn = (await button.boundingBox())?.width ?? 0
    expect(natural).toBeGreaterThan(40)
    expect(inColumn).toBeLessThan(300)
    expect(Math.abs(inColumn - natural)).toBeLessThan(2)
  })

  test('on a phone the modal is a bottom sheet that focuses no field on open; on a desktop, a centred dialog on the email', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()
    // The keyboard a focused field brings up would cover the sheet's buttons.
    await expect(dialog).toBeFocused()
    // Measured once it has slid in.
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
    const sheet = await dialog.boundingBox()
    expect(sheet).toMatchObject({ x: 0, width: 360 })
    expect(Math.round((sheet?.y ?? 0) + (sheet?.height ?? 0))).toBe(740)
    await page.keyboard.press('Escape')

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused()
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
    const centred = await dialog.boundingBox()
    expect(Math.round((centred?.x ?? 0) * 2 + (centred?.width ?? 0))).toBe(1280)
    expect(centred?.y).toBeGreaterThan(0)
  })
})
