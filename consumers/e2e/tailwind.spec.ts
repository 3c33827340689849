// A Tailwind v4 host (consumers/react18, `/?tailwind`: Tailwind through PostCSS, the layer order line of
// docs/theming.md): a utility class on <LoginButton> restyles it, because the kit's stylesheet is in the
// cascade layer `auth-proxy-kit`, ordered before Tailwind's utilities. The button without the class keeps
// the kit's accent, so the colour is not Tailwind's reset either.
import { expect, test } from './test'

test('a Tailwind utility on <LoginButton> wins over the kit; the button without one keeps the kit look', async ({
  page,
}) => {
  await page.goto('/?tailwind')
  const restyled = page.getByRole('region', { name: 'Restyled' }).getByRole('button', { name: 'Log in' })
  const plain = page.getByRole('region', { name: 'As the kit draws it' }).getByRole('button', { name: 'Log in' })
  await expect(restyled).toBeVisible()
  await expect(plain).toBeVisible()
  const background = (element: Element) => getComputedStyle(element).backgroundColor
  const emerald = await page.getByTestId('swatch').evaluate(background)
  expect(emerald).not.toBe('rgba(0, 0, 0, 0)')
  await expect.poll(() => restyled.evaluate(background)).toBe(emerald)
  expect(await plain.evaluate(background)).not.toBe(emerald)
  // rounded-full: Tailwind v4 writes it as an infinite radius, which the browser computes as a huge one.
  expect(
    parseFloat(await restyled.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)),
  ).toBeGreaterThan(1000)
  expect(parseFloat(await plain.evaluate((element) => getComputedStyle(element).borderTopLeftRadius))).toBeLessThan(100)
})
