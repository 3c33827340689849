import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium'
import { REACT18_URL, VITE_TEMPLATE_URL, consumerServers } from './e2e/consumerServers'
import { CSP_PORT, CSP_URL } from './e2e/cspServer'
import { DEV_PORT, DEV_URL } from './e2e/devServer'
import { NEXTJS_APP_URL, nextjsServers } from './e2e/nextjsServers'
import { STORYBOOK_PORT } from './e2e/storybookServer'
import { WAGMI_URL, wagmiServers } from './scripts/consumers/wagmiServer'

// One Playwright run for everything a browser proves, one Chromium per worker, in suites:
// - kit (the default): the playground's flows on its production build under a strict CSP, its dev server
//   once, every story of the built Storybook;
// - consumers: the fresh host apps scripts/test-consumers.ts made in E2E_HOSTS;
// - nextjs: the Next.js example scripts/test-nextjs.ts built.
// E2E_SUITES picks them (`kit,consumers,nextjs` in `npm test`); each suite's servers start only with it.

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>
type Project = NonNullable<PlaywrightTestConfig['projects']>[number]

const SUITES = new Set((process.env.E2E_SUITES ?? (process.env.E2E_HOSTS ? 'kit,consumers,nextjs' : 'kit')).split(','))
const HOSTS = process.env.E2E_HOSTS
if (SUITES.has('consumers') && !HOSTS)
  throw new Error('E2E_HOSTS is not set: run `npm run test:consumers`, which makes the apps the consumers suite serves')

const kitServers: WebServer[] = [
  {
    // The playground as `npm run dev` serves it (e2e/devServerSignIn.spec.ts).
    command: `npx vite --config playground/vite.config.ts --configLoader runner --host 127.0.0.1 --port ${DEV_PORT} --strictPort`,
    url: `${DEV_URL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  {
    // The playground's production build, under a strict CSP (the dev server's inline scripts and styles
    // would break it): what the kit suite's tests run on. A built page loads in a tenth of the time the
    // dev server's 244 module requests took, on every page of every test.
    command:
      'npx vite build --config playground/vite.csp.config.ts --configLoader runner --logLevel error && ' +
      `npx vite preview --config playground/vite.csp.config.ts --configLoader runner --host 127.0.0.1 --port ${CSP_PORT} --strictPort`,
    url: `${CSP_URL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  {
    // The static Storybook (`npm run build-storybook`; `npm test` builds it once, before this run).
    command: `node e2e/serveStatic.mjs storybook-static ${STORYBOOK_PORT}`,
    url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
]

const kitProjects: Project[] = [{ name: 'kit', testDir: 'e2e', fullyParallel: true, use: { baseURL: CSP_URL } }]
const consumerProjects: Project[] = [
  {
    name: 'vite-template',
    testDir: 'consumers/e2e',
    // On its dev server: Google through the mock's consent page, with the README's Playwright fixture.
    testMatch: ['loginButton.spec.ts', 'quickStartGoogle.spec.ts'],
    use: { baseURL: VITE_TEMPLATE_URL },
  },
  {
    name: 'react18-cjs',
    testDir: 'consumers/e2e',
    testMatch: ['loginButton.spec.ts', 'customForm.spec.ts', 'twoRoots.spec.ts', 'tailwind.spec.ts'],
    use: { baseURL: REACT18_URL },
  },
  {
    // App C: wagmi connects through the kit's login modal, signs and sends on a local node the spec starts.
    name: 'wagmi',
    testDir: 'consumers/e2e',
    testMatch: 'wagmi.spec.ts',
    use: { baseURL: WAGMI_URL },
  },
]
// The example's two tests share one mock and one `next start`: in order, in one worker.
const nextjsProjects: Project[] = [{ name: 'nextjs', testDir: 'examples/nextjs/e2e', use: { baseURL: NEXTJS_APP_URL } }]

export default defineConfig({
  // Two cores: the servers and one browser per worker share them. (A third worker, tried, took its time from
  // the unit tests running beside this run in `npm test`: the whole run was no shorter.)
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Guards against a hang, not a measure of speed: `npm test` also passes with the machine kept busy.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results/playwright',
  // The stories' screenshot baselines: one Chromium (Debian's) on one platform, so no platform suffix.
  snapshotPathTemplate: 'e2e/__screenshots__/{arg}{ext}',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    ...(SUITES.has('kit') ? kitProjects : []),
    ...(SUITES.has('consumers') ? consumerProjects : []),
    ...(SUITES.has('nextjs') ? nextjsProjects : []),
  ],
  webServer: [
    ...(SUITES.has('kit') ? kitServers : []),
    ...(SUITES.has('consumers') && HOSTS ? [...consumerServers(HOSTS), ...wagmiServers(HOSTS)] : []),
    ...(SUITES.has('nextjs') ? nextjsServers : []),
  ],
})
