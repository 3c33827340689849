import { expect, type ConsoleMessage, type Page } from '@playwright/test'
/** The built Storybook (npm run build-storybook), served as files for e2e/stories.spec.ts (playwright.config.ts). */
export const STORYBOOK_PORT = Number(process.env.E2E_STORYBOOK_PORT ?? 5197)
export const STORYBOOK_URL = `http://127.0.0.1:${STORYBOOK_PORT}`

/**
 * Opens a story of the built Storybook, waits until its play function has finished, and fails on any
 * error the page printed: Storybook reports a play function that threw on the console (its render phase
 * passes through "errored" on to "finished", and the page shows the story as it stood), so without this
 * a story whose play failed would pass.
 *
 * On a page that already shows the built Storybook, the story replaces the one there as Storybook's own
 * manager switches stories (the previous one is unmounted; each story has its own mock and stores in
 * memory), rather than by loading the page again: parsing Storybook's preview was a second of each
 * story's three.
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

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: { id?: string; phase?: string }
    channel: { emit(event: string, payload: unknown): void }
  }
}

async function waitForPlay(page: Page, storyId: string): Promise<void> {
  const path = `iframe.html?id=${storyId}&viewMode=story`
  const ready = await page
    .evaluate(() => Boolean((window as PreviewWindow).__STORYBOOK_PREVIEW__?.channel))
    .catch(() => false)
  if (page.url().startsWith(`${STORYBOOK_URL}/iframe.html`) && ready) {
    await page.evaluate(
      ({ storyId, path }) => {
        // The address a story sees is its own (a redirect story reads and cleans it).
        history.replaceState(null, '', path)
        ;(window as PreviewWindow).__STORYBOOK_PREVIEW__?.channel.emit('setCurrentStory', {
          storyId,
          viewMode: 'story',
        })
      },
      { storyId, path },
    )
  } else {
    await page.goto(`${STORYBOOK_URL}/${path}`)
  }
  // A guard against a hang: a play that signs in takes seconds on a busy machine.
  await page
    .waitForFunction(
      (storyId) => {
        const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender
        return render?.id === storyId && render.phase === 'finished'
      },
      storyId,
      { timeout: 45_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      const render = await page.evaluate(() => (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender)
      throw new Error(
        `story ${storyId} did not finish playing (Storybook shows ${render?.id ?? 'nothing'}, ${render?.phase ?? 'no phase'})`,
        { cause: error },
      )
    })
}
