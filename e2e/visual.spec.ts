import { expect, test, type Page } from '@playwright/test'
import { STORYBOOK_URL } from './storybookServer'

// Screenshots of the modal's key states, compared with the baselines committed beside this spec
// (e2e/__screenshots__): a change to how the modal looks fails `npm test` until the baseline is updated on
// purpose (`npx playwright test e2e/visual.spec.ts --update-snapshots`, then look at the new PNGs).
// Each state is a story of the built Storybook driven to that state by its play function, so the mock,
// the email and the codes are the same on every run; the clock is fixed so countdowns read the same.

interface Shot {
  name: string
  story: string
  /** Widths in px: a desktop and a narrow phone (where the modal is a bottom sheet). */
  widths: readonly number[]
  dark?: boolean
  locale?: 'fr'
}

const BOTH = [1280, 360] as const
const SHOTS: readonly Shot[] = [
  { name: 'method-list', story: 'components-loginmodal--email-entry', widths: BOTH },
  { name: 'method-list', story: 'components-loginmodal--email-entry', widths: BOTH, dark: true },
  { name: 'method-list', story: 'components-loginmodal--email-entry', widths: BOTH, locale: 'fr' },
  { name: 'all-providers', story: 'components-loginmodal-social-sign-in--all-providers', widths: BOTH },
  { name: 'all-providers', story: 'components-loginmodal-social-sign-in--all-providers', widths: [360], dark: true },
  { name: 'code-entry', story: 'components-loginmodal--code-entry', widths: BOTH },
  { name: 'code-entry', story: 'components-loginmodal--code-entry', widths: [1280], dark: true },
  { name: 'wrong-code', story: 'components-loginmodal--wrong-code', widths: BOTH },
  { name: 'oauth-cancelled', story: 'components-loginmodal-social-sign-in--cancelled-at-provider', widths: [1280] },
  { name: 'phone-entry', story: 'components-loginmodal-phone--phone-entry', widths: BOTH },
  { name: 'passkey-name', story: 'components-loginmodal-passkeys--naming-the-passkey', widths: [360] },
  { name: 'signed-in', story: 'components-loginmodal--signed-in', widths: BOTH },
  { name: 'signed-in', story: 'components-loginmodal--signed-in', widths: [1280], dark: true },
]

async function playStory(page: Page, shot: Shot, width: number) {
  await page.setViewportSize({ width, height: width < 480 ? 740 : 800 })
  // Countdowns ("Expires in 10:00") and relative times read the same on every run.
  await page.clock.setFixedTime(new Date('2026-11-24T12:00:00Z'))
  const args = [shot.dark ? 'theme:dark' : undefined, shot.locale ? `locale:${shot.locale}` : undefined]
    .filter(Boolean)
    .join(';')
  await page.goto(`${STORYBOOK_URL}/iframe.html?id=${shot.story}&viewMode=story${args ? `&args=${args}` : ''}`)
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__
              ?.currentRender?.phase,
        ),
      { timeout: 15_000 },
    )
    .toBe('finished')
  await page.evaluate(() => document.fonts.ready)
}

for (const shot of SHOTS) {
  for (const width of shot.widths) {
    const file = [shot.name, shot.dark ? 'dark' : 'light', shot.locale, `${width}`].filter(Boolean).join('-')
    test(`looks as it did: ${file}`, async ({ page }) => {
      await playStory(page, shot, width)
      await expect(page).toHaveScreenshot(`${file}.png`, {
        animations: 'disabled',
        caret: 'hide',
        // Wallet addresses and keys are new on every run.
        mask: [page.locator('[data-visual-mask]')],
        maxDiffPixelRatio: 0.01,
      })
    })
  }
}
