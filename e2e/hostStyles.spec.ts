import { expect, test, type Page } from '@playwright/test'

// The kit's stylesheet is in the cascade layer `auth-proxy-kit` (src/components/styles.css): a host's
// class on a kit component wins over the kit's colours, whichever stylesheet loads last. On
// playground/host-styles.html the host's stylesheet is linked first, so without the layer the kit's
// rules, of the same specificity and later, would win. Computed in Chromium: jsdom applies no layers.

const background = (page: Page, name: string) =>
  page.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).backgroundColor)

test("a host's class on LoginButton sets its background, over the kit's accent", async ({ page }) => {
  await page.goto('/host-styles.html')
  // The premise: the host's sheet comes before the kit's in the document, so order alone would not let it win.
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => new URL(sheet.href ?? location.href).pathname),
  )
  expect(sheets[0]).toBe('/host-styles.css')
  expect(sheets.length).toBeGreaterThan(1)
  // The kit's own colour where the host sets none: the layer applies, the kit looks as it does alone.
  await expect.poll(() => background(page, 'Kit colours')).toBe('rgb(47, 84, 235)')
  // An unlayered host class beats every layered rule.
  expect(await background(page, 'Host class')).toBe('rgb(190, 18, 60)')
  // A Tailwind v4 utility, in the `utilities` layer the host orders after `auth-proxy-kit`.
  expect(await background(page, 'Tailwind utility')).toBe('oklch(0.596 0.145 163.225)')
})
