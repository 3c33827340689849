// The Next.js example's end-to-end check, run by scripts/test-nextjs.ts (`npm run test:nextjs` at the
// repository's root), which builds the app, starts `next start` and the mock proxy, and passes their URLs.
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium'

const APP_URL = process.env.NEXTJS_APP_URL
if (!APP_URL)
  throw new Error('NEXTJS_APP_URL is not set: run this through `npm run test:nextjs` at the repository root')

export default defineConfig({
  testDir: 'e2e',
  // One worker: the two specs share a mock and a `next start`, and 2 cores.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
