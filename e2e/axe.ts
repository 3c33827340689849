import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

const require = createRequire(import.meta.url)
/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The rules the component tests run (src/react/test/expectNoAxeViolations.ts runs axe's default set:
 * WCAG 2.0/2.1/2.2 A and AA, and best practices), named here by tag. The component tests turn
 * color-contrast off only because jsdom has no layout or canvas; a real Chromium has both, so it runs here.
 */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
}

/**
 * Runs axe-core on `selector` (the whole document by default) in the page as it is now, and fails with
 * each violated rule, its help text and the elements it flags. axe's source is evaluated through the
 * DevTools protocol, which the page's Content-Security-Policy does not apply to (a <script> tag would be
 * blocked under `default-src 'self'`).
 */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  // Contrast is computed from the styles as they are: let entrance animations (the dialog fades and
  // rises in from opacity 0) end first. Endless ones (a spinner's turn) never end and change no color.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(
    async ({ selector, options }) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }
      // While the modal is open the kit locks the page's scroll with `overflow: hidden` on <html>. axe then
      // takes <html>'s box (as tall as the page's content, which can be shorter than the window) for a clip
      // and skips, as hidden, every element of the fixed-position dialog below it: their contrast would go
      // unchecked. <html> is made as tall as the window while axe runs (through the CSSOM, which the page's
      // CSP allows); nothing on screen moves.
      const root = document.documentElement
      const minHeight = root.style.getPropertyValue('min-height')
      root.style.setProperty('min-height', '100vh')
      try {
        return await axe.run(selector ?? document, options)
      } finally {
        root.style.setProperty('min-height', minHeight)
        if (root.getAttribute('style') === '') root.removeAttribute('style')
      }
    },
    { selector, options: OPTIONS },
  )
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes
        .map(
          (node) =>
            `    ${node.target.join(' ')}\n      ${node.html}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        )
        .join('\n'),
  )
  expect(
    violations,
    `axe-core found ${violations.length} violated rule(s) in ${selector ?? 'the page'}:\n${violations.join('\n')}`,
  ).toEqual([])
}
