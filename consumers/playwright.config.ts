// The fresh host apps of scripts/test-consumers.ts, served with the kit installed from its tarball and
// the mock mounted by the README's vite.config: one project per app. Run by that script, which sets
// CONSUMERS_DIR to where it made the apps; not part of the main suite (its testDir is e2e/).
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium'

const dir = process.env.CONSUMERS_DIR
if (!dir)
  throw new Error('CONSUMERS_DIR is not set: run `npm run test:consumers`, which makes the apps this config serves')
const VITE_PORT = Number(process.env.CONSUMERS_VITE_PORT ?? 5311)
const REACT18_PORT = Number(process.env.CONSUMERS_REACT18_PORT ?? 5312)
const host = (port: number) => `http://localhost:${port}`

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/consumers',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The default Vite template (React 19, "type": "module") on its dev server, as `npm run dev` starts it.
    { name: 'vite-template', use: { baseURL: host(VITE_PORT) }, testMatch: 'loginButton.spec.ts' },
    // React 18.2, "type": "commonjs", react-query's lower bound: its production build under `vite preview`.
    {
      name: 'react18-cjs',
      use: { baseURL: host(REACT18_PORT) },
      testMatch: ['loginButton.spec.ts', 'customForm.spec.ts'],
    },
  ],
  webServer: [
    {
      command: `npx vite --host localhost --port ${VITE_PORT} --strictPort`,
      cwd: `${dir}/vite-template`,
      url: `${host(VITE_PORT)}/`,
      // Never another run's server: it would serve another tarball.
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx vite preview --config vite.config.mts --host localhost --port ${REACT18_PORT} --strictPort`,
      cwd: `${dir}/react18`,
      url: `${host(REACT18_PORT)}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
