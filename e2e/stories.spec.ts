import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { expect, test as base, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { openStory } from './storybookServer'

// Every story of the built Storybook, played once, in Chromium: it renders, its play function drives it to
// its state with no error, the states it claims are there (Storybook's afterEach,
// stories/support/expectState.ts), and axe finds nothing, color contrast included. The key states of the
// modal are also compared with the screenshots committed in e2e/__screenshots__: a change to how the
// modal looks fails `npm test` until the baseline is updated on purpose
// (`npx playwright test e2e/stories.spec.ts --update-snapshots`, then look at the new PNGs).

interface IndexEntry {
  id: string
  type: 'story' | 'docs'
  title: string
  name: string
  importPath: string
}

/** A screenshot of a story's dialog, at a desktop width and/or a narrow phone (the modal is a bottom sheet). */
interface Shot {
  name: string
  widths: readonly number[]
}
const DESKTOP = 1280
const PHONE = 360
const BOTH = [DESKTOP, PHONE] as const
/** By story id (each story's theme and locale are its own args). */
const SHOTS = new Map<string, Shot>([
  ['components-loginmodal--email-entry', { name: 'method-list', widths: BOTH }],
  ['components-loginmodal--email-entry-dark', { name: 'method-list-dark', widths: BOTH }],
  ['components-loginmodal--french', { name: 'method-list-french', widths: BOTH }],
  // Japanese and Chinese play without a baseline: Debian's Chromium here has no CJK font (fonts-noto-cjk),
  // so their pixels would be boxes; their stories were looked at with one (README, "Languages").
  ['components-loginmodal-languages--german', { name: 'method-list-de', widths: BOTH }],
  ['components-loginmodal-languages--german-code-entry', { name: 'code-entry-de', widths: BOTH }],
  ['components-loginmodal-languages--spanish', { name: 'method-list-es', widths: [PHONE] }],
  ['components-loginmodal-languages--portuguese', { name: 'method-list-pt-br', widths: [PHONE] }],
  ['components-loginmodal-social-sign-in--all-providers', { name: 'all-providers', widths: BOTH }],
  ['components-loginmodal-social-sign-in--all-providers-dark', { name: 'all-providers-dark', widths: [PHONE] }],
  ['components-loginmodal--code-entry', { name: 'code-entry', widths: BOTH }],
  ['components-loginmodal--code-entry-dark', { name: 'code-entry-dark', widths: [DESKTOP] }],
  ['components-loginmodal--code-entry-long-email', { name: 'code-entry-long-email', widths: BOTH }],
  ['components-loginmodal--code-entry-long-email-dark', { name: 'code-entry-long-email-dark', widths: [PHONE] }],
  ['components-loginmodal--wrong-code', { name: 'wrong-code', widths: BOTH }],
  ['components-loginmodal-social-sign-in--cancelled-at-provider', { name: 'oauth-cancelled', widths: [DESKTOP] }],
  ['components-loginmodal-social-sign-in--back-from-redirect-signing-in', { name: 'oauth-returning', widths: BOTH }],
  ['components-loginmodal-phone--phone-entry', { name: 'phone-entry', widths: BOTH }],
  ['components-loginmodal-phone--code-entry', { name: 'phone-code-entry', widths: BOTH }],
  ['components-loginmodal-passkeys--naming-the-passkey', { name: 'passkey-name', widths: [PHONE] }],
  ['components-loginmodal--signed-in', { name: 'signed-in', widths: BOTH }],
  ['components-loginmodal--signed-in-dark', { name: 'signed-in-dark', widths: [DESKTOP] }],
  ['components-loginmodal-your-account--full-address-shown', { name: 'account-full-address', widths: BOTH }],
  [
    'components-loginmodal-your-account--full-address-shown-dark',
    { name: 'account-full-address-dark', widths: [DESKTOP] },
  ],
  [
    'components-loginmodal-your-account--full-address-shown-french',
    { name: 'account-full-address-french', widths: [PHONE] },
  ],
  ['components-loginmodal-your-account--narrow-long-names', { name: 'account-long-email', widths: BOTH }],
  ['components-loginmodal-your-account--phone-user', { name: 'account-phone', widths: [DESKTOP] }],
  ['components-loginmodal-signing-prompt--message', { name: 'signing-message', widths: BOTH }],
  ['components-loginmodal-signing-prompt--message-dark', { name: 'signing-message-dark', widths: BOTH }],
  ['components-loginmodal-signing-prompt--permit', { name: 'signing-permit', widths: BOTH }],
  ['components-loginmodal-signing-prompt--permit-dark', { name: 'signing-permit-dark', widths: [PHONE] }],
  ['components-loginmodal-signing-prompt--permit-french', { name: 'signing-permit-french', widths: BOTH }],
  ['components-loginmodal-signing-prompt--transaction', { name: 'signing-transaction', widths: BOTH }],
  ['components-loginmodal-signing-prompt--transaction-dark', { name: 'signing-transaction-dark', widths: BOTH }],
  ['components-loginmodal-signing-prompt--long-data', { name: 'signing-long-data', widths: BOTH }],
  ['components-loginmodal-signing-prompt--long-data-dark', { name: 'signing-long-data-dark', widths: [DESKTOP] }],
])

/**
 * One page per worker that plays story after story (openStory switches stories in place), for the stories
 * without a screenshot; a screenshot story gets a fresh page of its own, with a fixed clock.
 */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const page = await browser.newPage()
      await use(page)
      await page.close()
    },
    { scope: 'worker' },
  ],
})

const INDEX = 'storybook-static/index.json'
const entries = existsSync(INDEX)
  ? Object.values((JSON.parse(readFileSync(INDEX, 'utf8')) as { entries: Record<string, IndexEntry> }).entries)
  : []
const stories = entries.filter((entry) => entry.type === 'story')

test('the built Storybook has every story file and every screenshot story', () => {
  expect(existsSync(INDEX), `${INDEX} is missing: run \`npm run build-storybook\` first`).toBe(true)
  expect(stories.length).toBeGreaterThan(50)
  const files = new Set(stories.map((story) => story.importPath.replace(/^\.\//, '')))
  const storyFiles = readdirSync('stories')
    .filter((file) => file.endsWith('.stories.tsx'))
    .map((file) => `stories/${file}`)
  expect([...files].sort()).toEqual(storyFiles.sort())
  for (const id of SHOTS.keys()) expect(stories.map((story) => story.id)).toContain(id)
})

/** Opens a story at a width and plays it; a story with a screenshot gets a fixed clock, so countdowns
 * ("Expires in 10:00") and relative times read the same on every run. */
async function play(page: Page, id: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 480 ? 740 : 800 })
  if (SHOTS.has(id)) await page.clock.setFixedTime(new Date('2026-11-24T12:00:00Z'))
  // Fails on any error the page printed (a play function or a state check that threw among them).
  await openStory(page, id)
  expect(await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))).toBe(false)
  // Inside the dialog when one is open (the page behind is inert by design), else the story itself.
  const dialog = (await page.locator('[role="dialog"]').count()) > 0
  await expectNoAxeViolations(page, dialog ? '[role="dialog"]' : '#storybook-root')
}

async function expectLooksAsItDid(page: Page, shot: Shot, width: number): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  // The dialog alone: the story's page around it is Chromium's own drawing of a plain button, which
  // changed between Chromium 150 and 155 when the kit's pixels did not (CI installs Debian's newest).
  await expect(page.getByRole('dialog')).toHaveScreenshot(`${shot.name}-${width}.png`, {
    animations: 'disabled',
    caret: 'hide',
    // Wallet addresses are new on every run (short, and whole under "Show full … address").
    mask: [page.locator('.apk-account-address, .apk-account-full')],
    // The same Chromium on the same platform draws the same pixels: a few may differ in anti-aliasing, a
    // change to how a state looks (a border, a box, a line of text) is far more.
    maxDiffPixels: 100,
  })
}

for (const story of stories) {
  const shot = SHOTS.get(story.id)
  const title = `${story.title} / ${story.name}: plays, shows its state, passes axe`
  if (shot?.widths.includes(DESKTOP))
    test(`${title}, looks as it did`, async ({ page }) => {
      await play(page, story.id, DESKTOP)
      await expectLooksAsItDid(page, shot, DESKTOP)
    })
  else test(title, ({ storyPage }) => play(storyPage, story.id, DESKTOP))
  // The phone's bottom sheet is played again only where it is screenshot: a narrow layout is decided when
  // the modal opens (no field focused on phones), so a desktop play resized would not show it.
  if (shot?.widths.includes(PHONE))
    test(`${story.title} / ${story.name} at ${PHONE} px: plays, passes axe, looks as it did`, async ({ page }) => {
      await play(page, story.id, PHONE)
      await expectLooksAsItDid(page, shot, PHONE)
    })
}
