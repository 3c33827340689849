import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'

// axe-core's browser build, evaluated in the page over the DevTools protocol: unlike a <script> tag,
// that is not subject to the page's Content Security Policy, so the CSP playground is checked too.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  rule: string
  help: string
  nodes: string[]
}

/**
 * axe-core on the page (or the element `selector` finds), every rule on, color contrast included: a real
 * browser has the layout and the computed colors that jsdom lacks. A failure lists each rule with the
 * markup it flags.
 */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (context): Promise<AxeViolation[]> => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ html: string; failureSummary?: string }> }> }> } }).axe
    const results = await axe.run(context ?? document)
    return results.violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.html} (${node.failureSummary ?? ''})`),
    }))
  }, selector)
  expect(violations).toEqual([])
}
