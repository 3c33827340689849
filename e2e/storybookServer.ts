import { expect, type ConsoleMessage, type Page } from '@playwright/test'
/** The built Storybook (npm run build-storybook), served as files for e2e/stories.spec.ts (playwright.config.ts). */
export const STORYBOOK_PORT = Number(process.env.E2E_STORYBOOK_PORT ?? 5197)
export const STORYBOOK_URL = `http://127.0.0.1:${STORYBOOK_PORT}`

/**
 * Opens a story of the built Storybook, waits until its play function has finished, and fails on any
 * error the page printed: Storybook reports a play function that threw on the console (its render phase
 * passes through "errored" on to "finished", and the page shows the story as it stood), so without this
 * a story whose play failed would pass.
 */
export async function openStory(page: Page, storyId: string): Promise<void> {
  const errors: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    // The browser asks for a favicon the built Storybook does not have.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text())
  }
  const onPageError = (error: Error) => errors.push(String(error))
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  try {
    await waitForPlay(page, storyId)
  } finally {
    page.off('console', onConsole)
    page.off('pageerror', onPageError)
  }
  expect(errors, `story ${storyId} printed errors`).toEqual([])
}

async function waitForPlay(page: Page, storyId: string): Promise<void> {
  await page.goto(`${STORYBOOK_URL}/iframe.html?id=${storyId}&viewMode=story`)
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__
              ?.currentRender?.phase,
        ),
      // A guard against a hang: a play that signs in takes seconds on a busy machine.
      { timeout: 45_000 },
    )
    .toBe('finished')
}
