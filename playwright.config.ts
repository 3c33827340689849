import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium'

const PORT = Number(process.env.E2E_PORT ?? 5199)

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two cores: the dev server and one browser per worker share them.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx vite --config playground/vite.config.ts --configLoader runner --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
