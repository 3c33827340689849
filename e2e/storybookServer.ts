import { expect, type Page } from '@playwright/test'
/** The built Storybook (npm run build-storybook), served as files for e2e/storybook.spec.ts (playwright.config.ts). */
export const STORYBOOK_PORT = Number(process.env.E2E_STORYBOOK_PORT ?? 5197)
export const STORYBOOK_URL = `http://127.0.0.1:${STORYBOOK_PORT}`

/** Opens a story of the built Storybook and waits until its play function has finished. */
export async function openStory(page: Page, storyId: string): Promise<void> {
  await page.goto(`${STORYBOOK_URL}/iframe.html?id=${storyId}&viewMode=story`)
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
}
