// The fresh host apps scripts/test-consumers.ts makes (in E2E_HOSTS), served with the kit installed from
// its tarball and the mock mounted by the README's vite.config, for the `vite-template` and `react18-cjs`
// projects of playwright.config.ts.
import type { PlaywrightTestConfig } from '@playwright/test'

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>

const VITE_PORT = Number(process.env.CONSUMERS_VITE_PORT ?? 5311)
const REACT18_PORT = Number(process.env.CONSUMERS_REACT18_PORT ?? 5312)
const host = (port: number) => `http://localhost:${port}`
/** The default Vite template (React 19, "type": "module") on its dev server, as `npm run dev` starts it. */
export const VITE_TEMPLATE_URL = host(VITE_PORT)
/** React 18.2, "type": "commonjs", react-query's lower bound: its production build under `vite preview`. */
export const REACT18_URL = host(REACT18_PORT)

export function consumerServers(dir: string): WebServer[] {
  return [
    {
      command: `npx vite --host localhost --port ${VITE_PORT} --strictPort`,
      cwd: `${dir}/vite-template`,
      url: `${VITE_TEMPLATE_URL}/`,
      // Never another run's server: it would serve another tarball.
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx vite preview --config vite.config.mts --host localhost --port ${REACT18_PORT} --strictPort`,
      cwd: `${dir}/react18`,
      url: `${REACT18_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ]
}
