import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium'
import { CSP_PORT } from './e2e/cspServer'
import { STORYBOOK_PORT } from './e2e/storybookServer'

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
  // e2e/visual.spec.ts's baselines: one Chromium (Debian's) on one platform, so no platform suffix.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `npx vite --config playground/vite.config.ts --configLoader runner --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The production build under a strict CSP (the dev server's inline scripts and styles would break it).
      command:
        'npx vite build --config playground/vite.csp.config.ts --configLoader runner --logLevel error && ' +
        `npx vite preview --config playground/vite.csp.config.ts --configLoader runner --host 127.0.0.1 --port ${CSP_PORT} --strictPort`,
      url: `http://127.0.0.1:${CSP_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The static Storybook `npm test` builds before this run (built here when missing).
      command: `[ -f storybook-static/index.json ] || npm run build-storybook; node e2e/serveStatic.mjs storybook-static ${STORYBOOK_PORT}`,
      url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
