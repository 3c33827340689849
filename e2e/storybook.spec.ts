import { execSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { openStory } from './storybookServer'

// Every story of the built Storybook, in Chromium: it renders, its play function drives it to its state
// with no error, and axe finds nothing, color contrast included (which jsdom cannot compute, so the
// Vitest run of the same stories leaves it to this one). Each story runs at a desktop width and at a
// narrow mobile one.

interface IndexEntry {
  id: string
  type: 'story' | 'docs'
  title: string
  name: string
}
// `npm test` builds it first; a run of this spec alone builds it when it is missing.
if (!existsSync('storybook-static/index.json')) execSync('npm run build-storybook', { stdio: 'inherit' })
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as { entries: Record<string, IndexEntry> }
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story')

test('the built Storybook has every story', () => {
  expect(stories.length).toBeGreaterThan(50)
})

for (const story of stories) {
  for (const width of [1024, 360]) {
    test(`${story.title} / ${story.name} at ${width} px: plays, and passes axe`, async ({ page }) => {
      await page.setViewportSize({ width, height: 760 })
      // Fails on any error the page printed (a play function that threw among them).
      await openStory(page, story.id)
      expect(await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))).toBe(false)
      // Inside the dialog when one is open (the page behind is inert by design), else the story itself.
      const dialog = (await page.locator('[role="dialog"]').count()) > 0
      await expectNoAxeViolations(page, dialog ? '[role="dialog"]' : '#storybook-root')
    })
  }
}
