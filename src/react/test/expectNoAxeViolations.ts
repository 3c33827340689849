import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * axe-core on `element`; a failure lists each rule with the markup it flags. Color contrast is left to
 * the browser tests: jsdom has no layout and no canvas, so axe cannot compute it here.
 *
 * For states no story shows: every story passes axe in Chromium (e2e/stories.spec.ts), contrast
 * included, so a screen state with a story is checked there, once, where it proves most.
 */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } })
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.html),
  }))
  expect(violations).toEqual([])
}
