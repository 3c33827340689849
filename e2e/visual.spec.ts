import { expect, test, type Page } from '@playwright/test'
import { openStory } from './storybookServer'

// Screenshots of the modal's key states, compared with the baselines committed beside this spec
// (e2e/__screenshots__): a change to how the modal looks fails `npm test` until the baseline is updated on
// purpose (`npx playwright test e2e/visual.spec.ts --update-snapshots`, then look at the new PNGs).
// Each state is a story of the built Storybook driven to that state by its play function, so the mock,
// the email and the codes are the same on every run; the clock is fixed so countdowns read the same.
// The dialog is shot at its size on each width (centred at 1280, the bottom sheet at 360).

interface Shot {
  name: string
  /** The story's id in the built Storybook (its theme and locale are the story's own args). */
  story: string
  /** Widths in px: a desktop and a narrow phone (where the modal is a bottom sheet). */
  widths: readonly number[]
}

const BOTH = [1280, 360] as const
const SHOTS: readonly Shot[] = [
  { name: 'method-list', story: 'components-loginmodal--email-entry', widths: BOTH },
  { name: 'method-list-dark', story: 'components-loginmodal--email-entry-dark', widths: BOTH },
  { name: 'method-list-french', story: 'components-loginmodal--french', widths: BOTH },
  { name: 'all-providers', story: 'components-loginmodal-social-sign-in--all-providers', widths: BOTH },
  { name: 'all-providers-dark', story: 'components-loginmodal-social-sign-in--all-providers-dark', widths: [360] },
  { name: 'code-entry', story: 'components-loginmodal--code-entry', widths: BOTH },
  { name: 'code-entry-dark', story: 'components-loginmodal--code-entry-dark', widths: [1280] },
  { name: 'wrong-code', story: 'components-loginmodal--wrong-code', widths: BOTH },
  { name: 'oauth-cancelled', story: 'components-loginmodal-social-sign-in--cancelled-at-provider', widths: [1280] },
  { name: 'phone-entry', story: 'components-loginmodal-phone--phone-entry', widths: BOTH },
  { name: 'passkey-name', story: 'components-loginmodal-passkeys--naming-the-passkey', widths: [360] },
  { name: 'signed-in', story: 'components-loginmodal--signed-in', widths: BOTH },
  { name: 'signed-in-dark', story: 'components-loginmodal--signed-in-dark', widths: [1280] },
]

async function playStory(page: Page, shot: Shot, width: number) {
  await page.setViewportSize({ width, height: width < 480 ? 740 : 800 })
  // Countdowns ("Expires in 10:00") and relative times read the same on every run.
  await page.clock.setFixedTime(new Date('2026-11-24T12:00:00Z'))
  await openStory(page, shot.story)
  await page.evaluate(() => document.fonts.ready)
}

for (const shot of SHOTS) {
  for (const width of shot.widths) {
    const file = `${shot.name}-${width}`
    test(`looks as it did: ${file}`, async ({ page }) => {
      await playStory(page, shot, width)
      // The dialog alone: the story's page around it is Chromium's own drawing of a plain button, which
      // changed between Chromium 150 and 155 when the kit's pixels did not (CI installs Debian's newest).
      await expect(page.getByRole('dialog')).toHaveScreenshot(`${file}.png`, {
        animations: 'disabled',
        caret: 'hide',
        // Wallet addresses are new on every run.
        mask: [page.locator('.apk-account-address')],
        // The same Chromium on the same platform draws the same pixels: a few may differ in anti-aliasing, a
        // change to how a state looks (a border, a box, a line of text) is far more.
        maxDiffPixels: 100,
      })
    })
  }
}
